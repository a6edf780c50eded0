// The live console's resilience in Chromium against the real server and simulator: the last of five tabs keeps the
// sockets, two socket drops lose and repeat no alarm, and a new tab shows the last saved state before its socket answers.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { RECONNECT_JITTER_MS } from '../../machines/socket-link.machine';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { countByStatus, BADGE_ORDER } from '../../domain/truck-status';
import type { UserPriAnswer } from '../../domain/wire/entities';
import { SOCKET_PATHS, SOCKET_RECONNECT_MS } from '../../domain/wire/sockets';
import type { TruckStatusRow } from '../../domain/wire/truck-row';
import type { LiveDiagnostics, LiveSnapshot } from '../../workers/live-api';
import { call, login, raiseSimAlarm } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { armFault, clearFaults, loginAs, newUserPage, requireBuiltConsole } from '../helpers/console';
import { startSimServer, type SimServer } from '../helpers/server';

/** Non-urgent types (no dialog in the way); the demo accounts have no alarm choice saved, so their filter takes every type. */
const STEADY_TYPES = [2, 4, 7, 203] as const;
/** The pace of the steady alarm series across the socket drops. */
const RAISE_EVERY_MS = 250;
/** Time for the reconnected socket's handshake and open message, and for the diagnostics poll to see it. */
const RECONNECT_SLACK_MS = 1_500;

/** The status counts over HTTP (shell spec §7), which the worker calls before its status socket answers. */
const TRUCK_BAR_PATH = '/truckatgsub/rest/truckData/getTruckBarData';

const badgeCounts = (page: Page) => page.locator('[data-slot="live-status"] .status-badge__count').allTextContents();
const sourceLabel = (page: Page) => page.getByTestId('live-source');

async function countsReach(page: Page, expected: readonly string[], timeout = 15_000): Promise<void> {
  await expect.poll(() => badgeCounts(page), { timeout }).toEqual(expected);
}

/** The built live worker's script, as the console's `new URL(…, import.meta.url)` names it. */
function workerScript(): string {
  const assets = path.join(requireBuiltConsole(), 'assets');
  const file = fs.readdirSync(assets).find((name) => /^live\.worker-.*\.js$/.test(name));
  if (!file) throw new Error(`no live.worker-*.js in ${assets}`);
  return `/assets/${file}`;
}

interface WorkerAnswers {
  readonly snapshot: LiveSnapshot;
  readonly diagnostics: LiveDiagnostics;
}

/**
 * Asks the page's live worker directly: the page joins the same SharedWorker (same script and name) on a port of its
 * own and sends one Comlink call by hand (`APPLY`, answered `RAW`), the wire format the console's bundled Comlink speaks.
 * The probe port is one more client to the worker, watched by pings; it says no hello and holds no tab lock.
 */
async function askWorker<M extends keyof WorkerAnswers>(page: Page, method: M): Promise<WorkerAnswers[M]> {
  return page.evaluate(
    ([script, name]) =>
      new Promise<WorkerAnswers[M]>((resolve, reject) => {
        const worker = new SharedWorker(script, { type: 'module', name: 'fleet-live' });
        const id = `probe-${Math.random()}`;
        worker.port.onmessage = (event: MessageEvent<{ id?: string; type?: string; value?: unknown }>) => {
          if (event.data.id !== id) return;
          worker.port.close();
          if (event.data.type === 'RAW') resolve(event.data.value as WorkerAnswers[M]);
          else reject(new Error(`the worker answered ${String(event.data.type)}`));
        };
        worker.port.start();
        worker.port.postMessage({ id, type: 'APPLY', path: [name], argumentList: [] });
      }),
    [workerScript(), method] as const,
  );
}

