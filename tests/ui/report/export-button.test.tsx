// A report's export button while its export waits in the server's export queue: the button says it exports, and beside
// it the export's place, in Chinese and in English, until the workbook's bytes come and the bar shows them; then the
// file is saved and the button is free again. While the status call answers 'none', the bar shows, as before any answer.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { ExportButton } from '../../../src/app/screens/report/ExportButton';
import { CARGO_REPORTS } from '../../../domain/screens/reports/cargo';
import { defaultFilters } from '../../../domain/screens/reports/url-query';
import type { ExportQueueState } from '../../../domain/wire/export-queue';

const ATG = CARGO_REPORTS['/cargo_monitor/event_report/atg_unload'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// The first question goes half a second after the form; the screen renders on a loaded 2-core machine.
const SLOW = { timeout: 10_000 };

/** The server: the export's answer waits for `release`; the status call answers the place `place` holds now. */
function exportServer() {
  let place: ExportQueueState = { state: 'queued', ahead: 2 };
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const posted: URLSearchParams[] = [];
  let asked = 0;
  vi.stubGlobal('fetch', vi.fn(async (input: string, init: RequestInit = {}) => {
    if (init.method === 'POST') {
      posted.push(new URLSearchParams(String(init.body)));
      await answered;
      return new Response(new Blob(['PK', 'workbook']), { headers: { 'content-type': XLSX } });
    }
    asked += 1;
    const ticket = new URL(input, 'http://console.test').searchParams.get('ticket');
    const data = ticket === posted[0]?.get('exportTicket') ? place : { state: 'none' };
    return new Response(JSON.stringify({ resultCode: 200, message: 'success', data }), { headers: { 'content-type': 'application/json' } });
  }));
  return {
    moveTo: (next: ExportQueueState) => {
      place = next;
    },
    release: () => release(),
    /** Status calls answered so far. */
    asked: () => asked,
  };
}

describe('the report export button', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await switchLang('zh');
  });

  it('shows the place in the queue in both languages, then the download, then is free again', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const server = exportServer();
    render(<ExportButton def={ATG} filters={defaultFilters(ATG, Date.now())} total={120} />);
    fireEvent.click(screen.getByRole('button', { name: '导出' }));

    expect((await screen.findByRole('status', undefined, SLOW)).textContent).toBe('排队等待导出（前面还有 2 个）');
    expect(screen.getByRole('button', { name: '正在导出…' })).toHaveProperty('disabled', true);
    server.moveTo({ state: 'queued', ahead: 0 });
    await screen.findByText('排队等待导出（前面还有 0 个）', undefined, SLOW);

    await switchLang('en');
    server.moveTo({ state: 'queued', ahead: 1 });
    await screen.findByText('Waiting in the queue (1 ahead)', undefined, SLOW);

    // Out of the queue: the bar runs while the server builds the file, then the bytes come.
    server.moveTo({ state: 'running' });
    await screen.findByRole('progressbar', { name: 'Exporting…' }, SLOW);
    expect(screen.queryByRole('status')).toBeNull();
    server.release();
    await screen.findByRole('button', { name: 'Export' }, SLOW);
    expect(screen.queryByTestId('export-progress')).toBeNull();
    expect(saved).toHaveLength(1);
  });

  it("shows the neutral bar, not a failure, while the status call answers 'none', and the place once one is known", async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const server = exportServer();
    // Not in this instance's queue (not arrived yet, or, behind a round-robin proxy, held by another instance).
    server.moveTo({ state: 'none' });
    render(<ExportButton def={ATG} filters={defaultFilters(ATG, Date.now())} total={120} />);
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await vi.waitFor(() => expect(server.asked()).toBeGreaterThanOrEqual(2), SLOW);
    expect(screen.getByRole('progressbar', { name: '正在导出…' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: '正在导出…' })).toHaveProperty('disabled', true);

    server.moveTo({ state: 'queued', ahead: 3 });
    await screen.findByText('排队等待导出（前面还有 3 个）', undefined, SLOW);
    server.release();
    await screen.findByRole('button', { name: '导出' }, SLOW);
    expect(saved).toHaveLength(1);
  });
});
