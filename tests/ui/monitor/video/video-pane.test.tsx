// The video pane's overlay: 无信号 with the server's reason, with a refusal's own message, when the stream fails while
// playing or its player cannot start, and on a backend without video (no retry there); retry asks again; a playing
// pane hands its playlist to the player and stops it when the pane goes.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initI18n } from '../../../../src/app/i18n';
import { VideoPane, type LoadStream, type PaneSource } from '../../../../src/app/monitor/video/VideoPane';
import { VideoRefusal } from '../../../../src/app/monitor/video/video-calls';
import type { PlayStream } from '../../../../src/app/monitor/video/hls-player';

const SOURCE: PaneSource = { kind: 'live', truckId: 7, plate: '沪A12345', channel: 2 };
const figure = () => screen.getByRole('figure', { name: '沪A12345 通道2' });

describe('the video pane', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(cleanup);

  it('says 无信号 and why, and asks again on retry', async () => {
    let asked = 0;
    const load: LoadStream = async () => {
      asked += 1;
      return { state: 'noSignal', signCode: '沪A12345', channel: 2, reason: 'offline' };
    };
    render(<VideoPane index={1} source={SOURCE} load={load} />);
    await waitFor(() => expect(figure().dataset['state']).toBe('noSignal'));
    expect(figure().dataset['reason']).toBe('offline');
    expect(screen.getByRole('status').textContent).toBe('无信号车辆离线重试');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(asked).toBe(2));
  });

  it('shows a refused truck\'s message as the reason', async () => {
    const load: LoadStream = () => Promise.reject(new VideoRefusal('车辆 #7不存在'));
    render(<VideoPane index={1} source={SOURCE} load={load} />);
    await waitFor(() => expect(figure().dataset['reason']).toBe('unknownTruck'));
    expect(screen.getByRole('status').textContent).toContain('车辆 #7不存在');
  });

  it('says the backend offers no video, with nothing to retry', async () => {
    render(<VideoPane index={1} source={SOURCE} load={async () => 'notOffered'} />);
    await waitFor(() => expect(figure().dataset['reason']).toBe('notOffered'));
    expect(screen.getByRole('status').textContent).toBe('无信号后台不提供视频');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('plays the playlist in its own video element, says 无信号 when the stream fails, and stops the player when gone', async () => {
    const played: string[] = [];
    let destroyed = 0;
    let failStream: (() => void) | undefined;
    const play: PlayStream = async (video, playlist, onFatal) => {
      expect(video.muted).toBe(true);
      played.push(playlist);
      failStream = onFatal;
      return { destroy: () => (destroyed += 1) };
    };
    const load: LoadStream = async () => ({ state: 'playing', signCode: '沪A12345', channel: 2, playlist: '/video/files/live/7-2/index.m3u8' });
    const { unmount } = render(<VideoPane index={1} source={SOURCE} load={load} play={play} />);
    await waitFor(() => expect(played).toEqual(['/video/files/live/7-2/index.m3u8']));
    expect(figure().dataset['state']).toBe('playing');
    expect(figure().querySelector('video')?.hidden).toBe(false);
    failStream?.();
    await waitFor(() => expect(figure().dataset['reason']).toBe('failed'));
    expect(screen.getByRole('status').textContent).toContain('视频流中断');
    unmount();
    expect(destroyed).toBe(1);
  });

  it('says 无信号 with retry when the player cannot start (hls.js not loaded, play refused), and retry plays', async () => {
    let tries = 0;
    const play: PlayStream = async () => {
      tries += 1;
      if (tries === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { destroy() {} };
    };
    const load: LoadStream = async () => ({ state: 'playing', signCode: '沪A12345', channel: 2, playlist: '/video/files/live/7-2/index.m3u8' });
    render(<VideoPane index={1} source={SOURCE} load={load} play={play} />);
    await waitFor(() => expect(figure().dataset['reason']).toBe('failed'));
    expect(figure().dataset['state']).toBe('noSignal');
    expect(screen.getByRole('status').textContent).toBe('无信号视频流中断重试');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(figure().dataset['state']).toBe('playing'));
    expect(tries).toBe(2);
  });

  it('names an empty pane by its number and asks for nothing', () => {
    render(<VideoPane index={3} source={undefined} load={() => Promise.reject(new Error('asked'))} />);
    expect(screen.getByRole('figure', { name: '画面3' }).dataset['state']).toBe('empty');
  });
});