describe('live resilience in Chromium', () => {
  let server: SimServer;
  let browser: Browser;
  let context: BrowserContext;
  /** The tab left open by the first test; a later test run alone (or after a failure) opens its own. */
  let liveTab: Page | undefined;
  const openTab = async (): Promise<Page> => {
    const open = liveTab && !liveTab.isClosed() ? liveTab : undefined;
    if (open) return open;
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await countsReach(page, await serverCounts());
    liveTab = page;
    return page;
  };
  let admin: string;
  let userPri: UserPriAnswer['userPri'];

  const serverSockets = async () => (await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin })).data.sockets;
  const barRows = async () =>
    (await call<TruckStatusRow[]>(server.url, 'POST', '/truckatgsub/rest/truckData/getTruckBarData', { token: admin, json: { userPri } })).data;
  const serverCounts = async () => {
    const counts = countByStatus(await barRows());
    return BADGE_ORDER.map((code) => String(counts[code]));
  };
  const raise = (type: number, truckId?: number) =>
    raiseSimAlarm(server.url, admin, truckId === undefined ? { type } : { type, truckId });

  /** Raises an alarm on a truck that is on the road and not in alarm, and ticks: its row turns to alarm (3). */
  const moveFleet = async () => {
    const calm = (await barRows()).find((row) => row.truckId !== undefined && (row.status === 1 || row.status === 2 || row.status === 4));
    if (calm?.truckId === undefined) throw new Error('no truck on the road to raise an alarm on');
    const before = await serverCounts();
    await raise(2, calm.truckId);
    await server.simulator.tick(Date.now());
    const after = await serverCounts();
    expect(after).not.toEqual(before);
    return after;
  };

  beforeAll(async () => {
    server = await startSimServer({ staticDir: requireBuiltConsole(), faults: true, seed: 11, trucks: 24 });
    admin = (await login(server.url, 'admin')).token;
    userPri = (await call<UserPriAnswer>(server.url, 'GET', '/userPri', { token: admin })).data.userPri;
    browser = await launchBrowser();
    const user = await newUserPage(browser, server.url);
    context = user.context;
    await loginAs(user.page, server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('keeps one pair of sockets and the live data in the last of five tabs after the other four close', { timeout: 90_000 }, async () => {
    const tabs = [...context.pages()];
    for (let i = 0; i < 4; i += 1) {
      const page = await context.newPage();
      await page.goto(`${server.url}/dashboard`);
      tabs.push(page);
    }
    const counts = await serverCounts();
    for (const tab of tabs) await countsReach(tab, counts);
    expect(await serverSockets()).toEqual({ truck: 1, alarm: 1 });
    // Every tab shows an alarm raised now as its newest pop-up, from the one alarm socket.
    const shared = await raise(7);
    for (const tab of tabs) {
      const newest = tab.getByTestId('alarm-popup').first();
      await expect.poll(async () => [await newest.getAttribute('data-type'), await newest.textContent()]).toEqual(['7', expect.stringContaining(shared.signCode)]);
    }

    // The first four go, the tab that logged in among them; the worker learns it from their released Web Locks.
    const last = tabs.pop();
    if (!last) throw new Error('no tab');
    for (const tab of tabs) await tab.close();
    await expect.poll(async () => (await askWorker(last, 'diagnostics')).tabs.locks).toBe(1);
    expect(await serverSockets()).toEqual({ truck: 1, alarm: 1 });

    const alarm = await raise(4);
    await expect.poll(() => last.getByTestId('alarm-popup').first().textContent()).toContain(alarm.signCode);
    // The status socket sends changes every 30 s (STATUS_FREQUENCY), so the moved counts may take that long.
    const moved = await moveFleet();
    await countsReach(last, moved, 40_000);
    expect(await serverSockets()).toEqual({ truck: 1, alarm: 1 });
    liveTab = last;
  });

  it('reconnects within 5 s plus jitter after two socket drops and holds every alarm raised meanwhile once', { timeout: 60_000 }, async () => {
    const page = await openTab();
    const before = (await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin })).data.lastAlarmSeq;
    const opensBefore = (await askWorker(page, 'diagnostics')).links.alarm.opens;
    const raised: number[] = [];
    let raising = true;
    const series = (async () => {
      for (let i = 0; raising; i += 1) {
        raised.push((await raise(STEADY_TYPES[i % STEADY_TYPES.length] ?? 2)).seq);
        await pause(RAISE_EVERY_MS);
      }
    })();

    const reconnectMs: number[] = [];
    for (let drop = 0; drop < 2; drop += 1) {
      const soFar = raised.length;
      await expect.poll(() => raised.length).toBeGreaterThanOrEqual(soFar + 3);
      const droppedAt = Date.now();
      const dropped = await call<{ closed: number }>(server.url, 'POST', '/diagnostics/drop-sockets', { token: admin });
      expect(dropped.data.closed).toBe(2);
      await expect.poll(serverSockets, { interval: 100 }).toEqual({ truck: 0, alarm: 0 });
      await expect.poll(serverSockets, { timeout: 15_000, interval: 100 }).toEqual({ truck: 1, alarm: 1 });
      reconnectMs.push(Date.now() - droppedAt);
    }
    const afterReconnect = raised.length;
    await expect.poll(() => raised.length).toBeGreaterThanOrEqual(afterReconnect + 3);
    raising = false;
    await series;

    for (const ms of reconnectMs) {
      expect(ms).toBeGreaterThanOrEqual(SOCKET_RECONNECT_MS);
      expect(ms).toBeLessThanOrEqual(SOCKET_RECONNECT_MS + RECONNECT_JITTER_MS + RECONNECT_SLACK_MS);
    }
    // The server's list for the period, from its database: exactly the series, seqs in order.
    const stored = await server.services.db.selectFrom('alarm').select('seq').where('seq', '>', before).orderBy('seq').execute();
    expect(stored.map((row) => row.seq)).toEqual(raised);
    // The console's side, from the worker's snapshot (the dashboard lists no seqs): `recent` is newest first.
    await expect.poll(async () => (await askWorker(page, 'snapshot')).lastSeq, { timeout: 10_000 }).toBe(raised.at(-1));
    const snapshot = await askWorker(page, 'snapshot');
    const held = snapshot.recent.flatMap((alarm) => (alarm.seq !== undefined && alarm.seq > before ? [alarm.seq] : [])).reverse();
    expect(held).toEqual(raised);
    expect(snapshot.links.alarm.opens - opensBefore).toBe(2);
  });

  it('shows the last saved counts in a new tab while the status socket and its HTTP fill are held, then goes live', { timeout: 60_000 }, async () => {
    const page = await openTab();
    const saved = await badgeCounts(page);
    // Settled: nothing waits to be written, and no flush finished between two looks (IndexedDB holds what is shown).
    let flushes = -1;
    await expect.poll(async () => {
      const { storage } = await askWorker(page, 'diagnostics');
      const settled = storage.pendingRows === 0 && storage.flushes === flushes;
      flushes = storage.flushes;
      return settled;
    }).toBe(true);
    for (const open of context.pages()) await open.close();
    // The shared worker ends with its last tab, and its sockets with it.
    await expect.poll(serverSockets, { timeout: 10_000 }).toEqual({ truck: 0, alarm: 0 });
    const moved = await moveFleet();

    await armFault(server.url, { path: SOCKET_PATHS.truck, hold: true, times: 20 });
    // The status counts over HTTP (getTruckBarData) fill a tab before its socket answers: held too, the saved state shows.
    await armFault(server.url, { path: TRUCK_BAR_PATH, hold: true, times: 20 });
    const tab = await context.newPage();
    await tab.goto(`${server.url}/dashboard`);
    await countsReach(tab, saved);
    await expect.poll(() => sourceLabel(tab).textContent()).toBe('上次保存的状态');
    // The status socket waits for its upgrade. Chromium opens one socket per host at a time, so the alarm socket,
    // queued behind it, has not reached the server either.
    await expect.poll(async () => (await askWorker(tab, 'diagnostics')).links.truck.state).toBe('connecting');
    expect((await serverSockets()).truck).toBe(0);
    expect(await badgeCounts(tab)).toEqual(saved);

    await clearFaults(server.url);
    await countsReach(tab, moved);
    await expect.poll(() => sourceLabel(tab).textContent()).toBe('实时数据');
    expect(await serverSockets()).toEqual({ truck: 1, alarm: 1 });
  });

  it('fills fresh counts over getTruckBarData while the status socket is held (spec: the first fill)', { timeout: 60_000 }, async () => {
    for (const open of context.pages()) await open.close();
    await expect.poll(serverSockets, { timeout: 10_000 }).toEqual({ truck: 0, alarm: 0 });
    // The alarms raised above hold their trucks in alarm status for 5 min: past that, the counts move.
    const before = await serverCounts();
    await server.simulator.tick(Date.now() + 6 * 60_000);
    const moved = await serverCounts();
    expect(moved).not.toEqual(before);
    await armFault(server.url, { path: SOCKET_PATHS.truck, hold: true, times: 20 });
    const tab = await context.newPage();
    await tab.goto(`${server.url}/dashboard`);
    await countsReach(tab, moved);
    await expect.poll(() => sourceLabel(tab).textContent()).toBe('实时数据');
    // Those counts came over HTTP: the status socket is still waiting for its upgrade.
    expect((await askWorker(tab, 'diagnostics')).links.truck.state).toBe('connecting');
    expect((await askWorker(tab, 'diagnostics')).fills.applied).toBeGreaterThanOrEqual(1);
    expect((await serverSockets()).truck).toBe(0);
    await clearFaults(server.url);
    await expect.poll(serverSockets).toEqual({ truck: 1, alarm: 1 });
  });
});
