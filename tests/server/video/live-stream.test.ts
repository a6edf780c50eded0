// GET /video/live on the real server with Debian's ffmpeg: a channel's HLS playlist appears and grows in real time,
// its segments are MPEG-TS carrying H.264, the files pass the session guard and the caller's companies only, an idle
// stream's ffmpeg is stopped, streams beyond the cap are 'busy', and closing the server leaves no ffmpeg behind.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_CODE } from '../../../domain/wire/envelope';
import { VIDEO_CALL_PATHS, type StreamAnswer } from '../../../domain/video/video-wire';
import { LiveStreams, liveStreamsOf } from '../../../server/video/live-streams';
import { call } from '../../helpers/api';
import { fetchFile, segmentsOf, startVideoServer, type VideoServer } from './video-fixture';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('live video streams', () => {
  let video: VideoServer;
  let closed = false;
  const token = (user: string) => video.tokens.get(user);
  const live = (user: string, truckId: number, channel: number) =>
    call<StreamAnswer>(video.server.url, 'GET', VIDEO_CALL_PATHS.live, { token: token(user), query: { truckId, channel } });
  const playlistOf = async (answer: StreamAnswer) => {
    if (answer.state !== 'playing') throw new Error(`no signal: ${answer.reason}`);
    return answer.playlist;
  };

  beforeAll(async () => {
    video = await startVideoServer();
  });

  afterEach(() => {
    if (!closed && video) liveStreamsOf(video.server.services).configure({ idleMs: 25_000, maxStreams: 16, sweepMs: 5_000, firstPlaylistMs: 8_000 });
  });

  afterAll(async () => {
    if (!video) return;
    if (!closed) await video.server.close();
    fs.rmSync(video.mediaDir, { recursive: true, force: true });
  });

  it('serves a live playlist that grows, of MPEG-TS segments carrying H.264', async () => {
    const answer = await live('operator', video.trucks.streaming, 2);
    expect(answer.resultCode).toBe(RESULT_CODE.OK);
    expect(answer.data).toMatchObject({ state: 'playing', channel: 2 });
    const playlist = await playlistOf(answer.data);
    const first = await fetchFile(video.server.url, playlist, token('operator'));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('mpegurl');
    const firstText = await first.text();
    expect(firstText).toMatch(/^#EXTM3U/);
    const firstSegments = segmentsOf(firstText);
    // In real time: a second later the playlist names a segment it did not before.
    await expect.poll(async () => {
      const text = await (await fetchFile(video.server.url, playlist, token('operator'))).text();
      return segmentsOf(text).some((segment) => !firstSegments.includes(segment));
    }, { timeout: 6_000, interval: 300 }).toBe(true);

    const segment = firstSegments[0] ?? '';
    const bytes = Buffer.from(await (await fetchFile(video.server.url, playlist.replace('index.m3u8', segment), token('operator'))).arrayBuffer());
    // MPEG-TS: 188-byte packets, each starting with the sync byte 0x47.
    expect(bytes.length % 188).toBe(0);
    expect([bytes[0], bytes[188], bytes[376]]).toEqual([0x47, 0x47, 0x47]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-video-seg-')), 'seg.ts');
    fs.writeFileSync(file, bytes);
    const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', file], { encoding: 'utf8' });
    expect(probe.stdout.trim().split(/\s+/)[0]).toBe('h264,320,180');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('asks for the session on stream files and serves them for the caller\'s companies only', async () => {
    const playlist = await playlistOf((await live('admin', video.trucks.foreign, 1)).data);
    expect((await fetchFile(video.server.url, playlist, token('admin'))).status).toBe(200);
    const anonymous = await fetchFile(video.server.url, playlist, undefined);
    expect(((await anonymous.json()) as { resultCode: number }).resultCode).toBe(RESULT_CODE.SESSION_EXPIRED);
    // The operator holds the video screens, but not the company of this truck: its stream is not theirs to watch.
    expect((await fetchFile(video.server.url, playlist, token('operator'))).status).toBe(404);
    expect((await live('operator', video.trucks.foreign, 1)).resultCode).toBe(404);
    // The garden user holds monitor screens (the sprinkler ones) but no video screen.
    expect((await live('garden', video.trucks.streaming, 1)).resultCode).toBe(RESULT_CODE.UNAUTHORIZED);
    const garden = await fetchFile(video.server.url, playlist, token('garden'));
    expect(((await garden.json()) as { resultCode: number }).resultCode).toBe(RESULT_CODE.UNAUTHORIZED);
  });

  it('stops a stream nobody fetches, and starts it again when asked', async () => {
    const streams = liveStreamsOf(video.server.services);
    streams.configure({ idleMs: 1_500, sweepMs: 250 });
    await playlistOf((await live('operator', video.trucks.streaming, 3)).data);
    const pids = streams.pids();
    expect(pids.length).toBeGreaterThan(0);
    await expect.poll(() => streams.size, { timeout: 8_000, interval: 200 }).toBe(0);
    // Its process and its files go with it.
    await expect.poll(() => pids.filter(isAlive), { timeout: 4_000 }).toEqual([]);
    await expect.poll(() => fs.readdirSync(path.join(video.mediaDir, 'video', 'live')), { timeout: 4_000 }).toEqual([]);
    const again = await live('operator', video.trucks.streaming, 3);
    expect(again.data.state).toBe('playing');
  });

  it('stays alive while another instance sharing the media folder serves its files', async () => {
    const streams = liveStreamsOf(video.server.services);
    streams.configure({ idleMs: 1_500, sweepMs: 250 });
    const playlist = await playlistOf((await live('operator', video.trucks.streaming, 1)).data);
    const folder = playlist.split('/').at(-2) ?? '';
    // Another server process behind the same proxy: the same MEDIA_DIR, streams of its own.
    const other = new LiveStreams(path.join(video.mediaDir, 'video', 'live'));
    for (let i = 0; i < 12; i += 1) {
      const file = other.file(folder, 'index.m3u8');
      expect(file && fs.readFileSync(file, 'utf8')).toMatch(/^#EXTM3U/);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(streams.size).toBeGreaterThan(0);
    // Once nobody fetches, the owner stops it and its folder goes: no instance serves it any more.
    await expect.poll(() => fs.existsSync(path.join(video.mediaDir, 'video', 'live', folder)), { timeout: 8_000, interval: 200 }).toBe(false);
    expect(streams.size).toBe(0);
    expect(other.file(folder, 'index.m3u8')).toBeUndefined();
  });

  it('stops a stream that wrote no playlist in time, so it holds no slot and the next ask starts it again', async () => {
    // A stream of its own: the server's may hold streams of the tests before.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-video-slow-'));
    const streams = new LiveStreams(root, { firstPlaylistMs: 1, maxStreams: 1 });
    const picture = { truckId: video.trucks.streaming, channel: 1, signCode: '沪A00001', companyCode: 'C002' };
    try {
      expect(await streams.open(picture)).toEqual({ ok: false, reason: 'failed' });
      // Gone at once: no entry, no ffmpeg, no folder; the one slot is free again.
      expect(streams.size).toBe(0);
      expect(streams.pids()).toEqual([]);
      expect(fs.readdirSync(root)).toEqual([]);
      streams.configure({ firstPlaylistMs: 8_000 });
      const again = await streams.open(picture);
      expect(again.ok).toBe(true);
      expect(streams.size).toBe(1);
    } finally {
      await streams.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('answers busy beyond the cap of concurrent streams', async () => {
    const streams = liveStreamsOf(video.server.services);
    await playlistOf((await live('operator', video.trucks.streaming, 1)).data);
    streams.configure({ maxStreams: 1 });
    const answer = await live('operator', video.trucks.streaming, 4);
    expect(answer.data).toMatchObject({ state: 'noSignal', reason: 'busy' });
  });

  it('leaves no ffmpeg running once the server is closed', async () => {
    const streams = liveStreamsOf(video.server.services);
    await playlistOf((await live('operator', video.trucks.streaming, 2)).data);
    await playlistOf((await live('operator', video.trucks.streaming, 3)).data);
    const pids = streams.pids();
    expect(pids.length).toBeGreaterThanOrEqual(2);
    await video.server.close();
    closed = true;
    expect(pids.filter(isAlive)).toEqual([]);
  });
});
