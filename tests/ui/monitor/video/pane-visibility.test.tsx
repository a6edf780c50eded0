// A pane nobody sees fetches nothing: in a hidden browser tab, or scrolled out of view (or in a hidden kept-alive view
// of the console), its player is stopped, so the server's stream goes idle; shown again, it asks for the stream anew.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { initI18n } from '../../../../src/app/i18n';
import { VideoPane, type LoadStream, type PaneSource } from '../../../../src/app/monitor/video/VideoPane';
import type { PlayStream } from '../../../../src/app/monitor/video/hls-player';

const SOURCE: PaneSource = { kind: 'live', truckId: 7, plate: '沪A12345', channel: 1 };
const state = () => screen.getByRole('figure', { name: '沪A12345 通道1' }).dataset['state'];

function counting() {
  const counts = { asked: 0, played: 0, stopped: 0 };
  const load: LoadStream = async () => {
    counts.asked += 1;
    return { state: 'playing', signCode: '沪A12345', channel: 1, playlist: '/video/files/live/7-1/index.m3u8' };
  };
  const play: PlayStream = async () => {
    counts.played += 1;
    return { destroy: () => void (counts.stopped += 1) };
  };
  return { counts, load, play };
}

function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

describe('a pane out of sight', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => {
    cleanup();
    setTabHidden(false);
    vi.unstubAllGlobals();
  });

  it('stops its stream in a hidden tab and asks again when the tab is shown', async () => {
    const { counts, load, play } = counting();
    render(<VideoPane index={1} source={SOURCE} load={load} play={play} />);
    await waitFor(() => expect(counts.played).toBe(1));
    setTabHidden(true);
    expect(counts.stopped).toBe(1);
    expect(state()).toBe('paused');
    setTabHidden(false);
    await waitFor(() => expect(counts.played).toBe(2));
    expect(counts.asked).toBe(2);
  });

  it('stops its stream when scrolled out of view', async () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    vi.stubGlobal('IntersectionObserver', class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    });
    const { counts, load, play } = counting();
    render(<VideoPane index={1} source={SOURCE} load={load} play={play} />);
    await waitFor(() => expect(counts.played).toBe(1));
    act(() => report?.([{ isIntersecting: false }]));
    expect(counts.stopped).toBe(1);
    expect(state()).toBe('paused');
    act(() => report?.([{ isIntersecting: true }]));
    await waitFor(() => expect(counts.played).toBe(2));
  });
});
