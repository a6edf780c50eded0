// The video calls' answers on the real server: each reason a pane has no signal (offline, no camera, video off, no
// such channel, an unknown or foreign truck refused), the recordings range rule in both languages, the recordings a
// truck's fixes make, and a recording played as a VOD playlist rendered once with H.264 segments.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../domain/format/time';
import { RESULT_CODE } from '../../../domain/wire/envelope';
import { VIDEO_CALL_PATHS, type CameraAnswer, type RecordingsAnswer, type StreamAnswer } from '../../../domain/video/video-wire';
import { call } from '../../helpers/api';
import { fetchFile, segmentsOf, startVideoServer, type VideoServer } from './video-fixture';

/** On the clock's 3-minute cuts: 2026-11-25 10:00 China time. */
const T0 = Date.UTC(2026, 10, 25, 2, 0);

describe('no signal, and recordings', () => {
  let video: VideoServer;
  const token = (user: string) => video.tokens.get(user);
  const get = <T>(path: string, query: Record<string, number>, user = 'operator', lang: 'zh' | 'en' = 'zh') =>
    call<T>(video.server.url, 'GET', path, { token: token(user), query, lang });

  beforeAll(async () => {
    video = await startVideoServer();
    // A drive of 10 minutes with a fix a minute, a gap of half an hour, and a lone fix.
    const times = [...Array.from({ length: 11 }, (_, i) => T0 + i * MINUTE_MS), T0 + 40 * MINUTE_MS];
    await video.server.services.db.insertInto('position').values(times.map((time) => ({
      truckId: video.trucks.streaming, time, lat: 31.2, lng: 121.5, speed: 30, heading: 90, area: '',
    }))).execute();
  });

  afterAll(async () => {
    if (!video) return;
    await video.server.close();
    fs.rmSync(video.mediaDir, { recursive: true, force: true });
  });

  it('says why a channel has no signal', async () => {
    const reason = async (truckId: number, channel: number) => (await get<StreamAnswer>(VIDEO_CALL_PATHS.live, { truckId, channel })).data;
    expect(await reason(video.trucks.offline, 1)).toMatchObject({ state: 'noSignal', reason: 'offline' });
    expect(await reason(video.trucks.noCamera, 1)).toMatchObject({ state: 'noSignal', reason: 'noCamera' });
    expect(await reason(video.trucks.cameraOff, 1)).toMatchObject({ state: 'noSignal', reason: 'videoOff' });
    expect(await reason(video.trucks.streaming, 5)).toMatchObject({ state: 'noSignal', reason: 'noChannel', channel: 5 });
  });

  it('refuses an unknown truck, another company\'s truck and a channel beyond 16', async () => {
    const unknown = await get<StreamAnswer>(VIDEO_CALL_PATHS.live, { truckId: 999_999, channel: 1 });
    expect(unknown).toMatchObject({ resultCode: 404, message: '车辆 #999999不存在', data: { reason: 'unknownTruck' } });
    expect((await get(VIDEO_CALL_PATHS.camera, { truckId: video.trucks.foreign })).resultCode).toBe(404);
    expect((await get(VIDEO_CALL_PATHS.camera, { truckId: video.trucks.foreign }, 'admin')).resultCode).toBe(RESULT_CODE.OK);
    expect((await get(VIDEO_CALL_PATHS.live, { truckId: video.trucks.streaming, channel: 17 })).resultCode).toBe(400);
  });

  it('tells the screens a truck\'s camera: its channels, switches and whether it is online', async () => {
    const camera = await get<CameraAnswer>(VIDEO_CALL_PATHS.camera, { truckId: video.trucks.streaming });
    expect(camera.data).toMatchObject({ truckId: video.trucks.streaming, totalChannels: 4, realtimeVideo: true, recording: true, online: true });
    expect((await get<CameraAnswer>(VIDEO_CALL_PATHS.camera, { truckId: video.trucks.noCamera })).data).toMatchObject({ totalChannels: 0 });
  });

  it('refuses a reversed range and one over a day, in the caller\'s language', async () => {
    const query = (startTime: number, endTime: number) => ({ truckId: video.trucks.streaming, channel: 1, startTime, endTime });
    expect(await get(VIDEO_CALL_PATHS.recordings, query(T0 + 1, T0))).toMatchObject({ resultCode: 400, message: '开始时间不能晚于结束时间' });
    expect(await get(VIDEO_CALL_PATHS.recordings, query(T0, T0 + 25 * 60 * MINUTE_MS), 'operator', 'en'))
      .toMatchObject({ resultCode: 400, message: 'Recordings can be searched over at most 1 day' });
    expect((await get(VIDEO_CALL_PATHS.recordings, query(T0, T0 + 24 * 60 * MINUTE_MS))).resultCode).toBe(RESULT_CODE.OK);
  });

  it('lists the recordings the truck\'s fixes make, cut every 3 minutes on the clock', async () => {
    const answer = await get<RecordingsAnswer>(VIDEO_CALL_PATHS.recordings, { truckId: video.trucks.streaming, channel: 2, startTime: T0 - 60 * MINUTE_MS, endTime: T0 + 60 * MINUTE_MS });
    const at = (minutes: number) => T0 + minutes * MINUTE_MS;
    expect(answer.data).toMatchObject({ reason: null, channel: 2 });
    expect(answer.data.recordings).toEqual([
      { startTime: at(0), endTime: at(3) }, { startTime: at(3), endTime: at(6) }, { startTime: at(6), endTime: at(9) },
      { startTime: at(9), endTime: at(11) }, { startTime: at(40), endTime: at(41) },
    ]);
    // A range starting inside a clip lists that clip whole, on the same bounds.
    const inside = await get<RecordingsAnswer>(VIDEO_CALL_PATHS.recordings, { truckId: video.trucks.streaming, channel: 2, startTime: at(4), endTime: at(5) });
    expect(inside.data.recordings).toEqual([{ startTime: at(3), endTime: at(6) }]);
    const off = await get<RecordingsAnswer>(VIDEO_CALL_PATHS.recordings, { truckId: video.trucks.cameraOff, channel: 1, startTime: at(0), endTime: at(60) });
    expect(off.data).toMatchObject({ recordings: [], reason: 'recordingOff' });
  });

  it('plays a recording as a VOD playlist of H.264 segments, and refuses a clip that is no recording', async () => {
    const clip = { truckId: video.trucks.streaming, channel: 2, startTime: T0 + 3 * MINUTE_MS, endTime: T0 + 6 * MINUTE_MS };
    const answer = await get<StreamAnswer>(VIDEO_CALL_PATHS.clip, clip);
    expect(answer.data.state).toBe('playing');
    if (answer.data.state !== 'playing') return;
    const text = await (await fetchFile(video.server.url, answer.data.playlist, token('operator'))).text();
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text).toContain('#EXT-X-ENDLIST');
    const durations = [...text.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Number(match[1]));
    expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(180, 0);
    const segment = segmentsOf(text)[0] ?? '';
    const bytes = Buffer.from(await (await fetchFile(video.server.url, answer.data.playlist.replace('index.m3u8', segment), token('operator'))).arrayBuffer());
    expect([bytes[0], bytes[188]]).toEqual([0x47, 0x47]);
    // Rendered once: asking again finds it in place, at once.
    const started = Date.now();
    expect((await get<StreamAnswer>(VIDEO_CALL_PATHS.clip, clip)).data).toEqual(answer.data);
    expect(Date.now() - started).toBeLessThan(500);
    expect((await fetchFile(video.server.url, answer.data.playlist, token('admin'))).status).toBe(200);
    // Not one of the truck's recordings (bounds off the cuts), and a clip of the camera that does not record.
    expect((await get(VIDEO_CALL_PATHS.clip, { ...clip, startTime: clip.startTime + 1000 })).resultCode).toBe(404);
    expect((await get<StreamAnswer>(VIDEO_CALL_PATHS.clip, { ...clip, truckId: video.trucks.cameraOff, channel: 1 })).data)
      .toMatchObject({ state: 'noSignal', reason: 'recordingOff' });
  });
});
