// The alarm socket: live alarms by company and type, and the lastSeq replay with no gap and no duplicate under load.
import { describe, expect, it } from 'vitest';
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import type { LiveAlarm } from '../../../domain/wire/live-alarm';
import { lastAlarmSeq } from '../../../server/store/alarms';
import type { LiveClient } from '../../helpers/live-client';
import { raiseAlarm, seqs } from './fleet';
import { liveServer } from './live-server';

type Received = LiveAlarm & { readonly seq: number };

const open = (token: string, typeIds = EVERY_TYPE_LIST, extra: { lastSeq?: number; userPri?: string[] } = {}) => ({
  typeIds,
  msgType: 1,
  userPri: (extra.userPri ?? []).map((key) => ({ key })),
  userName: 'someone',
  token,
  ...(extra.lastSeq === undefined ? {} : { lastSeq: extra.lastSeq }),
});

const TYPES = [2, 4, 7, 45] as const;

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('alarm socket /truckAlarm/alarm', () => {
  const live = liveServer();
  const truck = (i: number) => live.truck(i);
  const subscribe = async (message: ReturnType<typeof open>) => {
    const c = await live.connect('alarm');
    c.send(message);
    await settle();
    return c;
  };
  const parsed = (c: LiveClient) => c.received.map((m) => JSON.parse(m) as Received);

  it("sends each live alarm as one JSON message with its seq, and never another company's to an operator", async () => {
    const mine = await subscribe(open(live.token('operator')));
    const asksForOthers = await subscribe(open(live.token('operator'), EVERY_TYPE_LIST, { userPri: ['C003'] }));
    const other = await raiseAlarm(live.server.services, truck(2), 2);
    const own = await raiseAlarm(live.server.services, truck(0), 7);
    expect(await mine.nextJson<Received>()).toEqual(own.alarm);
    expect(own.alarm.seq).toBeGreaterThan(other.alarm.seq);
    expect(await mine.during(200)).toEqual([]);
    expect(asksForOthers.received).toEqual([]);
  });

  it('filters by typeIds (every type listed, or none when empty) and applies changed typeIds from a new open message', async () => {
    const overspeedOnly = await subscribe(open(live.token('admin'), '2,45'));
    const everything = await subscribe(open(live.token('admin'), EVERY_TYPE_LIST));
    const nothing = await subscribe(open(live.token('admin'), ''));
    await raiseAlarm(live.server.services, truck(0), 7);
    await raiseAlarm(live.server.services, truck(2), 2);
    await raiseAlarm(live.server.services, truck(3), 45);
    await settle();
    expect(parsed(overspeedOnly).map((a) => a.type)).toEqual([2, 45]);
    expect(parsed(everything).map((a) => a.type)).toEqual([7, 2, 45]);
    expect(nothing.received).toEqual([]);

    overspeedOnly.send(open(live.token('admin'), '7'));
    await settle();
    await raiseAlarm(live.server.services, truck(1), 2);
    await raiseAlarm(live.server.services, truck(1), 7);
    await settle();
    expect(parsed(overspeedOnly).map((a) => a.type)).toEqual([2, 45, 7]);
  });

  it('reads a parent type as its events too: typeIds 8 brings the ADAS events, live and in the replay', async () => {
    const before = await raiseAlarm(live.server.services, truck(0), 2);
    const missed = await raiseAlarm(live.server.services, truck(0), 16);
    const adas = await subscribe(open(live.token('admin'), '8', { lastSeq: before.alarm.seq }));
    await raiseAlarm(live.server.services, truck(1), 2);
    const event = await raiseAlarm(live.server.services, truck(1), 9);
    const plain = await raiseAlarm(live.server.services, truck(1), 8);
    await settle();
    expect(seqs(parsed(adas))).toEqual([missed.alarm.seq, event.alarm.seq, plain.alarm.seq]);
  });

  it('replays what was missed after lastSeq (only the last 24 h, own companies, in seq order) before live alarms', async () => {
    const now = Date.now();
    const before = await raiseAlarm(live.server.services, truck(0), 2, now - 60_000);
    const tooOld = await raiseAlarm(live.server.services, truck(0), 2, now - 25 * 3_600_000);
    const missed = [
      await raiseAlarm(live.server.services, truck(0), 4, now - 50_000),
      await raiseAlarm(live.server.services, truck(2), 4, now - 40_000),
      await raiseAlarm(live.server.services, truck(1), 5, now - 30_000),
    ];
    const c = await subscribe(open(live.token('operator'), EVERY_TYPE_LIST, { lastSeq: before.alarm.seq }));
    const raisedLive = await raiseAlarm(live.server.services, truck(1), 6);
    await settle();
    const got = parsed(c);
    expect(seqs(got)).toEqual([missed[0]?.alarm.seq, missed[2]?.alarm.seq, raisedLive.alarm.seq]);
    expect(seqs(got)).not.toContain(tooOld.alarm.seq);
    expect(got[0]).toEqual(missed[0]?.alarm);
  });

  it('treats a lastSeq beyond the newest stored alarm as another database and sends the replay window and live alarms', async () => {
    const recent = await raiseAlarm(live.server.services, truck(0), 2, Date.now() - 10_000);
    const c = await subscribe(open(live.token('admin'), EVERY_TYPE_LIST, { lastSeq: recent.alarm.seq + 100_000 }));
    const raisedLive = await raiseAlarm(live.server.services, truck(0), 4);
    await settle();
    const got = seqs(parsed(c));
    expect(got).toContain(recent.alarm.seq);
    expect(got.at(-1)).toBe(raisedLive.alarm.seq);
  });

  it('loses and repeats nothing when clients reconnect with lastSeq while alarms keep being recorded', async () => {
    const start = await raiseAlarm(live.server.services, truck(0), 2);
    let recording = true;
    const writer = (async () => {
      for (let i = 0; recording; i += 1) {
        // Several stores in flight at once, like the simulator's bursts, across companies and types.
        await Promise.all([0, 1, 2, 3].map((t) => raiseAlarm(live.server.services, truck((i + t) % 4), TYPES[t] ?? 2)));
        // SQLite answers through microtasks only: yield so sockets and timers run between bursts.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const reconnecting: { client: LiveClient; lastSeq: number; pri: string[] }[] = [];
    for (let k = 0; k < 6; k += 1) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      const lastSeq = start.alarm.seq + k * 7;
      // A lastSeq the database has not reached yet reads as another database's (the replay window instead): on a
      // loaded machine the writer may be behind, so each client resumes from a seq already stored.
      await expect.poll(() => lastAlarmSeq(live.server.services.db), { timeout: 15_000 }).toBeGreaterThanOrEqual(lastSeq);
      const pri = k % 2 === 0 ? [] : ['C003'];
      const client = await live.connect('alarm');
      client.send(open(live.token(k % 2 === 0 ? 'operator' : 'admin'), EVERY_TYPE_LIST, { lastSeq, userPri: pri }));
      reconnecting.push({ client, lastSeq, pri });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Enough alarms after every lastSeq for the checks below to mean something, however fast the database stores them
    // (PostgreSQL stores them one transaction at a time, in seq order).
    await expect.poll(() => lastAlarmSeq(live.server.services.db), { timeout: 15_000 }).toBeGreaterThan(start.alarm.seq + 35 + 120);
    recording = false;
    await writer;
    await settle();

    for (const { client, lastSeq, pri } of reconnecting) {
      const companies = pri.length > 0 ? pri : ['C002'];
      const stored = await live.server.services.db
        .selectFrom('alarm').select('seq').where('seq', '>', lastSeq).where('companyCode', 'in', companies).orderBy('seq').execute();
      expect(stored.length).toBeGreaterThan(20);
      expect(seqs(parsed(client))).toEqual(stored.map((r) => r.seq));
    }
  });

  it('answers the empty heartbeat with pong on both sockets, before and after the open message', async () => {
    const alarm = await live.connect('alarm');
    const truckSocket = await live.connect('truck');
    alarm.send('');
    expect(await alarm.next()).toBe('pong');
    alarm.send(open(live.token('operator')));
    alarm.send('');
    expect(await alarm.next()).toBe('pong');
    truckSocket.send('');
    expect(await truckSocket.next()).toBe('pong');
  });
});
