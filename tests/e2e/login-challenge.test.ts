// The server's login challenge in real Chromium: after 3 wrong passwords its picture replaces the drawn code and its
// answer, typed from the keyboard, logs in; against the legacy contract the drawn code stays, as the spec has it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MAX_CHALLENGES_PER_MINUTE } from '../../server/auth/login-challenge';
import { CHALLENGE_ANSWERS_PATH } from '../../server/test-faults';
import { API } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { fillLogin, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

/** Submits the form through fillLogin and waits for the server's answer to that login: its resultCode. */
async function loginAnswered(page: Page, username: string, password: string): Promise<number> {
  const answered = page.waitForResponse((response) => response.url().endsWith(`${API}/login`));
  await fillLogin(page, username, password);
  return ((await (await answered).json()) as { resultCode: number }).resultCode;
}

describe('the server\'s login challenge in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), faults: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('after 3 wrong passwords shows the server\'s picture in place of the drawn code, and its answer logs in', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await page.goto(`${server.url}/login`);
    for (let i = 0; i < 3; i++) expect(await loginAnswered(page, 'operator', `wrong-${i}`)).toBe(400);
    // The fourth login, right password and right drawn code: the server asks for its own challenge instead.
    expect(await loginAnswered(page, 'operator', 'operator123')).toBe(428);
    await page.locator('.login__error', { hasText: '请输入图中的验证码' }).waitFor();
    const picture = page.getByRole('img', { name: '验证码图片', exact: true });
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // No drawn code with its answer in the alt text any more; the code field is empty and has the focus.
    expect(await page.getByRole('img').count()).toBe(1);
    const code = page.locator('input[name="code"]');
    await expect.poll(() => code.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await code.inputValue()).toBe('');

    const answers = (await (await fetch(`${server.url}${CHALLENGE_ANSWERS_PATH}`)).json()) as { id: string; answer: string }[];
    const shown = answers.at(-1)?.answer ?? expect.unreachable('the page fetched a challenge');
    await page.keyboard.type(shown.toLowerCase());
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard$/);
    await expect(page.locator('.dashboard h1').textContent()).resolves.toBe('运营总览');
    // The user's own details are in the user menu.
    await page.getByRole('button', { name: 'operator ▾' }).click();
    await expect(page.locator('.usermenu__account dd').first().textContent()).resolves.toBe('李调度');
    await context.close();
  });
});

describe('the server\'s refusal to draw more pictures in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), faults: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it(`shows the server's words when one address asks for more than ${MAX_CHALLENGES_PER_MINUTE} pictures in a minute`, async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await page.goto(`${server.url}/login`);
    for (let i = 0; i < 3; i++) expect(await loginAnswered(page, 'operator', `wrong-${i}`)).toBe(400);
    const pictures: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(`${API}/captcha`)) void response.json().then((body: { resultCode: number }) => pictures.push(body.resultCode));
    });
    expect(await loginAnswered(page, 'operator', 'operator123')).toBe(428);
    const button = page.locator('.login__captcha');
    // Another picture, and another, as a user who cannot read them would ask, each once the last one is shown.
    for (let drawn = 1; drawn <= MAX_CHALLENGES_PER_MINUTE; drawn++) {
      await expect.poll(() => pictures.length, { timeout: 15_000 }).toBe(drawn);
      await page.locator('.login__captcha[aria-busy="false"]').waitFor();
      await button.click();
    }
    await expect.poll(() => pictures, { timeout: 15_000 }).toEqual([...Array<number>(MAX_CHALLENGES_PER_MINUTE).fill(200), 429]);
    await page.locator('.login__error', { hasText: '验证码请求过于频繁，请1分钟后再试' }).waitFor();
    expect(await button.textContent()).toBe('加载失败，点击重试');
    await context.close();
  });
});

describe('the drawn code against the legacy contract in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), contract: 'legacy' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('keeps asking for the drawn code only, and the right password logs in after 3 wrong ones', async () => {
    const { context, page } = await newUserPage(browser, server.url);
    await page.goto(`${server.url}/login`);
    for (let i = 0; i < 3; i++) expect(await loginAnswered(page, 'operator', `wrong-${i}`)).toBe(400);
    expect(await page.locator('.login__captcha img').getAttribute('alt')).toMatch(/^验证码图片：[A-Za-z0-9]{4}$/);
    await fillLogin(page, 'operator', 'operator123');
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });
});
