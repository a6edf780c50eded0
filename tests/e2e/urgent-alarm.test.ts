// The urgent-alarm dialog in Chromium: a simulated type-201 alarm reaches the logged-in console, blinks, and closes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PublishedAlarm } from '../../server/live/hub';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { seedFleet, startSimulator, type Simulator } from '../../server/sim';
import { call, login } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

describe('the urgent-alarm dialog in Chromium', () => {
  let server: RunningServer;
  let simulator: Simulator;
  let browser: Browser;
  let user: { context: BrowserContext; page: Page };
  let admin: string;

  beforeAll(async () => {
    server = await startServer({
      staticDir: requireBuiltConsole(),
      prepare: async (services) => {
        await seedFleet(services.db, { seed: 7, trucks: 12, now: Date.now() });
      },
    });
    simulator = startSimulator(server.services, { seed: 7, timer: false });
    await simulator.ready;
    server.services.sim = simulator;
    admin = (await login(server.url, 'admin')).token;
    browser = await launchBrowser();
    user = await newUserPage(browser, server.url);
    await loginAs(user.page, server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    simulator?.stop();
    await server?.close();
  });

  it('opens on a simulated urgent alarm with its plate, blinks the icon, and closes', async () => {
    const { page } = user;
    await expect.poll(async () => (await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin })).data.sockets.alarm).toBe(1);
    const raised = await call<PublishedAlarm>(server.url, 'POST', '/sim/alarm', { token: admin, form: { type: 201 } });
    expect(raised.resultCode).toBe(200);
    const dialog = page.getByRole('dialog', { name: /紧急报警/ });
    await dialog.waitFor();
    expect(await dialog.getByRole('row').nth(1).textContent()).toContain(raised.data.alarm.signCode);
    const icon = page.getByTestId('urgent-icon');
    const first = await icon.getAttribute('data-lit');
    await expect.poll(() => icon.getAttribute('data-lit'), { timeout: 2000, interval: 50 }).not.toBe(first);
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
