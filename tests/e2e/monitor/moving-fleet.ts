// The monitor screens' browser tests over a seeded fleet the test moves: a server whose status frames come every second
// (not every 30: a tick shows within a test's patience), the simulator's clock hours back and stepped by the test, and
// the admin's page logged in.
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_LIVE_LIMITS } from '../../../server/live/socket-policy';
import { MINUTE_MS } from '../../../domain/format/time';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../../helpers/console';
import { startSimServer, type SimServer } from '../../helpers/server';

export interface MovingFleet {
  readonly server: SimServer;
  readonly page: Page;
  /** Moves the fleet `minutes` on: rows, events and alarms written and published as a running server's are. */
  step(minutes: number): Promise<void>;
  close(): Promise<void>;
}

export async function movingFleet(options: { readonly seed: number; readonly trucks: number }): Promise<MovingFleet> {
  let simNow = Date.now() - 2 * 60 * MINUTE_MS;
  const server = await startSimServer({
    staticDir: requireBuiltConsole(), seed: options.seed, trucks: options.trucks, now: () => simNow,
    liveLimits: { ...DEFAULT_LIVE_LIMITS, maxFrequencyS: 1 },
  });
  let browser: Browser | undefined;
  try {
    await server.simulator.tick(simNow);
    browser = await launchBrowser();
    const { page } = await newUserPage(browser, server.url);
    await loginAs(page, server.url, 'admin');
    const opened = browser;
    return {
      server,
      page,
      async step(minutes) {
        simNow += minutes * MINUTE_MS;
        await server.simulator.tick(simNow);
      },
      async close() {
        await opened.close();
        await server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
}
