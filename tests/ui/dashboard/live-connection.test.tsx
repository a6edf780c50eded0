// The personal centre's live connection section: link states, reconnects and whether alarms resume without loss.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { downloadExport, exportFailureCount } from '../../../src/api/export-download';
import { LiveConnection } from '../../../src/app/dashboard/LiveConnection';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import type { LiveDiagnostics, LinkStatus } from '../../../workers/live-api';
import { fakeLiveSource } from '../../helpers/fake-live-source';

const link = (state: LinkStatus['state'], opens: number, lastCloseCode?: number): LinkStatus => ({
  state, opens, closes: Math.max(opens - 1, 0), heartbeats: 0, frames: 3, lastCloseCode, lastFrameAt: undefined,
});

const diagnostics = (over: Partial<LiveDiagnostics>): LiveDiagnostics => ({
  mode: 'shared', tabs: { locks: 1, ping: 0 }, source: 'live',
  links: { truck: link('open', 1), alarm: link('open', 1) },
  frames: { truckFrames: 4, alarmFrames: 2, noticeFrames: 0, badFrames: 0, badRows: 0 },
  trucks: 3, lastSeq: 41, alarmResume: 'lossless',
  storage: { flushes: 0, rowsWritten: 0, pendingRows: 0, lastFlushMs: undefined, failures: 0 },
  recording: undefined, replay: undefined,
  fills: { calls: 0, applied: 0, overtaken: 0, failures: 0, lastFillAt: undefined },
  ...over,
});

function setup(answer: LiveDiagnostics | undefined) {
  const source = fakeLiveSource();
  if (answer) source.setDiagnostics(answer);
  render(
    <LiveSourceProvider source={source}>
      <LiveConnection />
    </LiveSourceProvider>,
  );
  return source;
}

describe('the live connection section', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('shows each socket state and that a reconnect resumes alarms without loss', async () => {
    setup(diagnostics({}));
    await screen.findByTestId('live-connection');
    expect(screen.getByTestId('live-link-truck').textContent).toBe('已连接');
    expect(screen.getByTestId('live-alarm-resume').textContent).toBe('无损续传：重连后服务器补发断线期间的报警');
  });

  it('says so when the backend gives alarms no seq, and counts reconnects with the last close code', async () => {
    setup(diagnostics({ alarmResume: 'none', lastSeq: undefined, links: { truck: link('open', 1), alarm: link('waiting', 3, 1006) } }));
    await screen.findByTestId('live-connection');
    expect(screen.getByTestId('live-alarm-resume').textContent).toBe('不支持无损续传：后台的报警没有序号，断线期间的报警会丢失');
    expect(screen.getByTestId('live-link-alarm').textContent).toBe('等待重连 · 重连次数 2 · 最近关闭代码 1006');
  });

  it('shows how many exports failed in this tab, which the report screens never say (spec params §7)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const before = exportFailureCount();
    await downloadExport('/report/x/export', {}, 'a.xlsx', () => undefined);
    setup(diagnostics({}));
    expect((await screen.findByTestId('export-failures')).textContent).toBe(String(before + 1));
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the same in English', async () => {
    await switchLang('en');
    setup(diagnostics({ alarmResume: 'none' }));
    await screen.findByTestId('live-connection');
    expect(screen.getByRole('heading', { name: 'Live connection' })).toBeTruthy();
    expect(screen.getByTestId('live-alarm-resume').dataset['resume']).toBe('none');
    expect(screen.getByTestId('live-alarm-resume').textContent).not.toBe('');
  });

  it('shows nothing while the worker cannot answer', async () => {
    setup(undefined);
    // The refused read has settled (its promise chain runs in microtasks) and left nothing on screen.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByTestId('live-connection')).toBeNull();
  });
});
