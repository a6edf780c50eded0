// The export queue over real sockets, on both databases: an export posted while the places are taken waits, and the
// status call tells its ticket's place (to its own user only); a client that closes its waiting export leaves the
// queue and those behind move up; a released place lets the next one build and stream its workbook; a user with its
// most waiting is refused, other users not; a full queue refuses at once; a server of the spec's contract has no
// status call. The test holds the places itself: no timings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARGO_REPORTS } from '../../../domain/screens/reports/cargo';
import { reportCallPath } from '../../../domain/screens/reports/registry';
import { XLSX_TYPE } from '../../../domain/screens/entities/transfer';
import { EXPORT_QUEUE_PATH, EXPORT_TICKET_FIELD, type ExportQueueState } from '../../../domain/wire/export-queue';
import type { ExportSlot } from '../../../server/exports/export-queue';
import { API, call, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';
import { xlsxCells } from './xlsx-cells';

const ATG = CARGO_REPORTS['/cargo_monitor/event_report/atg_unload'];
/** A user id no account has: the holder of the places the test takes. */
const HOLDER = 999_999;

describe('the export queue over HTTP', () => {
  let server: RunningServer;
  let admin: string;
  let operator: string;
  let manager: string;

  beforeAll(async () => {
    server = await startServer({ exportLimits: { atOnce: 1, perUser: 1, waiting: 3, waitingPerUser: 2 } });
    admin = (await login(server.url, 'admin')).token;
    operator = (await login(server.url, 'operator')).token;
    manager = (await login(server.url, 'manager')).token;
  });
  afterAll(async () => server.close());

  /** Takes the one place, as another user's long export would. */
  const hold = (): Promise<ExportSlot> => server.services.exports.queue.enter(HOLDER, new AbortController().signal);

  const ticketOf = (name: string) => `test-ticket-${name}-${'0'.repeat(8)}`;

  /** Posts an export with a ticket; the answer resolves when the server answers (or fails when `abort` closes it). */
  const postExport = (ticket: string, abort?: AbortSignal, token = admin) =>
    fetch(`${server.url}${API}${reportCallPath(ATG)}/export`, {
      method: 'POST',
      headers: { 'header-id': token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ headers: '车牌号,开始时间', fields: 'signCode,startTime', language: 'zh', [EXPORT_TICKET_FIELD]: ticket }).toString(),
      signal: abort,
    });

  const stateOf = async (ticket: string, token = admin) => {
    const answer = await call<ExportQueueState>(server.url, 'GET', EXPORT_QUEUE_PATH, { token, query: { ticket } });
    expect(answer.resultCode).toBe(200);
    return answer.data;
  };

  it('tells a waiting export its place, drops it when its client leaves, and builds the next once a place frees', async () => {
    const held = await hold();
    const leaving = new AbortController();
    const first = postExport(ticketOf('first'), leaving.signal);
    await expect.poll(() => stateOf(ticketOf('first'))).toEqual({ state: 'queued', ahead: 0 });
    const second = postExport(ticketOf('second'));
    await expect.poll(() => stateOf(ticketOf('second'))).toEqual({ state: 'queued', ahead: 1 });
    // Another user learns nothing of the administrator's export.
    expect(await stateOf(ticketOf('second'), operator)).toEqual({ state: 'none' });

    leaving.abort();
    await expect(first).rejects.toThrow();
    await expect.poll(() => stateOf(ticketOf('second'))).toEqual({ state: 'queued', ahead: 0 });
    expect(await stateOf(ticketOf('first'))).toEqual({ state: 'none' });
    expect(server.services.exports.queue.counts()).toEqual({ running: 1, waiting: 1 });

    held.release();
    const answer = await second;
    expect(answer.headers.get('content-type')).toBe(XLSX_TYPE);
    const cells = await xlsxCells(new Uint8Array(await answer.arrayBuffer()));
    expect(cells.filter((cell) => cell.ref === 'A1' || cell.ref === 'B1').map((cell) => cell.text)).toEqual(['车牌号', '开始时间']);
    await expect.poll(() => server.services.exports.queue.counts()).toEqual({ running: 0, waiting: 0 });
    expect(await stateOf(ticketOf('second'))).toEqual({ state: 'none' });
  }, 60_000);

  /** An export posted in `lang`, answered at once: a refusal. */
  const refusedExport = (token: string, lang: 'zh' | 'en') =>
    call(server.url, 'POST', `${reportCallPath(ATG)}/export`, {
      token,
      lang,
      form: { headers: 'Plate', fields: 'signCode', [EXPORT_TICKET_FIELD]: ticketOf(`refused-${lang}`) },
    });

  it("refuses a user's export beyond its own waiting ones, in both languages, while another user's still queues", async () => {
    const held = await hold();
    const waiting = [postExport(ticketOf('mine-1')), postExport(ticketOf('mine-2'))];
    await expect.poll(() => stateOf(ticketOf('mine-2'))).toEqual({ state: 'queued', ahead: 1 });
    const zh = await refusedExport(admin, 'zh');
    expect([zh.resultCode, zh.message]).toEqual([429, '您已有 2 个导出在排队，请等它们完成后再导出']);
    const en = await refusedExport(admin, 'en');
    expect([en.resultCode, en.message]).toEqual([429, 'You already have 2 exports waiting: please wait until they are done']);
    const other = postExport(ticketOf('other'), undefined, operator);
    await expect.poll(() => stateOf(ticketOf('other'), operator)).toEqual({ state: 'queued', ahead: 2 });
    held.release();
    for (const answer of await Promise.all([...waiting, other])) expect(answer.headers.get('content-type')).toBe(XLSX_TYPE);
  }, 60_000);

  it('refuses an export while the queue is full, and builds those that waited', async () => {
    const held = await hold();
    const waiting = [postExport(ticketOf('w1')), postExport(ticketOf('w2')), postExport(ticketOf('w3'), undefined, operator)];
    await expect.poll(() => stateOf(ticketOf('w3'), operator)).toEqual({ state: 'queued', ahead: 2 });
    const refused = await refusedExport(manager, 'en');
    expect([refused.resultCode, refused.message]).toEqual([429, 'Too many exports are waiting: please try again later']);
    held.release();
    for (const answer of await Promise.all(waiting)) expect(answer.headers.get('content-type')).toBe(XLSX_TYPE);
  }, 60_000);

  it('has no status call on a server of the spec contract, whose exports still answer a workbook', async () => {
    const legacy = await startServer({ contract: 'legacy' });
    try {
      const token = (await login(legacy.url, 'admin')).token;
      const status = await call(legacy.url, 'GET', EXPORT_QUEUE_PATH, { token, query: { ticket: ticketOf('legacy') } });
      expect(status.resultCode).toBe(404);
      const answer = await fetch(`${legacy.url}${API}${reportCallPath(ATG)}/export`, {
        method: 'POST',
        headers: { 'header-id': token, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ headers: 'Plate', fields: 'signCode', [EXPORT_TICKET_FIELD]: ticketOf('legacy') }).toString(),
      });
      expect(answer.headers.get('content-type')).toBe(XLSX_TYPE);
      expect((await xlsxCells(new Uint8Array(await answer.arrayBuffer()))).map((cell) => cell.text)).toEqual(['Plate']);
    } finally {
      await legacy.close();
    }
  }, 60_000);
});
