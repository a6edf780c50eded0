// Clip renders on the real server are queued: many recordings asked for at once (a history list clicked through, or
// scripted) run at most the queue's limit of ffmpeg renders at the same time, counted from the process table, and every
// ask still gets its playlist.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../domain/format/time';
import { VIDEO_CALL_PATHS, type StreamAnswer } from '../../../domain/video/video-wire';
import { CLIP_RENDER_LIMIT, clipRenders } from '../../../server/video/clip-render';
import { call } from '../../helpers/api';
import { startVideoServer, type VideoServer } from './video-fixture';

/** On the clock's 3-minute cuts: 2026-11-25 10:00 China time. */
const T0 = Date.UTC(2026, 10, 25, 2, 0);
const CLIPS = 6;

/** This process's ffmpeg children rendering a recording (live streams have no VOD playlist type). */
function clipRendersRunning(): number {
  const out = execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes('ffmpeg') && line.includes('hls_playlist_type')).length;
}

describe('clip renders', () => {
  let video: VideoServer;

  beforeAll(async () => {
    video = await startVideoServer();
    // A drive of 17 minutes, a fix a minute: six 3-minute recordings.
    await video.server.services.db.insertInto('position').values(Array.from({ length: 3 * CLIPS }, (_, i) => ({
      truckId: video.trucks.streaming, time: T0 + i * MINUTE_MS, lat: 31.2, lng: 121.5, speed: 30, heading: 90, area: '',
    }))).execute();
  });

  afterAll(async () => {
    clipRenders.limit = CLIP_RENDER_LIMIT;
    if (!video) return;
    await video.server.close();
    fs.rmSync(video.mediaDir, { recursive: true, force: true });
  });

  it('renders at least 2 at once, one per core', () => {
    expect(CLIP_RENDER_LIMIT).toBeGreaterThanOrEqual(2);
  });

  it('runs at most the limit of renders at once however many clips are asked for together', async () => {
    clipRenders.limit = 2;
    clipRenders.peak = 0;
    let most = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        most = Math.max(most, clipRendersRunning());
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const token = video.tokens.get('operator');
    const answers = await Promise.all(Array.from({ length: CLIPS }, (_, i) => call<StreamAnswer>(video.server.url, 'GET', VIDEO_CALL_PATHS.clip, {
      token,
      query: { truckId: video.trucks.streaming, channel: 1, startTime: T0 + i * 3 * MINUTE_MS, endTime: T0 + (i + 1) * 3 * MINUTE_MS },
    })));
    sampling = false;
    await sampler;
    expect(answers.map((answer) => answer.data.state)).toEqual(Array.from({ length: CLIPS }, () => 'playing'));
    // Seen in the process table, and by the queue itself: two at a time, never more.
    expect(most).toBeGreaterThanOrEqual(1);
    expect(most).toBeLessThanOrEqual(2);
    expect(clipRenders.peak).toBe(2);
    expect(clipRenders.active).toBe(0);
    expect(clipRenders.queued).toBe(0);
  });
});
