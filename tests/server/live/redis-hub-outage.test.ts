// Redis lost while two instances run: each keeps serving its own sockets, says so in diagnostics and once in its log,
// and after Redis returns every socket has every alarm raised meanwhile on the other instance, none twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import { SOCKET_CLOSE } from '../../../domain/wire/sockets';
import type { Diagnostics } from '../../../server/routes/diagnostics';
import { recordAlarm } from '../../../server/store/alarms';
import { call, login, raiseSimAlarm } from '../../helpers/api';
import { alarmSeqsOf, connect, type LiveClient } from '../../helpers/live-client';
import { startRedis } from '../../../scripts/cluster/local-redis';
import { startSimServer } from '../../helpers/server';
import { closeCode, recordingLog, startInstancePair, type InstancePair, type LoggedLine } from './instance-pair';

describe('live bus when Redis is lost and comes back', () => {
  let pair: InstancePair;
  let admin: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    pair = await startInstancePair();
    admin = (await login(pair.a.url, 'admin')).token;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await pair.close();
  });

  /** An alarm socket on `url` streaming every type from `afterSeq` (it replays what came after). */
  async function alarmSocket(url: string, afterSeq: number): Promise<LiveClient> {
    const client = await connect(url, 'alarm');
    clients.push(client);
    client.send({ typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'admin', token: admin, lastSeq: afterSeq });
    await client.next();
    return client;
  }

  const busOf = async (url: string) => (await call<Diagnostics>(url, 'GET', '/diagnostics', { token: admin })).data.bus;

  it('keeps each instance serving its sockets, then delivers every missed alarm once', async () => {
    const first = await raiseSimAlarm(pair.a.url, admin, { type: 2 });
    const before = first.seq - 1;
    const [onA, onB] = [await alarmSocket(pair.a.url, before), await alarmSocket(pair.b.url, before)];
    const operator = (await login(pair.a.url, 'operator')).token;
    const operatorOnB = await connect(pair.b.url, 'truck');
    clients.push(operatorOnB);
    operatorOnB.send({ frequency: 30, msgType: 0, userPri: [], token: operator });
    await operatorOnB.next();

    await pair.redis.stop();
    await pair.busesAre('down');
    const down = await busOf(pair.b.url);
    expect(down).toMatchObject({ kind: 'redis', state: 'down', instanceId: 'B' });
    // B cannot reach the simulator's instance: it says so at once instead of waiting for an answer.
    const asked = Date.now();
    expect(await call(pair.b.url, 'POST', '/sim/alarm', { token: admin, form: { type: 2 }, lang: 'en' })).toEqual({
      resultCode: 503, message: 'The simulator is not running', data: null,
    });
    expect(Date.now() - asked).toBeLessThan(1_000);

    // Raised on A and on B, interleaved, while neither hears the other: B's own alarm goes out above A's missed ones.
    const raisedOnA = [await raiseSimAlarm(pair.a.url, admin, { type: 2 }), await raiseSimAlarm(pair.a.url, admin, { type: 201 })];
    const truck = await pair.b.services.db.selectFrom('truck').selectAll().limit(1).executeTakeFirstOrThrow();
    const raisedOnB = await recordAlarm(pair.b.services.db, pair.b.services.hub, {
      type: 2, truckId: truck.id, signCode: truck.signCode, companyCode: truck.companyCode, startTime: Date.now(), remark: '', properties: {},
    });
    raisedOnA.push(await raiseSimAlarm(pair.a.url, admin, { type: 2 }));
    // A logout B cannot hear: its socket there closes when the bus is back, not at the ping sweep 30 s later.
    expect((await call(pair.a.url, 'GET', '/loginOut', { token: operator })).resultCode).toBe(200);
    await expect.poll(() => alarmSeqsOf(onA)).toEqual([first.seq, ...raisedOnA.slice(0, 2).map((a) => a.seq), raisedOnA[2]?.seq]);
    await expect.poll(() => alarmSeqsOf(onB)).toEqual([first.seq, raisedOnB.alarm.seq]);
    // A few seconds down in all, so the clients back off and retry more than once.
    await onB.during(1_500);
    expect(alarmSeqsOf(onB)).toEqual([first.seq, raisedOnB.alarm.seq]);
    expect(operatorOnB.ws.readyState).toBe(operatorOnB.ws.OPEN);

    await pair.redis.start();
    await pair.busesAre('up');
    expect(await closeCode(operatorOnB)).toBe(SOCKET_CLOSE.sessionExpired);
    const stored = await pair.a.services.db.selectFrom('alarm').select('seq').where('seq', '>', before).orderBy('seq').execute();
    const all = stored.map((row) => row.seq);
    expect(all).toHaveLength(5);
    for (const client of [onA, onB]) {
      await expect.poll(() => [...alarmSeqsOf(client)].sort((x, y) => x - y)).toEqual(all);
      await client.during(300);
      expect(alarmSeqsOf(client)).toHaveLength(all.length);
    }

    const up = await busOf(pair.b.url);
    expect(up.state).toBe('up');
    expect(up.since).toBeGreaterThan(down.since);
    // Once per outage, not per alarm.
    for (const lines of [pair.logs.a, pair.logs.b]) {
      expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
      expect(lines[0]?.message).toMatch(/^Live bus down: Redis at 127\.0\.0\.1:\d+ unreachable/);
      expect(lines[1]?.message).toMatch(/^Live bus up again after [\d.]+ s/);
    }
  });
});

describe('live bus when Redis is unreachable at start', () => {
  it('starts and serves its own sockets at once, says the bus is down, and joins when Redis appears', async () => {
    const redis = await startRedis();
    await redis.stop();
    const lines: LoggedLine[] = [];
    const server = await startSimServer({ seed: 3, trucks: 2, redisUrl: redis.url, instanceId: 'lonely', busLog: recordingLog(lines) });
    const client = await connect(server.url, 'alarm');
    try {
      const { token } = await login(server.url, 'admin');
      const first = await raiseSimAlarm(server.url, token, { type: 2 });
      client.send({ typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'admin', token, lastSeq: first.seq - 1 });
      await client.next();
      const raised = await raiseSimAlarm(server.url, token, { type: 2 });
      await expect.poll(() => alarmSeqsOf(client)).toEqual([first.seq, raised.seq]);
      const bus = (await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token })).data.bus;
      expect(bus).toMatchObject({ kind: 'redis', state: 'down', instanceId: 'lonely' });

      await redis.start();
      await expect.poll(() => server.services.hub.status().state, { timeout: 10_000 }).toBe('up');
      expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
    } finally {
      await client.close();
      await server.close();
      await redis.close();
    }
  });
});
