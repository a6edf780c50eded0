// Alarm history and acknowledgement: newest first, filtered by type and time, and never beyond the caller's companies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveAlarm } from '../../../domain/wire/live-alarm';
import type { Paged } from '../../../domain/wire/records';
import { call } from '../../helpers/api';
import { ALARMS } from './fixtures';
import { startFleetServer, type DemoUser, type FleetServer } from './setup';

const MINUTE = 60_000;

describe('alarm history and acknowledgement', () => {
  let fs: FleetServer;
  /** The fixture alarm's seq by its index in ALARMS (0: type 2 C002, 1: 202 C002, 2: 4 C003, 3: 7 C005). */
  const seq = (index: number) => fs.fleet.alarmSeqs[index] ?? -1;
  const info = (user: DemoUser, query: Record<string, string | number> = {}, lang?: 'zh' | 'en') =>
    call<Paged<LiveAlarm>>(fs.server.url, 'GET', '/alarmInfo', { token: fs.as[user].token, query, lang });
  const cue = (user: DemoUser, form: Record<string, string | number>, lang?: 'zh' | 'en') =>
    call<boolean>(fs.server.url, 'POST', '/alarmCue', { token: fs.as[user].token, form, lang });
  const acknowledged = async (index: number) =>
    (await fs.server.services.db.selectFrom('alarm').select('state').where('seq', '=', seq(index)).executeTakeFirstOrThrow()).state;

  beforeAll(async () => {
    fs = await startFleetServer();
  });
  afterAll(async () => fs.server.close());

  it('answers a page of wire alarms with their seq, typed properties and total', async () => {
    const answer = await info('operator');
    expect(answer.resultCode).toBe(200);
    expect(answer.data.total).toBe(2);
    expect(answer.data.rows[0]).toEqual({
      type: 202, signCode: '京A00001', truckId: fs.fleet.truckIds.get('京A00001'), remark: '', seq: seq(1),
      startTime: fs.fleet.now - 120 * MINUTE, insertTime: fs.fleet.now - 120 * MINUTE + 500, properties: ALARMS[1].properties,
    });
  });

  it.each([
    ['operator', [1, 0]],
    ['manager', [2, 1, 0]],
    ['garden', [3]],
    ['admin', [3, 2, 1, 0]],
  ] as const)('shows %s only the alarms of their companies, newest first', async (user, expected) => {
    const { data } = await info(user);
    expect(data.rows.map((a) => a.seq)).toEqual(expected.map(seq));
    expect(data.total).toBe(expected.length);
  });

  it.each([
    ['page 2 of size 2', () => ({ page: 2, size: 2 }), [1, 0], 4],
    ['typeIds 2,202', () => ({ typeIds: '2,202' }), [1, 0], 2],
    ['typeIds with blanks', () => ({ typeIds: ' 4 , ' }), [2], 1],
    ['a start and end time', (now: number) => ({ startTime: now - 150 * MINUTE, endTime: now - 45 * MINUTE }), [2, 1], 2],
    ['only a start time', (now: number) => ({ startTime: now - 45 * MINUTE }), [3], 1],
  ] as const)('narrows the administrator list by %s', async (_case, query, expected, total) => {
    const { data } = await info('admin', query(fs.fleet.now));
    expect(data.rows.map((a) => a.seq)).toEqual(expected.map(seq));
    expect(data.total).toBe(total);
  });

  it.each([
    [{ typeIds: '2,999,abc' }, '未知的报警类型：999,abc', 'Unknown alarm types: 999,abc'],
    [{ page: 'x' }, '字段格式有误：page', 'Malformed field: page'],
    [{ size: 0 }, '字段格式有误：size', 'Malformed field: size'],
    [{ startTime: 'yesterday' }, '字段格式有误：startTime', 'Malformed field: startTime'],
    [{ startTime: 2000, endTime: 1000 }, '开始时间不能晚于结束时间', 'The start time must not be later than the end time'],
  ])('refuses the query %j with 400 in zh and en', async (query, zh, en) => {
    expect(await info('admin', query)).toEqual({ resultCode: 400, message: zh, data: null });
    expect((await info('admin', query, 'en')).message).toBe(en);
  });

  it('acknowledges a visible alarm once: true the first time, false after, for anyone', async () => {
    expect(await cue('operator', { seq: seq(0) })).toEqual({ resultCode: 200, message: 'success', data: true });
    expect(await acknowledged(0)).toBe(1);
    expect((await cue('operator', { seq: seq(0) })).data).toBe(false);
    expect((await cue('admin', { seq: seq(0) })).data).toBe(false);
  });

  it('answers an alarm of another company like an unknown one and leaves it unacknowledged', async () => {
    const foreign = seq(2);
    expect(await cue('operator', { seq: foreign })).toEqual({ resultCode: 404, message: `报警（序号 ${foreign}）不存在`, data: null });
    expect((await cue('operator', { seq: foreign }, 'en')).message).toBe(`Alarm #${foreign} does not exist`);
    expect(await cue('operator', { seq: 999_999 })).toEqual({ resultCode: 404, message: '报警（序号 999999）不存在', data: null });
    expect(await acknowledged(2)).toBe(0);
    expect((await cue('manager', { seq: foreign })).data).toBe(true);
  });

  it.each([
    [{}, '缺少字段：seq', 'Missing field: seq'],
    [{ seq: 'abc' }, '字段格式有误：seq', 'Malformed field: seq'],
    [{ seq: 0 }, '字段格式有误：seq', 'Malformed field: seq'],
  ])('refuses the acknowledgement %j with 400 in zh and en', async (form, zh, en) => {
    expect(await cue('garden', form)).toEqual({ resultCode: 400, message: zh, data: null });
    expect((await cue('garden', form, 'en')).message).toBe(en);
    expect(await acknowledged(3)).toBe(0);
  });
});
