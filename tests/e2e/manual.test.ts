// The manuals in Chromium: the user menu opens the manual as a page in a new tab, in the console's current language,
// with its screenshots loaded and nothing refused by the content policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startServer, type RunningServer } from '../helpers/server';

/** What the opened manual shows: its language, title, section count and how many images failed to load. */
async function readManual(page: Page) {
  await page.waitForLoadState('load');
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.querySelector('h1')?.textContent ?? '',
    sections: document.querySelectorAll('main > section').length,
    images: document.images.length,
    broken: [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
  }));
}

describe('the manual in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole() });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * Logs the user in (console in Chinese), optionally switches the language, opens the user menu and clicks `label`;
   * resolves with the new tab and any content-policy refusal the browser reported.
   */
  async function openManual(user: string, label: string, switchTo?: { readonly option: string; readonly toast: string }) {
    const { context, page } = await newUserPage(browser, server.url, 'zh');
    contexts.push(context);
    await loginAs(page, server.url, user);
    if (switchTo) {
      await page.locator('.topbar select').selectOption(switchTo.option);
      await page.locator('.toast__text', { hasText: switchTo.toast }).waitFor();
    }
    await page.getByRole('button', { name: `${user} ▾` }).click();
    // Listened on the context before the click, so a refusal while the new tab loads is heard too.
    const refused: string[] = [];
    context.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    const [manual] = await Promise.all([context.waitForEvent('page'), page.getByRole('menuitem', { name: label }).click()]);
    return { console: page, manual, refused };
  }

  it('opens the operation manual in English in a new tab after the user switched the console to English', async () => {
    const { console: consolePage, manual, refused } = await openManual('operator', 'Operation manual', { option: 'en', toast: 'Switch Language Success' });
    expect(new URL(manual.url()).pathname).toBe('/truckmanage/api/downloads/operation-manual.en.html');
    const shown = await readManual(manual);
    expect(shown).toMatchObject({ lang: 'en', title: 'Operation manual', broken: [] });
    expect(shown.sections).toBeGreaterThan(10);
    expect(shown.images).toBeGreaterThan(5);
    expect(refused).toEqual([]);
    // The console stays where it was, in its own tab.
    expect(new URL(consolePage.url()).pathname).toBe('/dashboard');
  });

  it('opens the water-truck manual in Chinese for the water-truck user, whose console is in Chinese', async () => {
    const { manual, refused } = await openManual('garden', '洒水车操作手册');
    expect(new URL(manual.url()).pathname).toBe('/truckmanage/api/downloads/water-truck-manual.zh.html');
    const shown = await readManual(manual);
    expect(shown).toMatchObject({ lang: 'zh', title: '洒水车操作手册', broken: [] });
    expect(shown.images).toBeGreaterThan(0);
    // The link at the top reads the same manual in the other language.
    await manual.getByRole('link', { name: 'English' }).click();
    await manual.waitForURL(/water-truck-manual\.en\.html$/);
    expect(await readManual(manual)).toMatchObject({ lang: 'en', title: 'Water-truck operation manual', broken: [] });
    expect(refused).toEqual([]);
  });
});
