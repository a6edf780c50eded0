// Watches a console page from inside without disturbing what it measures: long tasks and the moments live data shows are
// kept by scripts that run before the console, and read, like the login form is driven, over plain CDP. Playwright's
// locators would first inject their own script into the page, itself a main-thread task of some 50 ms.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export interface LongTask {
  readonly start: number;
  readonly duration: number;
}

/** A long animation frame with blocking time, and the scripts that ran in it. */
export interface LongFrame extends LongTask {
  readonly scripts: readonly { readonly file: string; readonly invoker: string; readonly ms: number }[];
}

/** A task longer than this is a long task (the Long Tasks API's own threshold). */
export const LONG_TASK_MS = 50;

/**
 * Runs in every document before the console: keeps each long task from the document's first moment on, and the time
 * (ms after navigation start) when the five badges first show counts of a non-empty fleet (`badgesAt`) and when the
 * dashboard first shows live data for `fleetSize` trucks (`liveAt`).
 */
function probeScript(fleetSize: number): string {
  return `
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    // What ran in them: the long animation frames' scripts (file, what invoked it, ms), for the report.
    window.longFrames = [];
    if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.blockingDuration <= 0) continue;
          window.longFrames.push({
            start: entry.startTime,
            duration: entry.duration,
            scripts: entry.scripts.map((s) => ({ file: (s.sourceURL || '').split('/').pop(), invoker: s.invokerType, ms: Math.round(s.duration) })),
          });
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
    }
    const badgesShown = () => {
      const counts = [...document.querySelectorAll('[data-slot="live-status"] .status-badge__count')].map((c) => c.textContent);
      return counts.length === 5 && counts.every((c) => /^\\d+$/.test(c)) && counts.some((c) => Number(c) > 0);
    };
    const liveShown = () => Number(document.querySelector('[data-testid="live-trucks"]')?.textContent) >= ${fleetSize};
    const watch = new MutationObserver(() => {
      if (window.badgesAt === undefined && badgesShown()) window.badgesAt = performance.now();
      if (window.liveAt === undefined && liveShown()) window.liveAt = performance.now();
      if (window.badgesAt !== undefined && window.liveAt !== undefined) watch.disconnect();
    });
    watch.observe(document, { childList: true, subtree: true, characterData: true });
  `;
}

export async function installProbe(context: BrowserContext, fleetSize: number): Promise<void> {
  await context.addInitScript({ content: probeScript(fleetSize) });
}

async function evaluate<T>(cdp: CDPSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
  if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
  return result.value as T;
}

/** Polls `expression` in the page until it is neither undefined nor null. */
async function poll<T>(cdp: CDPSession, expression: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await evaluate<T | null | undefined>(cdp, expression);
    if (value !== undefined && value !== null) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${expression} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Probe {
  /** Fills the login form with the keyboard (the user name field has the focus) and sends it. */
  login(userName: string, password: string): Promise<void>;
  /** When live data for the whole fleet first showed, in ms after navigation start. */
  liveAt(timeoutMs: number): Promise<number>;
  /** When the badges first showed counts, in ms after navigation start. */
  badgesAt(timeoutMs: number): Promise<number>;
  longTasks(): Promise<LongTask[]>;
  longFrames(): Promise<LongFrame[]>;
  detach(): Promise<void>;
}

export async function probe(page: Page): Promise<Probe> {
  const cdp = await page.context().newCDPSession(page);
  return {
    async login(userName, password) {
      const code = await poll<string>(cdp, `document.querySelector('.login__captcha img')?.alt.slice(-4)`, 30_000);
      await poll<boolean>(cdp, `document.activeElement?.name === 'username' || undefined`, 30_000);
      await page.keyboard.type(userName);
      await page.keyboard.press('Tab');
      await page.keyboard.type(password);
      await page.keyboard.press('Tab');
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
    },
    liveAt: (timeoutMs) => poll<number>(cdp, 'window.liveAt', timeoutMs),
    badgesAt: (timeoutMs) => poll<number>(cdp, 'window.badgesAt', timeoutMs),
    longTasks: () => evaluate<LongTask[]>(cdp, 'window.longTasks'),
    longFrames: () => evaluate<LongFrame[]>(cdp, 'window.longFrames'),
    detach: () => cdp.detach(),
  };
}
