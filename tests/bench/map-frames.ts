// What the map benchmark reads inside a page, over plain CDP (no Playwright script injected into the page, itself a
// main-thread task): when the live map first drew markers and when it held the whole fleet, and the intervals between
// animation frames while the benchmark drives the map.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * Runs in every document before the console: the time (ms after navigation start) when the visible map's container
 * first counts a drawn truck or cluster (`markersAt`), and when its summary first counts `fleetSize` trucks (`fleetAt`).
 */
function mapProbeScript(fleetSize: number): string {
  return `
    const shownMap = () => document.querySelector('.view:not([hidden]) .track-map__map') ?? document.querySelector('.track-map__map');
    const watchMap = new MutationObserver(() => {
      const map = shownMap();
      if (!map) return;
      if (window.markersAt === undefined && Number(map.dataset.trucks) + Number(map.dataset.clusters) > 0) window.markersAt = performance.now();
      const summary = map.closest('.track-map')?.querySelector('.track-map__summary')?.textContent ?? '';
      if (window.fleetAt === undefined && Number((summary.match(/\\d+/) ?? ['0'])[0]) >= ${fleetSize}) window.fleetAt = performance.now();
      if (window.markersAt !== undefined && window.fleetAt !== undefined) watchMap.disconnect();
    });
    watchMap.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-trucks', 'data-clusters'] });
  `;
}

export async function installMapProbe(context: BrowserContext, fleetSize: number): Promise<void> {
  await context.addInitScript({ content: mapProbeScript(fleetSize) });
}

export interface MapPage {
  readonly cdp: CDPSession;
  evaluate<T>(expression: string): Promise<T>;
  /** Polls `expression` until it is neither undefined nor null. */
  poll<T>(expression: string, timeoutMs: number): Promise<T>;
  /** Starts recording animation frame intervals (ms). */
  startFrames(): Promise<void>;
  /** Stops recording and answers the intervals since `startFrames`. */
  stopFrames(): Promise<number[]>;
  /** The visible map's box in the viewport. */
  mapBox(): Promise<{ x: number; y: number; width: number; height: number }>;
}

export async function mapPage(page: Page): Promise<MapPage> {
  const cdp = await page.context().newCDPSession(page);
  const evaluate = async <T>(expression: string): Promise<T> => {
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
    return result.value as T;
  };
  return {
    cdp,
    evaluate,
    async poll<T>(expression: string, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await evaluate<T | null | undefined>(expression);
        if (value !== undefined && value !== null) return value;
        if (Date.now() > deadline) throw new Error(`gave up waiting for ${expression} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    startFrames: () => evaluate(`(() => {
      window.frameGaps = []; window.framesOn = true;
      let last;
      const step = (now) => { if (last !== undefined) window.frameGaps.push(now - last); last = now; if (window.framesOn) requestAnimationFrame(step); };
      requestAnimationFrame(step);
    })()`),
    stopFrames: () => evaluate<number[]>('(() => { window.framesOn = false; return window.frameGaps; })()'),
    mapBox: () => evaluate(`(() => { const r = document.querySelector('.view:not([hidden]) .track-map__map').getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; })()`),
  };
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
