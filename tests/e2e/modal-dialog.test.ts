// The console's one modal dialog in Chromium: in a window too short for it the title and buttons stay in view while
// the fields scroll, Tab and Shift+Tab stay inside, Escape closes; and after a task of two dialogs (a remote command's
// template pick, then its send) focus goes back to the button that started it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { seedFleet } from '../../server/sim';
import { call, login } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

const REMOTE = '/setting/alarm_threshold/remote';
const SHORT = { width: 1280, height: 260 } as const;

describe('the modal dialog in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    server = await startServer({
      staticDir: requireBuiltConsole(),
      prepare: async (services) => void (await seedFleet(services.db, { seed: 3, trucks: 2 })),
    });
    token = (await login(server.url, 'admin')).token;
    browser = await launchBrowser();
    page = (await newUserPage(browser, server.url)).page;
    await loginAs(page, server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const focusInside = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

  it('fits a short window with its title and buttons in view and its fields scrolling; Tab stays inside; Escape closes', async () => {
    await page.setViewportSize(SHORT);
    await page.getByRole('button', { name: 'admin ▾' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.waitFor();

    const inView = async (locator: Locator) => {
      const box = (await locator.boundingBox()) ?? expect.unreachable('not rendered');
      return box.y >= 0 && box.y + box.height <= SHORT.height && box.x >= 0 && box.x + box.width <= SHORT.width;
    };
    expect(await inView(dialog)).toBe(true);
    expect(await inView(dialog.getByRole('heading', { name: '修改密码' }))).toBe(true);
    expect(await inView(dialog.getByRole('button', { name: '取消' }))).toBe(true);
    expect(await inView(dialog.getByRole('button', { name: '确定' }))).toBe(true);
    expect(await dialog.locator('.dialog__body').evaluate((body) => body.scrollHeight > body.clientHeight)).toBe(true);

    // Five controls (three password fields, two buttons; the user name is read-only but focusable): twice round.
    await expect.poll(() => focusInside(dialog)).toBe(true);
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let press = 0; press < 12; press += 1) {
        await page.keyboard.press(key);
        expect(await focusInside(dialog)).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it("gives focus back to 发送命令 once the send dialog that followed the template's pick closes", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const truck = await server.services.db.selectFrom('truck').select(['companyCode']).orderBy('id').executeTakeFirstOrThrow();
    const created = await call(server.url, 'POST', '/entity/setting/alarm_threshold/remote_template', {
      token, form: { name: '读取版本', command: 'readVersions', argument: '', description: '', companyCode: truck.companyCode },
    });
    expect(created.resultCode).toBe(200);

    await page.goto(`${server.url}${REMOTE}`);
    const opener = page.locator('.view:not([hidden])').getByRole('button', { name: '发送命令' });
    await opener.click();
    const pick = page.getByRole('dialog', { name: '选择命令模板' });
    await pick.getByRole('button', { name: /命令模板/ }).click();
    await page.getByRole('option', { name: /^读取版本/ }).click();
    await pick.getByRole('button', { name: '下一步' }).click();
    const send = page.getByRole('dialog', { name: /^下发/ });
    await send.waitFor();
    await pick.waitFor({ state: 'detached' });
    await expect.poll(() => focusInside(send)).toBe(true);

    await send.getByRole('button', { name: '取消' }).click();
    await send.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});
