// An empty alarm-type choice is "no alarms" everywhere: stored by POST /stUserAlarm, on the alarm socket (replay and
// live), and in the worker's reading of a session; only a session without any saved choice asks for every type.
import { describe, expect, it } from 'vitest';
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import type { UserPriAnswer } from '../../../domain/wire/entities';
import { parseLiveSession } from '../../../workers/open-messages';
import { call } from '../../helpers/api';
import { raiseAlarm } from './fleet';
import { liveServer } from './live-server';

describe('an empty alarm-type choice', () => {
  const live = liveServer();
  const services = () => live.server.services;

  const openAlarms = async (typeIds: string, lastSeq: number) => {
    const client = await live.connect('alarm');
    client.send({ typeIds, msgType: 1, userPri: [], userName: 'admin', token: live.token('admin'), lastSeq });
    return client;
  };

  it('is stored as the empty list and handed back by GET /userPri, not read as "no choice"', async () => {
    const token = live.token('operator');
    const userId = (await services().db.selectFrom('appUser').select('id').where('userName', '=', 'operator').executeTakeFirstOrThrow()).id;
    const saved = await call(live.server.url, 'POST', '/stUserAlarm', { token, form: { id: 0, userId, alarmTypeIds: '' } });
    expect(saved).toMatchObject({ resultCode: 200, data: { userId, alarmTypeIds: '' } });
    const pri = await call<UserPriAnswer>(live.server.url, 'GET', '/userPri', { token });
    expect(pri.data.stUserAlarm?.alarmTypeIds).toBe('');
  });

  it('delivers nothing on the socket, replayed or live, while a socket choosing every type gets them all', async () => {
    const before = await raiseAlarm(services(), live.truck(0), 2);
    const missed = await raiseAlarm(services(), live.truck(1), 201);
    const none = await openAlarms('', before.alarm.seq - 1);
    const every = await openAlarms(EVERY_TYPE_LIST, before.alarm.seq - 1);
    expect((await every.nextJson<{ seq: number }>()).seq).toBe(before.alarm.seq);
    expect((await every.nextJson<{ seq: number }>()).seq).toBe(missed.alarm.seq);
    const liveOne = await raiseAlarm(services(), live.truck(0), 4);
    expect((await every.nextJson<{ seq: number }>()).seq).toBe(liveOne.alarm.seq);
    // The same socket asked again for type 4 replays from the same point: the first alarm it ever gets is the type-4 one,
    // so none of the earlier ones had been sent to it under the empty choice.
    none.send({ typeIds: '4', msgType: 1, userPri: [], userName: 'admin', token: live.token('admin'), lastSeq: before.alarm.seq - 1 });
    expect((await none.nextJson<{ seq: number; type: number }>())).toMatchObject({ seq: liveOne.alarm.seq, type: 4 });
  });

  it('stays empty in the worker, and only a session with no list at all asks for every type', () => {
    const session = { token: 't', userName: 'admin', userPri: [] };
    expect(parseLiveSession({ ...session, typeIds: '' })?.typeIds).toBe('');
    expect(parseLiveSession(session)?.typeIds).toBe(EVERY_TYPE_LIST);
  });
});
