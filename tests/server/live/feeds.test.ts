// The two feeds without sockets: the alarm replay's race window held open on purpose, paging, and slow readers.
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TruckStatusRow } from '../../../domain/wire/truck-row';
import { loadAuthContext, type AuthContext } from '../../../server/auth/context';
import { createServices, type CreatedServices } from '../../../server/create-services';
import { createAlarmFeed } from '../../../server/live/alarm-feed';
import type { FeedSender } from '../../../server/live/connection';
import { DEFAULT_LIVE_LIMITS } from '../../../server/live/socket-policy';
import { createTruckFeed } from '../../../server/live/truck-feed';
import type { Services } from '../../../server/services';
import { LocalHub } from '../../../server/live/hub';
import { alarmsAfter, lastAlarmSeq, recordAlarm } from '../../../server/store/alarms';
import { changeTruck, insertFleet, raiseAlarm, type FixtureTruck } from './fleet';
import { freshDatabase, type TestDatabase } from '../../helpers/test-database';

function fakeSender(backlog = 0) {
  const sent: unknown[] = [];
  const sender = {
    json: (value: unknown) => void sent.push(value),
    text: (json: string) => void sent.push(JSON.parse(json)),
    backlog: vi.fn(() => backlog),
    close: vi.fn(),
  } satisfies FeedSender;
  return { sent, sender };
}

const alarmOpen = (lastSeq?: number) => ({
  typeIds: EVERY_TYPE_LIST, msgType: 1 as const, userPri: [], userName: 'operator', ...(lastSeq === undefined ? {} : { lastSeq }),
});
const seqsOf = (sent: readonly unknown[]) => sent.map((a) => (a as { seq: number }).seq);

describe('feeds', () => {
  let fresh: TestDatabase;
  let created: CreatedServices;
  let services: Services;
  let trucks: FixtureTruck[];
  let operator: AuthContext;
  const mine = () => trucks[0] ?? trucks[1] ?? (() => { throw new Error('no truck'); })();

  beforeAll(async () => {
    fresh = await freshDatabase();
    created = await createServices({ database: fresh.target });
    services = created.services;
    trucks = await insertFleet(services);
    const user = await services.db.selectFrom('appUser').select('id').where('userName', '=', 'operator').executeTakeFirstOrThrow();
    const auth = await loadAuthContext(services.db, 'test', user.id);
    if (!auth) throw new Error('no operator');
    operator = auth;
  });

  afterAll(async () => {
    await created.close();
    await fresh.drop();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends alarms stored around the replay read exactly once, in seq order: none lost, none repeated', async () => {
    const held = await raiseAlarm(services, mine());
    const missed = await raiseAlarm(services, mine());
    const racing: number[] = [];
    let first = true;
    const read: typeof alarmsAfter = async (...args) => {
      if (!first) return alarmsAfter(...args);
      first = false;
      racing.push((await raiseAlarm(services, mine())).alarm.seq); // in the read result and published live
      const page = await alarmsAfter(...args);
      racing.push((await raiseAlarm(services, mine())).alarm.seq); // after the read: only the live path has it
      return page;
    };
    const { sent, sender } = fakeSender();
    const feed = createAlarmFeed(services, DEFAULT_LIVE_LIMITS, sender, { read });
    await feed.open(alarmOpen(held.alarm.seq), operator);
    const live = await raiseAlarm(services, mine());
    feed.dispose();
    await raiseAlarm(services, mine());
    expect(seqsOf(sent)).toEqual([missed.alarm.seq, ...racing, live.alarm.seq]);
  });

  it('sends no live alarm ahead of the replay while it looks up the newest seq (a database answering over the network)', async () => {
    const held = await raiseAlarm(services, mine());
    const missed = await raiseAlarm(services, mine());
    let racing = 0;
    const newest: typeof lastAlarmSeq = async (db) => {
      racing = (await raiseAlarm(services, mine())).alarm.seq; // published while the look-up is in flight
      return lastAlarmSeq(db);
    };
    const { sent, sender } = fakeSender();
    const feed = createAlarmFeed(services, DEFAULT_LIVE_LIMITS, sender, { newest });
    await feed.open(alarmOpen(held.alarm.seq), operator);
    feed.dispose();
    expect(seqsOf(sent)).toEqual([missed.alarm.seq, racing]);
  });

  it('pages through a long absence without stopping at a page size', async () => {
    const from = (await raiseAlarm(services, mine())).alarm.seq;
    const t = mine();
    const now = Date.now();
    for (let batch = 0; batch < 5; batch += 1) {
      await services.db.insertInto('alarm').values(Array.from({ length: 500 }, () => ({
        type: 2, truckId: t.id, signCode: t.signCode, companyCode: t.companyCode, startTime: now, insertTime: now,
        remark: '', properties: '{}',
      }))).execute();
    }
    const { sent, sender } = fakeSender();
    const feed = createAlarmFeed(services, DEFAULT_LIVE_LIMITS, sender);
    await feed.open(alarmOpen(from), operator);
    feed.dispose();
    expect(sent).toHaveLength(2_500);
    expect(seqsOf(sent)).toEqual(Array.from({ length: 2_500 }, (_, i) => from + 1 + i));
  });

  it('sends an alarm arriving below seqs it already sent (another instance\'s, or caught up after an outage), each once', async () => {
    const stored = async () => recordAlarm(services.db, new LocalHub(), {
      type: 2, truckId: mine().id, signCode: mine().signCode, companyCode: mine().companyCode, startTime: Date.now(), remark: '', properties: {},
    });
    const lower = await stored();
    const higher = await stored();
    const { sent, sender } = fakeSender();
    const feed = createAlarmFeed(services, DEFAULT_LIVE_LIMITS, sender);
    await feed.open(alarmOpen(), operator);
    for (const published of [higher, lower, higher, lower]) services.hub.publishAlarm(published);
    feed.dispose();
    expect(seqsOf(sent)).toEqual([higher.alarm.seq, lower.alarm.seq]);
  });

  it('drops a reader that cannot keep up with live alarms (it will reconnect with lastSeq)', async () => {
    const { sender } = fakeSender(DEFAULT_LIVE_LIMITS.maxBufferedBytes + 1);
    const feed = createAlarmFeed(services, DEFAULT_LIVE_LIMITS, sender);
    await feed.open(alarmOpen(), operator);
    await raiseAlarm(services, mine());
    feed.dispose();
    expect(sender.close).toHaveBeenCalledWith('overloaded');
  });

  it('holds status changes while the reader is behind, then sends each truck once in its latest version', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { sent, sender } = fakeSender();
    const feed = createTruckFeed(services, DEFAULT_LIVE_LIMITS, sender);
    await feed.open({ frequency: 1, msgType: 0, userPri: [] }, operator);
    expect(sent).toHaveLength(1);
    sender.backlog.mockReturnValue(DEFAULT_LIVE_LIMITS.maxBufferedBytes + 1);
    await changeTruck(services, mine(), { speed: 10 });
    vi.advanceTimersByTime(1_000);
    await changeTruck(services, mine(), { speed: 20 });
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(1);
    sender.backlog.mockReturnValue(0);
    vi.advanceTimersByTime(1_000);
    feed.dispose();
    expect((sent[1] as TruckStatusRow[]).map((r) => [r.signCode, r.speed])).toEqual([[mine().signCode, 20]]);
    vi.advanceTimersByTime(5_000);
    expect(sent).toHaveLength(2);
  });
});
