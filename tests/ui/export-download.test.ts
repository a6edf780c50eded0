// The export download (spec params §7): the posted form, the saved file, progress, and failures that stay silent to
// the user but are counted for the diagnostics.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadExport, exportFailureCount, type ExportProgress } from '../../src/api/export-download';

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
    expect(String(init?.body)).toBe('fields=a%2Cb&language=zh');
    expect(progress.map((p) => p.receivedBytes)).toEqual([2, 6]);
    expect(progress.every((p) => p.totalBytes === undefined)).toBe(true);
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
});
