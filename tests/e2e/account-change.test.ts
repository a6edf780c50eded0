// An operator's console in Chromium while an administrator changes the account: a granted company's trucks appear
// and a removed one's go (the tabs reload their privileges on 4205), and disabling the user logs the console out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { announceAccountChange } from '../../server/auth/account-change';
import { seedFleet } from '../../server/sim';
import { BADGE_ORDER, countByStatus } from '../../domain/truck-status';
import type { TruckStatusRow } from '../../domain/wire/truck-row';
import { call, login } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

const badgeCounts = (page: Page) => page.locator('[data-slot="live-status"] .status-badge__count').allTextContents();

describe('account changes reach an open console', () => {
  let server: RunningServer;
  let browser: Browser;
  let operator: { context: BrowserContext; page: Page };
  let operatorId = 0;
  let adminToken = '';

  /** The badge counts the trucks of these companies make, from the server's own status rows. */
  async function countsOf(companies: readonly string[]): Promise<string[]> {
    const rows = await call<TruckStatusRow[]>(server.url, 'POST', '/truckatgsub/rest/truckData/getTruckBarData', {
      token: adminToken, json: { userPri: companies.map((key) => ({ key })) },
    });
    const counts = countByStatus(rows.data);
    return BADGE_ORDER.map((code) => String(counts[code]));
  }

  async function setCompanies(companies: readonly string[]): Promise<void> {
    const { db } = server.services;
    await db.deleteFrom('userCompany').where('userId', '=', operatorId).execute();
    await db.insertInto('userCompany').values(companies.map((companyCode) => ({ userId: operatorId, companyCode }))).execute();
    await announceAccountChange(db, server.services.hub, { userIds: [operatorId] });
  }

  beforeAll(async () => {
    server = await startServer({
      staticDir: requireBuiltConsole(),
      prepare: async (services) => {
        await seedFleet(services.db, { seed: 5, trucks: 30, now: Date.now() });
      },
    });
    adminToken = (await login(server.url, 'admin')).token;
    operatorId = (await server.services.db.selectFrom('appUser').select('id').where('userName', '=', 'operator').executeTakeFirstOrThrow()).id;
    browser = await launchBrowser();
    operator = await newUserPage(browser, server.url);
    await loginAs(operator.page, server.url, 'operator');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows a newly granted company\'s trucks without a new login', async () => {
    const before = await countsOf(['C002']);
    const after = await countsOf(['C002', 'C003']);
    expect(after).not.toEqual(before);
    await expect.poll(() => badgeCounts(operator.page), { timeout: 15_000 }).toEqual(before);
    await setCompanies(['C002', 'C003']);
    await expect.poll(() => badgeCounts(operator.page), { timeout: 20_000 }).toEqual(after);
  });

  it('drops a removed company\'s trucks', async () => {
    await setCompanies(['C003']);
    await expect.poll(() => badgeCounts(operator.page), { timeout: 20_000 }).toEqual(await countsOf(['C003']));
  });

  it('logs the console out at once when the user is disabled', async () => {
    await server.services.db.updateTable('appUser').set({ status: 0 }).where('id', '=', operatorId).execute();
    await setCompanies(['C003']);
    await operator.page.waitForURL(/\/login$/, { timeout: 10_000 });
  });
});
