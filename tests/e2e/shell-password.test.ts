// Changing the password in Chromium: each message of spec §5, the failure text, success and the logout 0.8 s after; and
// against the legacy contract, which has no blur check, the old password judged with the change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { armFault, clearFaults, fillLogin, loginAs, newUserPage, requireBuiltConsole, toastTexts, waitForToast } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

/** The password dialog's fields, their error texts and its submit button, on the page a suite has opened by now. */
function passwordDialog(page: () => Page) {
  const field = (name: string) => page().locator(`.dialog input[name="${name}"]`);
  return {
    field,
    async errorOf(name: string) {
      const id = await field(name).getAttribute('aria-describedby');
      return id ? page().locator(`[id="${id}"]`).textContent() : '';
    },
    submit: () => page().locator('.dialog button[type="submit"]').click(),
  };
}

describe('password change in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), faults: true });
    browser = await launchBrowser();
    ({ context, page } = await newUserPage(browser, server.url));
    await loginAs(page, server.url, 'operator');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const { field, errorOf, submit } = passwordDialog(() => page);

  it('opens from the user menu with the user name read-only', async () => {
    await page.getByRole('button', { name: 'operator ▾' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await page.getByRole('dialog').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await field('userName').inputValue()).toBe('operator');
    expect(await field('userName').getAttribute('readonly')).not.toBeNull();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('oldPwd');
  });

  it('names each missing field: old password, inPutPwd, againInputPwd', async () => {
    await submit();
    expect(await errorOf('oldPwd')).toBe('请输入原密码');
    expect(await errorOf('pwd')).toBe('请输入新密码');
    expect(await errorOf('confrimPwd')).toBe('请再次输入新密码');
  });

  it('checks the old password with the server when it loses focus: oldPwdError', async () => {
    await field('oldPwd').fill('not-my-password');
    await field('pwd').focus();
    await page.locator('.dialog__error', { hasText: '原密码错误' }).waitFor();
    expect(await field('oldPwd').getAttribute('aria-invalid')).toBe('true');
    await field('oldPwd').fill('operator123');
    const checked = page.waitForResponse((response) => response.url().endsWith('/verifyPwd'));
    await field('pwd').focus();
    await checked;
    expect(await errorOf('oldPwd')).toBe('');
  });

  it('asks for six characters and the same confirmation: pwdDifference', async () => {
    await field('pwd').fill('abc12');
    await field('confrimPwd').fill('abc123');
    await submit();
    expect(await errorOf('pwd')).toBe('密码长度不能少于6位');
    expect(await errorOf('confrimPwd')).toBe('两次输入的密码不一致');
  });

  it('says 密码修改失败 when the server refuses the change, and stays logged in', async () => {
    await armFault(server.url, { path: '/truckmanage/api/userInfoPwd', resultCode: 500, message: 'refused' });
    await field('pwd').fill('newpass1');
    await field('confrimPwd').fill('newpass1');
    await submit();
    await waitForToast(page, '密码修改失败');
    expect(await page.locator('.alert').count()).toBe(0);
    await page.getByRole('dialog').waitFor({ state: 'visible', timeout: 10_000 });
    await clearFaults(server.url);
  });

  it('says 密码修改成功 and logs out about 0.8 s later; the new password then logs in, the old one not', async () => {
    await field('oldPwd').fill('operator123');
    await field('pwd').fill('newpass1');
    await field('confrimPwd').fill('newpass1');
    // Both ends of the 0.8 s are read from the page's clock (Node may see either late): the toast, then the login page.
    // The watcher goes into this document and into any the logout loads, as epoch times comparable across both.
    const seen = new Map<string, number>();
    await page.exposeFunction('reportSeen', (what: string, at: number) => void (seen.has(what) || seen.set(what, at)));
    const watch = () => {
      const reportSeen = (window as unknown as { reportSeen: (what: string, at: number) => void }).reportSeen;
      const reported = new Set<string>();
      const report = (what: string, at: number) => {
        if (reported.has(what)) return;
        reported.add(what);
        reportSeen(what, at);
      };
      const check = () => {
        const at = performance.timeOrigin + performance.now();
        if ([...document.querySelectorAll('.toast__text')].some((toast) => toast.textContent?.includes('密码修改成功'))) report('toast', at);
        if (location.pathname.endsWith('/login') && document.querySelector('form')) report('login', at);
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    };
    await page.addInitScript(watch);
    await page.evaluate(watch);
    const sent = page.waitForRequest((request) => request.url().endsWith('/userInfoPwd'));
    await submit();
    const body = new URLSearchParams((await sent).postData() ?? '');
    expect(body.get('pwd')).toMatch(/^[0-9a-f]{32}$/);
    expect(body.get('oldPwd')).toMatch(/^[0-9a-f]{32}$/);
    await page.waitForURL(/\/login$/);
    await expect.poll(() => seen.size).toBe(2);
    expect((seen.get('login') ?? 0) - (seen.get('toast') ?? 0)).toBeGreaterThanOrEqual(750);
    await fillLogin(page, 'operator', 'operator123');
    await page.locator('.login__error', { hasText: '用户名或密码错误' }).waitFor();
    await loginAs(page, server.url, 'operator', 'newpass1');
    await context.close();
  });
});

describe('password change in Chromium against the legacy contract (no POST /verifyPwd)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), contract: 'legacy' });
    browser = await launchBrowser();
    ({ page } = await newUserPage(browser, server.url));
    await loginAs(page, server.url, 'operator');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const { field, errorOf } = passwordDialog(() => page);

  it('lets a wrong old password through the blur, then shows the server’s refusal of the change on that field', async () => {
    await page.getByRole('button', { name: 'operator ▾' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await field('oldPwd').fill('not-my-password');
    const checked = page.waitForResponse((response) => response.url().endsWith('/verifyPwd'));
    await field('pwd').focus();
    expect(await (await checked).json()).toMatchObject({ resultCode: 404 });
    await field('pwd').fill('newpass1');
    await field('confrimPwd').fill('newpass1');
    expect(await errorOf('oldPwd')).toBe('');
    const refused = page.waitForResponse((response) => response.url().endsWith('/userInfoPwd'));
    await page.locator('.dialog button[type="submit"]').click();
    expect(await (await refused).json()).toMatchObject({ resultCode: 400 });
    await page.locator('.dialog__error', { hasText: '原密码错误' }).waitFor();
    expect(await field('oldPwd').getAttribute('aria-invalid')).toBe('true');
    expect(await toastTexts(page)).toEqual([]);
  });

  it('changes the password with the right old password and logs out; the new password then logs in', async () => {
    await field('oldPwd').fill('operator123');
    await page.locator('.dialog button[type="submit"]').click();
    await waitForToast(page, '密码修改成功');
    await page.waitForURL(/\/login$/);
    await loginAs(page, server.url, 'operator', 'newpass1');
  });
});
