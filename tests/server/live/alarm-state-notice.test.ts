// The inbox's alarmState notice on the alarm socket: a change of where alarms stand reaches every console that follows
// their company, on this instance and across instances, and nobody of another company. Its bus message keeps only
// well-formed changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmStateFrame, type AlarmChangeAnswer } from '../../../domain/wire/alarm-inbox';
import { decodeBusMessage, encodeBusMessage } from '../../../server/live/bus-message';
import { recordAlarm } from '../../../server/store/alarms';
import type { Services } from '../../../server/services';
import { call, login } from '../../helpers/api';
import { connect, type LiveClient } from '../../helpers/live-client';
import { addAccount } from './accounts';
import { raiseAlarm } from './fleet';
import { alarmOpen, openAlarmSocket } from './handling';
import { startInstancePair, type InstancePair } from './instance-pair';
import { liveServer } from './live-server';

async function acknowledge(url: string, token: string, seqs: readonly number[]): Promise<AlarmChangeAnswer> {
  const answer = await call<AlarmChangeAnswer>(url, 'POST', '/alarmInbox/acknowledge', { token, json: { seqs } });
  if (answer.resultCode !== 200) throw new Error(`acknowledge failed: ${answer.resultCode} ${answer.message}`);
  return answer.data;
}

/** The notice a console hears, as the socket's text. */
const noticeOf = (answer: AlarmChangeAnswer) => JSON.stringify(alarmStateFrame(answer.changed));

describe('alarmState notices', () => {
  const live = liveServer();
  const socketOf = async (token: string) =>
    live.track(await openAlarmSocket(live.server.services, () => live.connect('alarm'), alarmOpen(token, '')));

  it("tells every console that follows the alarm's company, once, whatever alarm types it chose; not a console of another company", async () => {
    const services = live.server.services;
    const [colleague, other] = [await addAccount(services, { companies: ['C002'] }), await addAccount(services, { companies: ['C003'] })];
    const sockets = [await socketOf(live.token('operator')), await socketOf(colleague.token), await socketOf(other.token)];
    const [mine, theirs] = [await raiseAlarm(services, live.truck(0)), await raiseAlarm(services, live.truck(2))];
    const answer = await acknowledge(live.server.url, live.token('admin'), [mine.alarm.seq, theirs.alarm.seq]);
    expect(answer.changed.map((change) => change.seq)).toEqual([mine.alarm.seq, theirs.alarm.seq]);
    // Per company: the C002 consoles hear only the C002 alarm's change, the C003 console only its own.
    const forC002 = JSON.stringify(alarmStateFrame(answer.changed.filter((change) => change.seq === mine.alarm.seq)));
    const forC003 = JSON.stringify(alarmStateFrame(answer.changed.filter((change) => change.seq === theirs.alarm.seq)));
    const [operator, sameCompany, otherCompany] = sockets;
    if (!operator || !sameCompany || !otherCompany) throw new Error('three sockets');
    // The alarms themselves went out first (the sockets chose no types, so they did not): the next frame is the notice.
    expect([await operator.next(), await sameCompany.next(), await otherCompany.next()]).toEqual([forC002, forC002, forC003]);
    await operator.during(200);
    expect([operator.received, sameCompany.received, otherCompany.received]).toEqual([[forC002], [forC002], [forC003]]);
  });

  it('sends nothing when nothing changed (an alarm already acknowledged)', async () => {
    const alarm = await raiseAlarm(live.server.services, live.truck(1));
    await acknowledge(live.server.url, live.token('operator'), [alarm.alarm.seq]);
    const socket = await socketOf(live.token('operator'));
    expect((await acknowledge(live.server.url, live.token('admin'), [alarm.alarm.seq])).changed).toEqual([]);
    expect(await socket.during(300)).toEqual([]);
  });
});

describe('the bus message of an alarmState notice', () => {
  const change = { seq: 7, state: 'acknowledged', by: 'operator', at: 1_700_000_000_000, assignee: null, note: '' } as const;

  it('decodes what it encodes', () => {
    const notice = { kind: 'alarmState', companyCode: 'C002', changes: [change] } as const;
    expect(decodeBusMessage(encodeBusMessage('i-1', { kind: 'notice', notice }))).toStrictEqual({ from: 'i-1', message: { kind: 'notice', notice } });
  });

  it.each([
    ['an unknown state', { companyCode: 'C002', changes: [{ ...change, state: 'closed' }] }],
    ['no company', { changes: [change] }],
    ['changes that are no list', { companyCode: 'C002', changes: change }],
    ['a seq of 0', { companyCode: 'C002', changes: [{ ...change, seq: 0 }] }],
  ])('drops %s', (_name, notice) => {
    expect(decodeBusMessage(JSON.stringify({ from: 'i-1', kind: 'notice', notice: { kind: 'alarmState', ...notice } }))).toBeUndefined();
  });
});

describe('alarmState notices over Redis between two instances', () => {
  let pair: InstancePair;
  const clients: LiveClient[] = [];
  const socketOn = (server: { readonly services: Services; readonly url: string }, token: string) =>
    openAlarmSocket(server.services, async () => {
      const client = await connect(server.url, 'alarm');
      clients.push(client);
      return client;
    }, alarmOpen(token, ''));

  beforeAll(async () => {
    pair = await startInstancePair();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await pair?.close();
  });

  it('tells a console on B of an acknowledge made through A, once; not a user of another company', async () => {
    const admin = (await login(pair.a.url, 'admin')).token;
    const [ofC002, ofC003] = [await addAccount(pair.b.services, { companies: ['C002'] }), await addAccount(pair.b.services, { companies: ['C003'] })];
    const [onB, otherOnB] = [await socketOn(pair.b, ofC002.token), await socketOn(pair.b, ofC003.token)];
    const truck = await pair.a.services.db.selectFrom('truck').select(['id', 'signCode', 'companyCode']).where('companyCode', '=', 'C002').executeTakeFirstOrThrow();
    const { alarm } = await recordAlarm(pair.a.services.db, pair.a.services.hub, {
      type: 2, truckId: truck.id, signCode: truck.signCode, companyCode: truck.companyCode, startTime: Date.now(), remark: '', properties: {},
    });
    const answer = await acknowledge(pair.a.url, admin, [alarm.seq]);
    await expect.poll(() => onB.received).toEqual([noticeOf(answer)]);
    await onB.during(300);
    expect([onB.received, otherOnB.received]).toEqual([[noticeOf(answer)], []]);
  });
});
