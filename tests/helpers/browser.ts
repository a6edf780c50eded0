// Launches Debian's Chromium through playwright-core, with the flags this closed network needs; and one with real tabs.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browsers this test file launched and has not closed: what a failed test's report describes. */
const OPEN_BROWSERS = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  OPEN_BROWSERS.add(browser);
  browser.on('disconnected', () => OPEN_BROWSERS.delete(browser));
  // Every context this browser opens keeps a journal of its pages, for a failure's report.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', keepJournal);
    return context;
  };
  return browser;
}

/** How many of a page's last events a failure report shows. */
const JOURNAL_LENGTH = 20;
const JOURNALS = new WeakMap<Page, string[]>();

/**
 * Records what a page went through that its text no longer shows: its navigations, script errors, failed requests and
 * HTTP errors, each with the seconds since the page opened.
 */
function keepJournal(page: Page): void {
  const started = performance.now();
  const journal: string[] = [];
  JOURNALS.set(page, journal);
  const note = (line: string) => {
    journal.push(`${((performance.now() - started) / 1000).toFixed(1)} s ${line}`);
    if (journal.length > JOURNAL_LENGTH) journal.shift();
  };
  const pathOf = (url: string) => (url.startsWith('http') ? new URL(url).pathname : url);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${pathOf(frame.url())}`);
  });
  page.on('pageerror', (error) => note(`script error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text().slice(0, 200)}`);
  });
  page.on('requestfailed', (request) => note(`${request.method()} ${pathOf(request.url())} failed: ${request.failure()?.errorText ?? '?'}`));
  page.on('response', (response) => {
    if (response.status() >= 400) note(`${response.request().method()} ${pathOf(response.url())} answered ${response.status()}`);
    // A script answered with something else (an envelope, a page) fails to load without any HTTP error.
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() === 'script' && !type.includes('javascript')) note(`script ${pathOf(response.url())} answered as ${type || 'no type'}`);
  });
}

/** How much of a page's text a failure report shows: enough to tell a login page, an alert or an empty shell. */
const TEXT_SHOWN = 400;

/**
 * Where every open page of the launched browsers is and what it shows: written when an e2e test fails
 * (tests/helpers/e2e-failure-setup.ts), so a failure seen once on CI tells what the page had landed on.
 */
export async function describeOpenPages(): Promise<string> {
  const lines: string[] = [];
  for (const browser of OPEN_BROWSERS) {
    for (const [index, page] of browser.contexts().flatMap((context) => context.pages()).entries()) {
      const text = await page.locator('body').innerText({ timeout: 2_000 }).catch((error: unknown) => `(no text: ${String(error).split('\n')[0]})`);
      lines.push(`page ${index + 1}: ${page.url()}\n  ${text.replace(/\s+/g, ' ').slice(0, TEXT_SHOWN)}`);
      for (const event of JOURNALS.get(page) ?? []) lines.push(`  | ${event}`);
    }
  }
  return lines.join('\n');
}

/** How long Chromium may take to say where its DevTools endpoint listens. */
const ENDPOINT_TIMEOUT_MS = 15_000;

export interface TabbedBrowser {
  readonly browser: Browser;
  /** The browser's own default context: its pages are tabs of one window, only the one in front visible. */
  readonly context: BrowserContext;
  close(): Promise<void>;
}

function devtoolsEndpoint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools endpoint:\n${text}`)), ENDPOINT_TIMEOUT_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (!found?.[1]) return;
      clearTimeout(timer);
      resolve(found[1]);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${String(code)}) before its DevTools endpoint:\n${text}`));
    });
  });
}

/** Ends what is left of a process group (Chromium's helpers after the browser exits) and waits until it is gone. */
async function endGroup(pid: number | undefined): Promise<void> {
  if (pid === undefined) return;
  // Members that still run: a helper no one reaps stays a zombie in the group, writing nothing.
  const alive = () =>
    fs.readdirSync('/proc').some((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        // pid (comm) state ppid pgrp …: the fields after the command's closing parenthesis.
        const [state, , group] = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ').pop()?.split(' ') ?? [];
        return Number(group) === pid && state !== 'Z';
      } catch {
        return false;
      }
    });
  if (alive()) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  for (let waited = 0; alive() && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * Chromium whose background tabs are hidden, as a user's are. Playwright's own contexts turn focus emulation on for
 * every page, which Chromium serves by counting the page as captured, so a page behind another tab (or in a minimised
 * window) still reads `visible`. Started here and attached over CDP with `noDefaults`, the browser's default context
 * has no such override: `context.newPage()` opens a tab in front, `page.bringToFront()` switches back.
 */
export async function launchTabbedBrowser(): Promise<TabbedBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    ['--headless', ...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--window-size=1280,800', 'about:blank'],
    // A process group of its own: its helper processes (renderers, crash handler) end with it.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    }
    await endGroup(child.pid);
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      // A temporary profile left behind is not the test's failure.
      console.warn(`could not remove the Chromium profile ${profile}:`, error);
    }
  };
  try {
    const browser = await chromium.connectOverCDP(await devtoolsEndpoint(child), { noDefaults: true });
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    return {
      browser,
      context,
      async close() {
        await browser.close().catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
