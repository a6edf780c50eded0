// Malformed client frames are counted and ignored: the sender stays subscribed, other clients and HTTP are untouched.
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';
import { insertFleet, raiseAlarm, seqs, type FixtureTruck } from './fleet';
import { connect } from '../../helpers/live-client';

/** Seeded, so a failing frame can be reproduced. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const WRONG_SHAPES: readonly unknown[] = [
  null, 42, 'open', [], {}, true,
  { frequency: 30, msgType: 0, userPri: [] },
  { typeIds: 5, msgType: 1, userPri: [], userName: 'x' },
  { typeIds: '', msgType: 1, userPri: [{}], userName: 'x' },
  { typeIds: '', msgType: 1, userPri: 'C002', userName: 'x' },
  { typeIds: '', msgType: 1, userPri: [], userName: 'x', lastSeq: -1 },
  { typeIds: '', msgType: 1, userPri: [], userName: 'x', lastSeq: 1.5 },
  { typeIds: '', msgType: 1, userPri: [], userName: 'x', token: 7 },
  { typeIds: '', msgType: '1', userPri: [], userName: 'x' },
  { typeIds: '', msgType: 1, userPri: [], userName: null },
];

interface Frame {
  readonly data: Buffer | string;
  readonly binary: boolean;
}

function malformedFrame(random: () => number, i: number): Frame {
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)));
  const size = 1 + Math.floor(random() * 400);
  switch (i % 8) {
    case 0: return { data: bytes(size), binary: true };
    case 1: return { data: bytes(size), binary: false }; // mostly invalid UTF-8 in a text frame
    case 2: return { data: '{"typeIds":"1,2","msgType":1,"userPri":[', binary: false };
    case 3: return { data: JSON.stringify(WRONG_SHAPES[Math.floor(random() * WRONG_SHAPES.length)]), binary: false };
    case 4: return { data: 'x'.repeat(20_000 + Math.floor(random() * 200_000)), binary: false };
    case 5: // a well-formed open message, but far above the size an open message needs
      return { data: JSON.stringify({ typeIds: '', msgType: 1, userPri: [], userName: 'y'.repeat(40_000) }), binary: false };
    case 6: return { data: [' ', '\n', '\u0000', 'pong', 'null '][i % 5] ?? ' ', binary: false };
    default: return { data: `${'['.repeat(2_000)}${']'.repeat(2_000)}`, binary: false };
  }
}

describe('malformed frames', () => {
  let server: RunningServer;
  let trucks: FixtureTruck[];
  let operator: string;

  beforeAll(async () => {
    server = await startServer({ prepare: async (services) => void (trucks = await insertFleet(services)) });
    operator = (await login(server.url, 'operator')).token;
  });

  afterAll(async () => {
    await server.close();
  });

  const openAlarms = { typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'operator' };

  it('counts and ignores 1,000 malformed frames while another client keeps receiving and HTTP answers', async () => {
    const mine = trucks[0];
    if (!mine) throw new Error('no fixture truck');
    const registry = server.services.sockets;
    if (!registry) throw new Error('sockets not registered');
    const fuzzer = await connect(server.url, 'alarm');
    const watcher = await connect(server.url, 'alarm');
    fuzzer.send({ ...openAlarms, token: operator });
    watcher.send({ ...openAlarms, token: operator });
    for (const c of [fuzzer, watcher]) {
      c.send('');
      expect(await c.next()).toBe('pong');
    }
    // An alarm socket says nothing when its open message is accepted; alarms raised before that are not its.
    await expect.poll(() => registry.streamingCounts().alarm).toBe(2);
    const badBefore = registry.badFrames();

    const random = mulberry32(20260105);
    const raised: number[] = [];
    for (let i = 0; i < 1_000; i += 1) {
      const frame = malformedFrame(random, i);
      fuzzer.ws.send(frame.data, { binary: frame.binary });
      if (i % 50 === 0) {
        raised.push((await raiseAlarm(server.services, mine)).alarm.seq);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    // The server handles one socket's frames in order: the pong proves all 1,000 were read.
    fuzzer.send('');
    let message = '';
    while (message !== 'pong') message = await fuzzer.next(10_000);
    expect(registry.badFrames() - badBefore).toBe(1_000);

    const last = await raiseAlarm(server.services, mine);
    raised.push(last.alarm.seq);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const alarmsOf = (received: readonly string[]) =>
      received.filter((m) => m !== 'pong').map((m) => JSON.parse(m) as { seq: number });
    expect(seqs(alarmsOf(watcher.received))).toEqual(raised);
    expect(seqs(alarmsOf(fuzzer.received))).toEqual(raised);
    expect(fuzzer.ws.readyState).toBe(fuzzer.ws.OPEN);

    const http = await call(server.url, 'GET', '/userPri', { token: operator });
    expect(http.resultCode).toBe(200);
    await Promise.all([fuzzer.close(), watcher.close()]);
  });

  it('closes only the sender of a frame above the payload limit (1009), and counts it', async () => {
    const registry = server.services.sockets;
    if (!registry) throw new Error('sockets not registered');
    const bystander = await connect(server.url, 'truck');
    bystander.send({ frequency: 30, msgType: 0, userPri: [], token: operator });
    await bystander.next();
    const flooder = await connect(server.url, 'truck');
    const badBefore = registry.badFrames();
    flooder.ws.send('z'.repeat(1024 * 1024 + 1));
    expect((await flooder.closed).code).toBe(1009);
    expect(registry.badFrames() - badBefore).toBe(1);
    bystander.send('');
    expect(await bystander.next()).toBe('pong');
    await bystander.close();
  });
});
