// `npm run bench:send`: one parameter file sent to BENCH_TRUCKS (1,000) trucks of a simulated fleet, the
// real server in its own process with its simulated devices answering. Measured: the send call's answer time, the
// time until every device has answered (no send left not sent or sending), how the sends ended, the server's peak
// memory, and — in Chromium, with the send_message screen open while the 1,000 statuses change — the main thread's
// long tasks (goal: none over 50 ms). A measurement: a goal missed is printed as MISS and the run still exits 0.
import fs from 'node:fs';
import path from 'node:path';
import { paramFileDef } from '../../domain/params/catalogue';
import { parseParamFile, withParamValue, writeParamFile } from '../../domain/params/param-text';
import type { DeviceFileAnswer, SendAnswer, SendRow } from '../../domain/params/send-wire';
import type { Paged } from '../../domain/wire/records';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { call, login } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { DIST_DIR, loginAs, newUserPage } from '../helpers/console';
import type { Page } from 'playwright-core';
import { installProbe, LONG_TASK_MS, probe, type LongTask } from './page-probe';
import { startServerProcess } from './server-process';

const TRUCKS = Number(process.env['BENCH_TRUCKS'] ?? 1_000);
const ANSWER_TIMEOUT_MS = 180_000;
const SEND_LIST_PATH = '/setting/device_parameter/send_message';
const WITH_BROWSER = process.env['BENCH_BROWSER'] !== '0' && fs.existsSync(path.join(DIST_DIR, 'index.html'));

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const server = await startServerProcess({ STATIC_DIR: DIST_DIR, SIM_TRUCKS: String(TRUCKS), SIM_BACKFILL_DAYS: '0', SIM_TRACK_DAYS: '0' });
const { base } = server;
const browser = WITH_BROWSER ? await launchBrowser() : undefined;
try {
  const { token } = await login(base, 'admin');
  const page = await (async () => {
    if (!browser) return undefined;
    const opened = await newUserPage(browser, base);
    await installProbe(opened.context, TRUCKS);
    await loginAs(opened.page, base, 'admin');
    await opened.page.goto(`${base}${SEND_LIST_PATH}`);
    await opened.page.locator('[data-testid="send-total"]').waitFor({ timeout: 60_000 });
    return opened.page;
  })();
  const watcher = page ? await probe(page) : undefined;
  const before: LongTask[] = watcher ? await watcher.longTasks() : [];

  const trucks = await allTruckIds(base, token);
  const first = trucks[0];
  if (first === undefined) throw new Error('no trucks');
  const file = (await call<DeviceFileAnswer>(base, 'GET', '/deviceFile', { token, query: { truckId: first, name: 'syscfg.txt' } })).data;
  const parsed = parseParamFile(paramFileDef('syscfg.txt'), file.content);
  if (!parsed.ok) throw new Error('device copy unreadable');
  const content = writeParamFile(withParamValue(parsed.doc, { key: 'keepAliveDelaySeconds' }, 45));

  const started = performance.now();
  const answer = await call<SendAnswer>(base, 'POST', '/deviceFile/send', {
    token, form: { name: 'syscfg.txt', truckId: first, truckIds: trucks.join(','), content, baseVersion: file.version },
  });
  const answered = performance.now() - started;
  if (answer.resultCode !== 200) throw new Error(`send refused: ${answer.message}`);
  // When the list first shows the new sends (page time): before it, the list fills; after it, only statuses change.
  const filledAt = page ? watchFill(page, answer.data.sends.length) : Promise.resolve(Number.NaN);
  console.log(`send of syscfg.txt to ${trucks.length} trucks: answered in ${ms(answered)}; ${answer.data.sends.length} sends, ${answer.data.refused.length} refused`);

  let allAnsweredMs = Number.NaN;
  for (;;) {
    const pending = await countPending(base, token);
    if (pending === 0) {
      allAnsweredMs = performance.now() - started;
      break;
    }
    if (performance.now() - started > ANSWER_TIMEOUT_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`every device answered: ${Number.isNaN(allAnsweredMs) ? `NOT within ${ms(ANSWER_TIMEOUT_MS)}` : ms(allAnsweredMs)} after the send`);
  console.log(`ended: ${JSON.stringify(await endings(base, token))}`);

  if (page && watcher) {
    // The screen keeps patching for a moment after the last change: give it the notices' collection time.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const during = (await watcher.longTasks()).slice(before.length);
    const filled = await filledAt;
    const filling = during.filter((task) => task.start <= filled);
    const changing = during.filter((task) => task.start > filled);
    const longest = (tasks: readonly LongTask[]) => Math.max(0, ...tasks.map((task) => task.duration));
    const shown = await page.locator(`[data-screen="${SEND_LIST_PATH}"]`).innerText();
    console.log(`send_message in Chromium, the empty list filling with the ${answer.data.sends.length} new sends: ${filling.length} long tasks, longest ${ms(longest(filling))}`);
    console.log(`send_message in Chromium while the statuses changed: ${changing.length} long tasks, longest ${ms(longest(changing))} — ${longest(changing) <= LONG_TASK_MS ? 'PASS' : 'MISS'} (goal: none over ${LONG_TASK_MS} ms)`);
    const frames = (await watcher.longFrames()).filter((frame) => frame.start >= (during[0]?.start ?? Infinity) - 1 && frame.duration > LONG_TASK_MS);
    if (frames.length > 0) console.log('long frames (both phases):');
    for (const frame of frames.slice(0, 5)) {
      console.log(`  long frame ${ms(frame.duration)}: ${frame.scripts.map((script) => `${script.file} (${script.invoker}) ${script.ms} ms`).join(', ') || 'no script (layout, style, paint)'}`);
    }
    console.log(`the list shows final statuses: ${/已发送|Sent/.test(shown) ? 'yes' : 'no'}`);
  } else {
    console.log('Chromium part skipped (BENCH_BROWSER=0 or no built console in dist/)');
  }
  const diagnostics = (await call<Diagnostics>(base, 'GET', '/diagnostics', { token })).data;
  console.log(`server memory: peak RSS ${mb(diagnostics.peakMemoryBytes)}, now ${mb(diagnostics.memoryBytes)}`);
} finally {
  await browser?.close();
  await server.stop();
}

/** Resolves with the page's time when the list's total first counts `count` sends (read over CDP: no script injected). */
async function watchFill(page: Page, count: number): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const expression = `(() => { const n = Number((document.querySelector('[data-testid="send-total"]')?.textContent ?? '').replace(/\\D/g, '')); return n >= ${count} ? performance.now() : null; })()`;
  for (const deadline = Date.now() + ANSWER_TIMEOUT_MS; Date.now() < deadline; ) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    if (typeof result.value === 'number') {
      await cdp.detach();
      return result.value;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await cdp.detach();
  return Number.NaN;
}

async function allTruckIds(url: string, token: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await call<{ rows: { key: string }[]; total: number }>(url, 'GET', '/entity/setting/base_data/truck', { token, query: { page, size: 500 } });
    ids.push(...answer.data.rows.map((row) => Number(row.key)));
    if (ids.length >= answer.data.total || answer.data.rows.length === 0) return ids;
  }
}

async function countPending(url: string, token: string): Promise<number> {
  let total = 0;
  for (const status of ['notSent', 'sending']) {
    total += (await call<Paged<SendRow>>(url, 'GET', '/deviceSend', { token, query: { page: 1, size: 1, status } })).data.total;
  }
  return total;
}

async function endings(url: string, token: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const status of ['sent', 'connectionFailed', 'crcError', 'dataError', 'terminated']) {
    out[status] = (await call<Paged<SendRow>>(url, 'GET', '/deviceSend', { token, query: { page: 1, size: 1, status } })).data.total;
  }
  return out;
}
