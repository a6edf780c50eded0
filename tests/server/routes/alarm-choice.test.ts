// Saving the alarm choice: one row per user, only known type ids, only for the caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StUserAlarm, UserPriAnswer } from '../../../domain/wire/entities';
import { call } from '../../helpers/api';
import { startFleetServer, type DemoUser, type FleetServer } from './setup';

describe('alarm choice', () => {
  let fs: FleetServer;
  const save = (user: DemoUser, form: Record<string, string | number>, lang?: 'zh' | 'en') =>
    call<StUserAlarm | null>(fs.server.url, 'POST', '/stUserAlarm', { token: fs.as[user].token, form, lang });
  const stored = async (user: DemoUser) =>
    (await call<UserPriAnswer>(fs.server.url, 'GET', '/userPri', { token: fs.as[user].token })).data.stUserAlarm;
  const rowsOf = async (user: DemoUser) =>
    (await fs.server.services.db.selectFrom('userAlarmChoice').select('id').where('userId', '=', fs.userId(user)).execute()).length;

  beforeAll(async () => {
    fs = await startFleetServer();
  });
  afterAll(async () => fs.server.close());

  it('saves the first choice with message form.success, cleaned of blanks and duplicates, and answers the stored row', async () => {
    const answer = await save('operator', { id: 0, userId: fs.userId('operator'), alarmTypeIds: '2,202, 4,,2' });
    const row = await stored('operator');
    expect(row).toEqual({ id: expect.any(Number), userId: fs.userId('operator'), alarmTypeIds: '2,202,4' });
    expect(answer).toEqual({ resultCode: 200, message: '保存成功', data: row });
  });

  it('overwrites the same row on the next save and answers in English when asked', async () => {
    const first = await stored('operator');
    const answer = await save('operator', { id: first?.id ?? 0, userId: fs.userId('operator'), alarmTypeIds: '7' }, 'en');
    expect(answer).toEqual({ resultCode: 200, message: 'Saved', data: { id: first?.id, userId: fs.userId('operator'), alarmTypeIds: '7' } });
    expect(await stored('operator')).toEqual({ id: first?.id, userId: fs.userId('operator'), alarmTypeIds: '7' });
    expect(await rowsOf('operator')).toBe(1);
  });

  it('accepts an empty choice (no alarms) and a first save without id', async () => {
    expect((await save('garden', { userId: fs.userId('garden'), alarmTypeIds: '' })).resultCode).toBe(200);
    expect((await stored('garden'))?.alarmTypeIds).toBe('');
  });

  it('refuses unknown type ids with 400 naming them, and keeps the stored choice', async () => {
    const form = { id: 0, userId: fs.userId('operator'), alarmTypeIds: '2,300,x' };
    expect(await save('operator', form)).toEqual({ resultCode: 400, message: '未知的报警类型：300,x', data: null });
    expect((await save('operator', form, 'en')).message).toBe('Unknown alarm types: 300,x');
    expect((await stored('operator'))?.alarmTypeIds).toBe('7');
  });

  it('refuses to save for another user with 401 and stores nothing for them', async () => {
    const answer = await save('operator', { id: 0, userId: fs.userId('manager'), alarmTypeIds: '2' });
    expect(answer).toEqual({ resultCode: 401, message: '您没有访问此功能的权限', data: null });
    expect(await stored('manager')).toBeNull();
    expect(await rowsOf('manager')).toBe(0);
  });

  it.each([
    [{ id: 0, alarmTypeIds: '2' }, '缺少字段：userId', 'Missing field: userId'],
    [{ id: 0, userId: 'me' }, '缺少字段：alarmTypeIds', 'Missing field: alarmTypeIds'],
    [{ id: 0, userId: 'me', alarmTypeIds: '2' }, '字段格式有误：userId', 'Malformed field: userId'],
    [{ id: 'x', userId: 1, alarmTypeIds: '2' }, '字段格式有误：id', 'Malformed field: id'],
  ])('refuses %j with 400 in zh and en and keeps the stored choice', async (form, zh, en) => {
    expect(await save('operator', form)).toEqual({ resultCode: 400, message: zh, data: null });
    expect((await save('operator', form, 'en')).message).toBe(en);
    expect((await stored('operator'))?.alarmTypeIds).toBe('7');
  });
});
