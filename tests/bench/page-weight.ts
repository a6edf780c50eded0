// Measures the JavaScript a page really loads in Chromium: every script it requests, fetched again and gzipped.
import zlib from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { loginAs } from '../helpers/console';
import { launchBrowser } from '../helpers/browser';
import { startServer } from '../helpers/server';
import type { BundleSize } from './bundle-size';

/** How long no new script may arrive before a page counts as loaded. */
const QUIET_MS = 500;

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js');

/**
 * Loads `url` in `page` and sums the scripts it requested until the network went quiet. The bytes are fetched
 * again from the server, because a revisit may be answered 304 without a body.
 */
async function scriptsOf(page: Page, url: string, ready: string): Promise<BundleSize> {
  const urls = new Set<string>();
  const onResponse = (response: Response) => {
    if (isScript(response) && response.status() < 400) urls.add(response.url());
  };
  page.on('response', onResponse);
  // Not `networkidle`: the live SharedWorker's script request finishes in the worker's target, so the page would
  // never look idle. Instead: loaded, ready, and no new script for QUIET_MS (lazy chunks included).
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(ready).waitFor();
  let seen = -1;
  while (seen !== urls.size) {
    seen = urls.size;
    await page.waitForTimeout(QUIET_MS);
  }
  page.off('response', onResponse);
  const bodies = await Promise.all([...urls].map(async (scriptUrl) => Buffer.from(await (await fetch(scriptUrl)).arrayBuffer())));
  return {
    files: [...urls].map((scriptUrl) => new URL(scriptUrl).pathname),
    rawBytes: bodies.reduce((sum, body) => sum + body.length, 0),
    gzipBytes: bodies.reduce((sum, body) => sum + zlib.gzipSync(body, { level: 9 }).length, 0),
  };
}

/** /login for a visitor, and /dashboard loaded afresh by a logged-in user (the session lives in the tab). */
export async function measurePages(distDir: string): Promise<{ login: BundleSize; dashboard: BundleSize }> {
  const server = await startServer({ staticDir: distDir });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const login = await scriptsOf(page, `${server.url}/login`, '.login__form');
    await loginAs(page, server.url, 'admin');
    const dashboard = await scriptsOf(page, `${server.url}/dashboard`, '.dashboard');
    return { login, dashboard };
  } finally {
    await browser.close();
    await server.close();
  }
}
