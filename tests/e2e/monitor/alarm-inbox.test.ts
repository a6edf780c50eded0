// The alarm inbox in Chromium over the seeded fleet, as two dispatchers of one company in two browser contexts: the
// first sees the open alarms, acknowledges two and sees their state change, resolves one with a note and reads it in
// the detail's history; the second sees each change without reloading and, acknowledging from the keyboard, is told
// who acknowledged the alarm first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../helpers/browser';
import { demoPassword, loginAs, newUserPage, requireBuiltConsole, waitForToast } from '../../helpers/console';
import { seededFleetDatabase } from '../../helpers/seeded-fleet';
import { startServer, type RunningServer } from '../../helpers/server';
import { FLEET } from '../reports/report-fixture';

const PATH = '/monitor/alarm_inbox';
/** A second dispatcher of the operator's company (C002), added to the seeded accounts with the operator's password. */
const COLLEAGUE = 'operator2';
/** How long a change may take to reach the other console: the goal is 2 s; a busy machine gets room. */
const LIVE_TIMEOUT_MS = 10_000;
const NOTE = '司机已确认阀门关闭，现场无泄漏';

describe('the alarm inbox in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let first: Page;
  let second: Page;
  /** The seqs of the first two rows both consoles list. */
  let seqs: readonly [string, string];

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), database: await seededFleetDatabase(FLEET) });
    const { db } = server.services;
    const operator = await db.selectFrom('appUser').selectAll().where('userName', '=', 'operator').executeTakeFirstOrThrow();
    const { id } = await db.insertInto('appUser')
      .values({ ...operator, id: undefined, userName: COLLEAGUE, realName: '王调度' })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('userCompany').values({ userId: id, companyCode: operator.companyCode }).execute();
    browser = await launchBrowser();
    ({ page: first } = await newUserPage(browser, server.url));
    ({ page: second } = await newUserPage(browser, server.url));
    await loginAs(first, server.url, 'operator');
    await loginAs(second, server.url, COLLEAGUE, demoPassword('operator'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const inbox = (page: Page) => page.locator(`[data-screen="${PATH}"]`);
  const row = (page: Page, seq: string) => inbox(page).locator(`.ag-row[row-id="${seq}"]`);
  const stateOf = (page: Page, seq: string) => row(page, seq).locator('[col-id="state"]').textContent();
  const select = (page: Page, seq: string) => row(page, seq).locator('input[type="checkbox"]').check();
  const action = (page: Page, name: string) => inbox(page).getByRole('toolbar').getByRole('button', { name, exact: true });

  it('lists the company open alarms, newest first, in both consoles', async () => {
    await Promise.all([first.goto(`${server.url}${PATH}`), second.goto(`${server.url}${PATH}`)]);
    for (const page of [first, second]) await inbox(page).locator('.ag-row[row-index="1"]').first().waitFor();
    // A row is drawn twice (the pinned checkbox and plate, the rest): one seq per index.
    const drawn = await inbox(first).locator('.ag-row[row-id]').evaluateAll((rows) =>
      rows.map((element): [number, string] => [Number(element.getAttribute('row-index')), element.getAttribute('row-id') ?? '']),
    );
    const ordered = [...new Map(drawn.sort(([a], [b]) => a - b)).values()];
    expect(ordered.length).toBeGreaterThan(2);
    seqs = [ordered[0] ?? '', ordered[1] ?? ''];
    const open = await server.services.db.selectFrom('alarm').select('seq').where('companyCode', '=', 'C002').where('state', 'in', [0, 1])
      .orderBy('startTime', 'desc').orderBy('seq', 'desc').limit(2).execute();
    expect(seqs).toEqual(open.map((alarm) => String(alarm.seq)));
    expect(await inbox(first).getByTestId('inbox-total').textContent()).toMatch(/^共 \d+ 条报警$/);
    for (const seq of seqs) expect(await stateOf(first, seq)).toMatch(/^(未处理|已确认)$/);
  });

  it('acknowledges two selected alarms, and the other console sees it without reloading', async () => {
    await select(first, seqs[0]);
    await select(first, seqs[1]);
    await action(first, '确认').click();
    await waitForToast(first, '已确认');
    for (const seq of seqs) await expect.poll(() => stateOf(first, seq)).toBe('已确认');
    for (const seq of seqs) await expect.poll(() => stateOf(second, seq), { timeout: LIVE_TIMEOUT_MS }).toBe('已确认');
    expect(await row(second, seqs[0]).locator('[col-id="lastChange"]').textContent()).toMatch(/^operator · /);
  });

  it('tells the second operator, acknowledging from the keyboard, who acknowledged the alarm first', async () => {
    // Focus on the row (its detail opens), Space selects it, A acknowledges the selection.
    await row(second, seqs[1]).locator('[col-id="type"]').click();
    await expect.poll(() => inbox(second).getByTestId('inbox-detail').getAttribute('data-seq')).toBe(seqs[1]);
    await second.keyboard.press('Space');
    await expect.poll(() => inbox(second).getByTestId('inbox-total').textContent()).toMatch(/已选 1 条$/);
    await second.keyboard.press('a');
    await waitForToast(second, '没有报警被更改');
    const plate = await row(second, seqs[1]).locator('[col-id="plate"]').textContent();
    await second.locator('.toast__text', { hasText: `${plate} 已由 operator 于` }).first().waitFor();
  });

  it('resolves one alarm with a note, shown in its detail history, and it leaves both open lists', async () => {
    await row(first, seqs[0]).locator('[col-id="type"]').click();
    const detail = inbox(first).getByTestId('inbox-detail');
    await expect.poll(() => detail.getAttribute('data-seq')).toBe(seqs[0]);
    await select(first, seqs[0]);
    await action(first, '解决…').click();
    const dialog = first.getByRole('dialog', { name: '解决报警' });
    await dialog.getByRole('button', { name: '解决', exact: true }).click();
    expect(await dialog.locator('.dialog__error').textContent()).toBe('请填写处理说明');
    await dialog.getByRole('textbox', { name: '处理说明' }).fill(NOTE);
    await dialog.getByRole('button', { name: '解决', exact: true }).click();
    await waitForToast(first, '已解决 1 条报警');
    await expect.poll(() => detail.getByTestId('inbox-detail-state').textContent()).toBe('已解决');
    const history = detail.getByTestId('inbox-history').locator('li');
    await expect.poll(() => history.allTextContents()).toEqual([
      expect.stringMatching(/^已确认operator/),
      expect.stringMatching(new RegExp(`^已解决operator.*${NOTE}`)),
    ]);
    await expect.poll(() => row(first, seqs[0]).count()).toBe(0);
    await expect.poll(() => row(second, seqs[0]).count(), { timeout: LIVE_TIMEOUT_MS }).toBe(0);
  });
});
