// The export download (spec params §7): the posted form, the saved file, progress, and failures that stay silent to
// the user but are counted for the diagnostics.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadExport, exportFailureCount, type ExportProgress } from '../../src/api/export-download';
import { EXPORT_TICKET_PATTERN } from '../../domain/wire/export-queue';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function workbookAnswer(parts: readonly string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': XLSX } });
}

describe('the export download', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('posts the form with the session header, reports progress and saves the workbook under its file name', async () => {
    localStorage.setItem('header-id', 'h-7');
    const fetch = vi.fn(async (..._args: [string, RequestInit]) => workbookAnswer(['PK', 'rest']));
    vi.stubGlobal('fetch', fetch);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const progress: ExportProgress[] = [];
    const before = exportFailureCount();

    expect(await downloadExport('/report/x/export', { fields: 'a,b', language: 'zh' }, '装油_1.xlsx', (p) => progress.push(p))).toBe(true);

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/truckmanage/api/report/x/export');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('header-id')).toBe('h-7');
    const posted = new URLSearchParams(String(init?.body));
    expect([posted.get('fields'), posted.get('language')]).toEqual(['a,b', 'zh']);
    // The ticket the export's place in the queue is asked by (our extension; other backends ignore the field).
    expect(posted.get('exportTicket')).toMatch(new RegExp(EXPORT_TICKET_PATTERN));
    expect(progress).toEqual([
      { kind: 'receiving', receivedBytes: 2, totalBytes: undefined },
      { kind: 'receiving', receivedBytes: 6, totalBytes: undefined },
    ]);
    expect(clicked).toEqual(['装油_1.xlsx']);
    expect(exportFailureCount()).toBe(before);
  });

  it('counts a refused export (an envelope, not a workbook) and a network failure, saving nothing and throwing nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const before = exportFailureCount();
    const refusal = { resultCode: 400, message: '导出记录超过10000条', data: null };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(refusal), { headers: { 'content-type': 'application/json' } })));
    expect(await downloadExport('/report/x/export', {}, 'a.xlsx', () => undefined)).toBe(false);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await downloadExport('/report/x/export', {}, 'a.xlsx', () => undefined)).toBe(false);
    expect(exportFailureCount()).toBe(before + 2);
    expect(click).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  describe('in the export queue', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A fetch whose export answer waits for `release`, and whose status calls `status` answers; every call is kept. */
    function queueServer(status: (ticket: string) => Response) {
      const calls: { method: string; url: URL; body: URLSearchParams }[] = [];
      let release: (answer: Response) => void = () => undefined;
      const exported = new Promise<Response>((resolve) => {
        release = resolve;
      });
      vi.stubGlobal('fetch', vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = new URL(input, 'http://console.test');
        calls.push({ method: init.method ?? 'GET', url, body: new URLSearchParams(String(init.body ?? '')) });
        return init.method === 'POST' ? exported : status(url.searchParams.get('ticket') ?? '');
      }));
      const statusCalls = () => calls.filter((entry) => entry.method === 'GET');
      const ticket = () => calls.find((entry) => entry.method === 'POST')?.body.get('exportTicket');
      return { release, statusCalls, ticket };
    }

    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

    it('tells its place while it waits, then that it is built, and stops asking once the workbook comes', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const places = [{ state: 'queued', ahead: 2 }, { state: 'queued', ahead: 1 }, { state: 'running' }];
      const server = queueServer(() => json({ resultCode: 200, message: 'success', data: places.shift() ?? { state: 'running' } }));
      const progress: ExportProgress[] = [];
      const done = downloadExport('/report/x/export', { fields: 'a' }, 'a.xlsx', (p) => progress.push(p));
      await vi.advanceTimersByTimeAsync(500);
      await vi.advanceTimersByTimeAsync(1000);
      await vi.advanceTimersByTimeAsync(1000);
      expect(progress).toEqual([{ kind: 'queued', ahead: 2 }, { kind: 'queued', ahead: 1 }, { kind: 'building' }]);
      expect(server.statusCalls().map((entry) => [entry.url.pathname, entry.url.searchParams.get('ticket')])).toEqual(
        Array.from({ length: 3 }, () => ['/truckmanage/api/export/queue', server.ticket()]),
      );
      server.release(workbookAnswer(['PK']));
      expect(await done).toBe(true);
      expect(progress.at(-1)).toEqual({ kind: 'receiving', receivedBytes: 2, totalBytes: undefined });
      await vi.advanceTimersByTimeAsync(5000);
      expect(server.statusCalls()).toHaveLength(3);
    });

    it("takes 'none' for no failure and keeps what it showed, as an instance that does not hold the export answers", async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      // Two instances behind a round-robin proxy: every other answer comes from the one without the export.
      const places = [{ state: 'none' }, { state: 'queued', ahead: 1 }, { state: 'none' }, { state: 'queued', ahead: 0 }, { state: 'none' }, { state: 'running' }];
      const server = queueServer(() => json({ resultCode: 200, message: 'success', data: places.shift() ?? { state: 'running' } }));
      const progress: ExportProgress[] = [];
      const before = exportFailureCount();
      const done = downloadExport('/report/x/export', { fields: 'a' }, 'a.xlsx', (p) => progress.push(p));
      await vi.advanceTimersByTimeAsync(500);
      for (let ask = 1; ask < 6; ask += 1) await vi.advanceTimersByTimeAsync(1000);
      expect(server.statusCalls()).toHaveLength(6);
      expect(progress).toEqual([{ kind: 'queued', ahead: 1 }, { kind: 'queued', ahead: 0 }, { kind: 'building' }]);
      server.release(workbookAnswer(['PK']));
      expect(await done).toBe(true);
      expect(exportFailureCount()).toBe(before);
    });

    it('asks a backend without the status call once, then downloads as the spec has it', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const server = queueServer(() => json({ resultCode: 404, message: 'No such call', data: null }, 404));
      const progress: ExportProgress[] = [];
      const done = downloadExport('/report/x/export', { fields: 'a' }, 'a.xlsx', (p) => progress.push(p));
      await vi.advanceTimersByTimeAsync(5000);
      expect(server.statusCalls()).toHaveLength(1);
      server.release(workbookAnswer(['PK', 'rest']));
      expect(await done).toBe(true);
      expect(progress.map((p) => p.kind)).toEqual(['receiving', 'receiving']);
    });

    it('posts no ticket and asks nothing for a download that never queues (a template)', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const server = queueServer(() => json({ resultCode: 200, message: 'success', data: { state: 'none' } }));
      const done = downloadExport('/entity/x/template', { language: 'zh' }, 't.xlsx', () => undefined, { queued: false });
      await vi.advanceTimersByTimeAsync(3000);
      server.release(workbookAnswer(['PK']));
      expect(await done).toBe(true);
      expect(server.ticket()).toBeNull();
      expect(server.statusCalls()).toEqual([]);
    });
  });
});
