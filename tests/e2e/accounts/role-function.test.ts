// A role-function change reaches a user of that role, in Chromium: the administrator takes a group away from the
// dispatcher role (调度员) on role_function and saves; the logged-in dispatcher's next menu load no longer shows it, and
// the server refuses that group's calls at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROLE } from '../../../server/seed/accounts';
import { translate } from '../../../domain/i18n';
import { call, login } from '../../helpers/api';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole, waitForToast } from '../../helpers/console';
import { startServer, type RunningServer } from '../../helpers/server';

const ROLE_FUNCTION = '/setting/privilege_account/role_function';
const TAKEN = translate('zh', 'menu.active_safety');
/** A call of the active-safety group: its report page. */
const ACTIVE_SAFETY_CALL = '/report/active_safety/exception_report/alarm_adas_can';

describe('role functions in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let dispatcher: { context: BrowserContext; page: Page };

  const onScreen = (page: Page) => page.locator('.view:not([hidden])');
  const topLevel = (page: Page) => page.locator('.sidebar > .sidebar__list > li > :is(a, button)').allTextContents();

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole() });
    browser = await launchBrowser();
    admin = await newUserPage(browser, server.url);
    dispatcher = await newUserPage(browser, server.url);
    await loginAs(admin.page, server.url, 'admin');
    await loginAs(dispatcher.page, server.url, 'operator');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('takes a group from the dispatcher role; the dispatcher\'s next menu load lacks it', async () => {
    // Logged in is not yet drawn: the sidebar's groups come with the menu load that follows the login.
    await expect.poll(() => topLevel(dispatcher.page)).toContain(TAKEN);

    const { page } = admin;
    await page.goto(`${server.url}${ROLE_FUNCTION}`);
    await page.getByRole('heading', { name: '角色功能' }).waitFor();
    await onScreen(page).getByRole('button', { name: /角色/ }).click();
    await page.getByRole('option', { name: ROLE.dispatcher }).click();
    const tree = page.getByRole('treegrid', { name: '功能' });
    await tree.waitFor();
    const group = tree.locator('[data-group="active_safety"]');
    expect(await group.getAttribute('data-state')).toBe('checked');
    // By keyboard: the row focused, Space unchecks the group and every route under it.
    await group.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => group.getAttribute('data-state')).toBe('unchecked');
    await onScreen(page).getByRole('button', { name: '保存' }).click();
    await waitForToast(page, '保存成功');

    const stored = await server.services.db
      .selectFrom('roleFunction')
      .innerJoin('role', 'role.id', 'roleFunction.roleId')
      .select('functionId')
      .where('role.roleName', '=', ROLE.dispatcher)
      .execute();
    expect(stored.map((row) => row.functionId)).not.toContain('active_safety');

    // The server judges the dispatcher by the new functions from the next request on.
    const { token } = await login(server.url, 'operator');
    expect((await call(server.url, 'GET', ACTIVE_SAFETY_CALL, { token })).resultCode).toBe(401);

    // The open console's next menu load (a reload) shows the menu without the group.
    await dispatcher.page.reload();
    await dispatcher.page.locator('.sidebar').waitFor();
    // The menu first, then its groups: an empty sidebar still loading would pass the "lacks" check alone.
    await expect.poll(() => topLevel(dispatcher.page)).toContain(translate('zh', 'menu.monitor'));
    expect(await topLevel(dispatcher.page)).not.toContain(TAKEN);
  });

  it('refuses to save nothing and says the item is required', async () => {
    const { page } = admin;
    const selectAll = onScreen(page).locator('.role-function__all');
    const personal = onScreen(page).locator('[data-group="personal"]');
    await selectAll.click();
    await expect.poll(() => personal.getAttribute('data-state')).toBe('checked');
    await selectAll.click();
    await expect.poll(() => personal.getAttribute('data-state')).toBe('unchecked');
    await onScreen(page).getByRole('button', { name: '保存' }).click();
    await onScreen(page).getByText('此项为必填项').waitFor();
  });
});
