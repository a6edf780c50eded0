// Recordings: NDJSON parsing with line-numbered problems, replay timing on a fake clock, and replay through the real sockets.
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RawFrame } from '../../../server/live/hub';
import { parseRecording, parseReplayArgs, replayRecording, type ReplayClock } from '../../../server/live/recording';
import { login } from '../../helpers/api';
import { startServer } from '../../helpers/server';
import { connect } from '../../helpers/live-client';

const FIXTURE = fs.readFileSync(path.resolve('tests/fixtures/sim-recording.ndjson'), 'utf8');

function fakeClock(): ReplayClock & { readonly sleeps: number[] } {
  let now = 1_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

const row = { status: 1, signCode: '京A1', truckCompany: 'X', alarm: '', gpsTime: null, statusTime: null, speed: 0, area: '', lastIventoryMap: {} };
const alarm = { type: 2, signCode: '京A1', startTime: 1, truckId: 1, insertTime: 1, remark: '', seq: 3, properties: {} };

describe('recording files', () => {
  it('reads the recorded fixture: both sockets, times in order, every frame valid', () => {
    const { frames, problems } = parseRecording(FIXTURE);
    expect(problems).toEqual([]);
    expect(frames.length).toBeGreaterThanOrEqual(8);
    expect(new Set(frames.map((f) => f.socket))).toEqual(new Set(['truck', 'alarm']));
    expect(frames.map((f) => f.t)).toEqual([...frames.map((f) => f.t)].sort((a, b) => a - b));
  });

  it('reports each bad line with its number and reason, and keeps the good ones in order', () => {
    const text = [
      JSON.stringify({ t: 0, socket: 'truck', data: [row] }),
      '{"t": 5, "socket": "truck"',
      '',
      JSON.stringify({ t: -1, socket: 'alarm', data: alarm }),
      JSON.stringify({ t: 9, socket: 'status', data: [] }),
      JSON.stringify({ t: 10, socket: 'alarm' }),
      JSON.stringify({ t: 11, socket: 'truck', data: { rows: [] } }),
      JSON.stringify({ t: 12, socket: 'truck', data: [row, { ...row, status: 9 }] }),
      JSON.stringify({ t: 13, socket: 'alarm', data: { ...alarm, type: 999 } }),
      JSON.stringify([1, 2]),
      JSON.stringify({ t: 20, socket: 'alarm', data: alarm }),
    ].join('\r\n');
    const { frames, problems } = parseRecording(text);
    expect(frames.map((f) => f.t)).toEqual([0, 20]);
    expect(problems.map((p) => p.line)).toEqual([2, 4, 5, 6, 7, 8, 9, 10]);
    expect(problems[0]?.reason).toBe('not JSON');
    expect(problems[5]?.reason).toBe('1 malformed status row(s)');
  });

  it('reads FILE and --speed N (or --speed=N), and explains what is wrong otherwise', () => {
    expect(parseReplayArgs(['rec.ndjson'])).toEqual({ file: 'rec.ndjson', speed: 1 });
    expect(parseReplayArgs(['rec.ndjson', '--speed', '4'])).toEqual({ file: 'rec.ndjson', speed: 4 });
    expect(parseReplayArgs(['--speed=0.5', 'rec.ndjson'])).toEqual({ file: 'rec.ndjson', speed: 0.5 });
    expect(parseReplayArgs([])).toMatch(/usage/);
    expect(parseReplayArgs(['rec.ndjson', '--speed', '0'])).toMatch(/positive/);
    expect(parseReplayArgs(['rec.ndjson', '--speed'])).toMatch(/positive/);
    expect(parseReplayArgs(['a', 'b'])).toMatch(/only one/);
    expect(parseReplayArgs(['a', '--fast'])).toMatch(/unknown option/);
  });
});

describe('replay timing', () => {
  it('publishes the fixture frames as they are, in order, at their recorded offsets divided by speed', async () => {
    const { frames } = parseRecording(FIXTURE);
    const clock = fakeClock();
    const published: { frame: RawFrame; at: number }[] = [];
    const count = await replayRecording(frames, (frame) => published.push({ frame, at: clock.now() }), { speed: 2, clock });
    expect(count).toBe(frames.length);
    expect(published.map((p) => p.frame)).toEqual(frames.map((f) => ({ socket: f.socket, data: f.data })));
    const t0 = frames[0]?.t ?? 0;
    expect(published.map((p) => p.at - 1_000)).toEqual(frames.map((f) => (f.t - t0) / 2));
  });

  it('waits only for what is left when publishing was slow, and sends out-of-order times right away in file order', async () => {
    const clock = fakeClock();
    const frames = [
      { t: 100, socket: 'alarm', data: alarm },
      { t: 600, socket: 'alarm', data: { ...alarm, seq: 4 } },
      { t: 400, socket: 'alarm', data: { ...alarm, seq: 5 } },
      { t: 1100, socket: 'alarm', data: { ...alarm, seq: 6 } },
    ] as const;
    const seqs: number[] = [];
    await replayRecording(frames, (frame) => {
      seqs.push((frame.data as { seq: number }).seq);
      void clock.sleep(200); // the publish itself took 200 ms
    }, { clock });
    expect(seqs).toEqual([3, 4, 5, 6]);
    expect(clock.sleeps).toEqual([200, 300, 200, 200, 100, 200]);
  });

  it('stops when aborted and refuses a speed that is not positive', async () => {
    const { frames } = parseRecording(FIXTURE);
    const stop = new AbortController();
    const clock = fakeClock();
    const count = await replayRecording(frames, () => stop.abort(), { clock, signal: stop.signal });
    expect(count).toBe(1);
    await expect(replayRecording(frames, () => undefined, { speed: 0, clock })).rejects.toThrow(/positive/);
  });
});

describe('replay through the sockets', () => {
  it('sends every recorded frame unchanged, in order, to authenticated sockets of its kind only', async () => {
    const server = await startServer();
    try {
      const { token } = await login(server.url, 'operator');
      const trucks = await connect(server.url, 'truck');
      const alarms = await connect(server.url, 'alarm');
      const stranger = await connect(server.url, 'truck');
      trucks.send({ frequency: 30, msgType: 0, userPri: [], token });
      alarms.send({ typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'operator', token });
      expect(await trucks.nextJson()).toEqual([]); // this database has no trucks: the snapshot is empty
      alarms.send('');
      expect(await alarms.next()).toBe('pong');
      // The alarm socket says nothing when its open message is accepted; frames replayed before that are not its.
      await expect.poll(() => server.services.sockets?.streamingCounts().alarm).toBe(1);

      const { frames } = parseRecording(FIXTURE);
      const clock = fakeClock();
      await replayRecording(frames, (frame) => server.services.hub.publishRaw(frame), { clock, speed: 100 });
      const expected = (socket: string) => frames.filter((f) => f.socket === socket).map((f) => f.data);
      for (const want of expected('truck')) expect(await trucks.nextJson()).toEqual(want);
      for (const want of expected('alarm')) expect(await alarms.nextJson()).toEqual(want);
      expect(stranger.received).toEqual([]);
      await Promise.all([trucks.close(), alarms.close(), stranger.close()]);
    } finally {
      await server.close();
    }
  });
});
