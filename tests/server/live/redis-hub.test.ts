// Two instances on one database and one Redis: whatever either publishes (alarms, rows, data changes) reaches the matching
// sockets on both, logouts
// and password changes close sockets on the other instance, sessions and login limits hold across them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import { SOCKET_CLOSE } from '../../../domain/wire/sockets';
import type { TruckStatusRow } from '../../../domain/wire/truck-row';
import { announceAccountChange } from '../../../server/auth/account-change';
import { md5Hex } from '../../../server/auth/passwords';
import type { Diagnostics } from '../../../server/routes/diagnostics';
import { DEMO_ACCOUNTS } from '../../../server/seed/accounts';
import { recordAlarm } from '../../../server/store/alarms';
import { call, login, raiseSimAlarm } from '../../helpers/api';
import { alarmSeqsOf, connect, type LiveClient } from '../../helpers/live-client';
import { insertCoverEvent } from './fleet';
import { alarmOpen, handle, HANDLING_NOTICE, openAlarmSocket } from './handling';
import { closeCode, startInstancePair, type InstancePair } from './instance-pair';

describe('live bus over Redis between two instances', () => {
  let pair: InstancePair;
  let admin: string;
  const clients: LiveClient[] = [];

  /** A socket streaming for `token` on `url`: a status socket once its snapshot came, an alarm socket once it replayed one alarm. */
  async function streaming(url: string, kind: 'truck' | 'alarm', token: string): Promise<LiveClient> {
    const client = await connect(url, kind);
    clients.push(client);
    if (kind === 'truck') {
      client.send({ frequency: 1, msgType: 0, userPri: [], token });
    } else {
      const seen = await raiseSimAlarm(pair.a.url, admin, { type: 2 });
      client.send({ typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'x', token, lastSeq: seen.seq - 1 });
    }
    await client.next();
    return client;
  }

  beforeAll(async () => {
    pair = await startInstancePair();
    admin = (await login(pair.a.url, 'admin')).token;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await pair.close();
  });

  it('delivers an alarm raised through A to a socket on B, and to A\'s own socket once', async () => {
    const [onA, onB] = [await streaming(pair.a.url, 'alarm', admin), await streaming(pair.b.url, 'alarm', admin)];
    const raised = await raiseSimAlarm(pair.a.url, admin, { type: 2 });
    await expect.poll(() => alarmSeqsOf(onB)).toContain(raised.seq);
    await onA.during(300);
    expect(alarmSeqsOf(onA).filter((seq) => seq === raised.seq)).toHaveLength(1);
  });

  it('delivers an alarm recorded on B to a socket on A', async () => {
    const onA = await streaming(pair.a.url, 'alarm', admin);
    const truck = await pair.b.services.db.selectFrom('truck').selectAll().limit(1).executeTakeFirstOrThrow();
    const recorded = await recordAlarm(pair.b.services.db, pair.b.services.hub, {
      type: 2, truckId: truck.id, signCode: truck.signCode, companyCode: truck.companyCode, startTime: Date.now(), remark: '', properties: {},
    });
    await expect.poll(() => alarmSeqsOf(onA)).toContain(recorded.alarm.seq);
  });

  it('tells a console on B of a handling saved through A, and A\'s own, once each; not an operator of another company', async () => {
    const [onA, onB] = [await streaming(pair.a.url, 'alarm', admin), await streaming(pair.b.url, 'alarm', admin)];
    const operator = (await login(pair.b.url, 'operator')).token;
    const operatorOnB = await openAlarmSocket(pair.b.services, async () => {
      const client = await connect(pair.b.url, 'alarm');
      clients.push(client);
      return client;
    }, alarmOpen(operator));
    const truck = await pair.a.services.db.selectFrom('truck').select(['id', 'companyCode']).where('companyCode', '<>', 'C002').limit(1).executeTakeFirstOrThrow();
    expect(await handle(pair.a.url, admin, [await insertCoverEvent(pair.a.services, truck)])).toBe(1);
    for (const client of [onA, onB]) await expect.poll(() => client.received).toContain(HANDLING_NOTICE);
    await onB.during(300);
    for (const client of [onA, onB]) expect(client.received.filter((text) => text === HANDLING_NOTICE)).toHaveLength(1);
    expect(operatorOnB.received).toEqual([]);
  });

  it('streams status changes of A\'s simulator on B\'s status socket', async () => {
    const onB = await streaming(pair.b.url, 'truck', admin);
    await pair.a.simulator.ready;
    const report = await pair.a.simulator.tick(Date.now() + 10 * 60_000);
    expect(report.rows).toBeGreaterThan(0);
    const frame = JSON.parse(await onB.next(5_000)) as TruckStatusRow[];
    expect(frame.length).toBeGreaterThan(0);
  });

  it('sends a replayed frame published on A to sockets on both instances, once each', async () => {
    const [onA, onB] = [await streaming(pair.a.url, 'truck', admin), await streaming(pair.b.url, 'truck', admin)];
    pair.a.services.hub.publishRaw({ socket: 'truck', data: [{ replayed: true }] });
    for (const client of [onA, onB]) {
      await expect.poll(() => client.received.filter((text) => text.includes('replayed'))).toHaveLength(1);
    }
    await onA.during(300);
    expect(onA.received.filter((text) => text.includes('replayed'))).toHaveLength(1);
  });

  it('raises an alarm through B, which does not simulate, on A\'s simulator, and delivers it on both', async () => {
    expect(pair.b.services.sim).toBeUndefined();
    const [onA, onB] = [await streaming(pair.a.url, 'alarm', admin), await streaming(pair.b.url, 'alarm', admin)];
    const truck = await pair.b.services.db.selectFrom('truck').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const raised = await raiseSimAlarm(pair.b.url, admin, { type: 201, truckId: truck.id });
    expect(raised).toMatchObject({ type: 201, truckId: truck.id });
    const stored = await pair.a.services.db.selectFrom('alarm').select(['seq', 'type', 'truckId']).where('seq', '=', raised.seq).executeTakeFirst();
    expect(stored).toEqual({ seq: raised.seq, type: 201, truckId: truck.id });
    for (const client of [onA, onB]) await expect.poll(() => alarmSeqsOf(client)).toContain(raised.seq);
  });

  it('accepts a session made through A on B, over HTTP and sockets', async () => {
    const { token } = await login(pair.a.url, 'operator');
    expect((await call(pair.b.url, 'GET', '/userPri', { token })).resultCode).toBe(200);
    await streaming(pair.b.url, 'truck', token);
  });

  it('closes the socket on B of a session logged out through A with 4401', async () => {
    const { token } = await login(pair.a.url, 'operator');
    const onB = await streaming(pair.b.url, 'truck', token);
    expect((await call(pair.a.url, 'GET', '/loginOut', { token })).resultCode).toBe(200);
    expect(await closeCode(onB)).toBe(SOCKET_CLOSE.sessionExpired);
  });

  it('closes the user\'s other sessions\' sockets on B at a password change through A, not the changing session\'s', async () => {
    const user = DEMO_ACCOUNTS.find((a) => a.userName === 'garden');
    if (!user) throw new Error('no garden account');
    const changing = (await login(pair.a.url, 'garden')).token;
    const other = (await login(pair.b.url, 'garden')).token;
    const [changingOnB, otherOnB] = [await streaming(pair.b.url, 'truck', changing), await streaming(pair.b.url, 'truck', other)];
    const id = (await pair.a.services.db.selectFrom('appUser').select('id').where('userName', '=', 'garden').executeTakeFirstOrThrow()).id;
    const answer = await call(pair.a.url, 'PUT', '/userInfoPwd', {
      token: changing, form: { id, pwd: md5Hex('garden456'), oldPwd: md5Hex(user.password) },
    });
    expect(answer.resultCode).toBe(200);
    expect(await closeCode(otherOnB)).toBe(SOCKET_CLOSE.sessionExpired);
    expect(changingOnB.ws.readyState).toBe(changingOnB.ws.OPEN);
  });

  it('closes the sockets on B of a user disabled through A with 4401', async () => {
    const { token } = await login(pair.b.url, 'manager');
    const onB = await streaming(pair.b.url, 'truck', token);
    const { db } = pair.a.services;
    const user = await db.updateTable('appUser').set({ status: 0 }).where('userName', '=', 'manager').returning('id').executeTakeFirstOrThrow();
    await announceAccountChange(db, pair.a.services.hub, { userIds: [user.id] });
    expect(await closeCode(onB)).toBe(SOCKET_CLOSE.sessionExpired);
  });

  it('counts failed logins made through either instance against the same limit', async () => {
    // Two failures allowed instead of ten: each costs a password hash.
    for (const { services } of [pair.a, pair.b]) Object.assign(services, { rateLimit: { ...services.rateLimit, maxPerUser: 2 } });
    const fail = (url: string) => call(url, 'POST', '/login', { form: { username: 'admin', password: 'wrong' } });
    expect([(await fail(pair.a.url)).resultCode, (await fail(pair.b.url)).resultCode]).toEqual([400, 400]);
    expect((await fail(pair.a.url)).resultCode).toBe(429);
    expect((await fail(pair.b.url)).resultCode).toBe(429);
  });

  it('names each instance and its Redis bus in diagnostics', async () => {
    const answers = await Promise.all([pair.a.url, pair.b.url].map((url) => call<Diagnostics>(url, 'GET', '/diagnostics', { token: admin })));
    expect(answers.map((a) => [a.data.bus.kind, a.data.bus.state, a.data.bus.instanceId])).toEqual([
      ['redis', 'up', 'A'],
      ['redis', 'up', 'B'],
    ]);
  });
});
