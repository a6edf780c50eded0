// An export's answer over real sockets, on both databases, with the pool's test-only fault jobs
// (server/exports/export-faults.ts): an export whose worker cannot start gives its place back; one whose client goes
// away in the middle of the download stops being built and gives its place back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultJob } from '../../../server/exports/export-faults';
import { XLSX_TYPE } from '../../../domain/screens/entities/transfer';
import { login } from '../../helpers/api';
import { FAULT_EXPORT_PATH, startFaultExportServer, type FaultExportServer } from './fault-export-server';
import { xlsxCells } from './xlsx-cells';

describe('the answer of an export', () => {
  let server: FaultExportServer;
  let token: string;

  beforeAll(async () => {
    // One export at a time: a place lost for good stops every later export.
    server = await startFaultExportServer({ atOnce: 1, perUser: 1, waiting: 10, waitingPerUser: 10 });
    token = (await login(server.url, 'admin')).token;
  });
  afterAll(async () => server.close());

  const postFault = (job: FaultJob) =>
    fetch(`${server.url}${FAULT_EXPORT_PATH}`, { method: 'POST', headers: { 'header-id': token, 'content-type': 'application/json' }, body: JSON.stringify({ job }) });

  it('gives back its place when no worker can start for it, and the next export is built', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await postFault({ kind: 'fault', fault: 'unstartable' });
      expect(refused.status).toBe(500);
      expect(server.services.exports.queue.counts()).toEqual({ running: 0, waiting: 0 });
    }
    expect(server.services.exports.failed).toBe(2);
    const built = await postFault({ kind: 'fault', fault: 'large', rows: 1 });
    expect(built.headers.get('content-type')).toBe(XLSX_TYPE);
    expect((await xlsxCells(new Uint8Array(await built.arrayBuffer()))).map((cell) => cell.text.length)).toEqual([4, 16 * 1024]);
  }, 60_000);

  it('stops building the export of a client gone in the middle of the download, and gives back its place', async () => {
    const before = server.postedBytes();
    const gone = new AbortController();
    // About 12 MB once written, far more than the sockets between hold.
    const answer = await fetch(`${server.url}${FAULT_EXPORT_PATH}`, {
      method: 'POST',
      headers: { 'header-id': token, 'content-type': 'application/json' },
      body: JSON.stringify({ job: { kind: 'fault', fault: 'large', rows: 1000 } satisfies FaultJob }),
      signal: gone.signal,
    });
    expect(answer.headers.get('content-type')).toBe(XLSX_TYPE);
    const body = answer.body?.getReader();
    expect((await body?.read())?.done).toBe(false);
    gone.abort();
    // The worker hears of it between two batches of its writing, which a busy machine may make a few seconds apart.
    await expect.poll(() => server.services.exports.queue.counts(), { timeout: 15_000 }).toEqual({ running: 0, waiting: 0 });
    expect((server.postedBytes() - before) / (1000 * 12 * 1024)).toBeLessThan(0.25);
    // The place was given back: the next export is built.
    const next = await postFault({ kind: 'fault', fault: 'large', rows: 1 });
    expect(next.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(await xlsxCells(new Uint8Array(await next.arrayBuffer()))).toHaveLength(2);
  }, 60_000);
});
