// Heartbeats: the paged record list and the overtime list of online trucks gone quiet, per the caller's companies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeartbeatOvertimeRow, HeartbeatRecord, Paged } from '../../../domain/wire/records';
import { HEARTBEAT_OVERTIME_MS } from '../../../domain/constants';
import { overtimeRows } from '../../../server/routes/heartbeat';
import { call, login } from '../../helpers/api';
import { seededFleetDatabase } from '../../helpers/seeded-fleet';
import { startServer } from '../../helpers/server';
import { startFleetServer, type DemoUser, type FleetServer } from './setup';

const MINUTE = 60_000;

describe('heartbeats', () => {
  let fs: FleetServer;
  const records = (user: DemoUser, query: Record<string, string | number> = {}, lang?: 'zh' | 'en') =>
    call<Paged<HeartbeatRecord>>(fs.server.url, 'GET', '/heartBeatInfo', { token: fs.as[user].token, query, lang });
  const overtime = (user: DemoUser) =>
    call<HeartbeatOvertimeRow[]>(fs.server.url, 'GET', '/heartBeatInfo/overtime', { token: fs.as[user].token });
  const ago = (minutes: number) => fs.fleet.now - minutes * MINUTE;

  beforeAll(async () => {
    fs = await startFleetServer();
  });
  afterAll(async () => fs.server.close());

  it('lists the records of the caller companies newest first, with company, plate, times and voltage', async () => {
    const answer = await records('manager');
    expect(answer.resultCode).toBe(200);
    expect(answer.data.total).toBe(4);
    expect(answer.data.rows.map((r) => [r.signCode, r.heartTime])).toEqual([
      ['京B00001', ago(5)], ['京A00001', ago(45)], ['京A00001', ago(120)], ['京A00002', ago(180)],
    ]);
    expect(answer.data.rows[0]).toEqual({ companyName: '西城油品运输有限公司', signCode: '京B00001', heartTime: ago(5), gpsTime: ago(5) - 1000, voltage: 24.5 });
  });

  it.each([
    ['all companies for the administrator', () => ({}), ['京B00001', '京C00001', '京A00001', '京A00001', '京A00002'], 5],
    ['one plate', () => ({ signCode: '京A00001' }), ['京A00001', '京A00001'], 2],
    ['a start time', (now: number) => ({ startTime: now - 60 * MINUTE }), ['京B00001', '京C00001', '京A00001'], 3],
    ['an end time', (now: number) => ({ endTime: now - 100 * MINUTE }), ['京A00001', '京A00002'], 2],
    ['page 3 of size 2', () => ({ page: 3, size: 2 }), ['京A00002'], 5],
  ] as const)('narrows the list to %s', async (_case, query, plates, total) => {
    const { data } = await records('admin', query(fs.fleet.now));
    expect(data.rows.map((r) => r.signCode)).toEqual(plates);
    expect(data.total).toBe(total);
  });

  it.each([
    [{ page: 'x' }, '字段格式有误：page', 'Malformed field: page'],
    [{ size: 501 }, '字段格式有误：size', 'Malformed field: size'],
    [{ endTime: -1 }, '字段格式有误：endTime', 'Malformed field: endTime'],
    [{ startTime: 5, endTime: 4 }, '开始时间不能晚于结束时间', 'The start time must not be later than the end time'],
  ])('refuses the query %j with 400 in zh and en', async (query, zh, en) => {
    expect(await records('admin', query)).toEqual({ resultCode: 400, message: zh, data: null });
    expect((await records('admin', query, 'en')).message).toBe(en);
  });

  it('lists online trucks silent for over 30 minutes, most overdue first, skipping offline, fresh and never-heard trucks', async () => {
    expect(HEARTBEAT_OVERTIME_MS).toBe(30 * MINUTE);
    expect(await overtime('admin')).toEqual({
      resultCode: 200,
      message: 'success',
      data: [
        { companyName: '东城油品运输有限公司', signCode: '京A00001', heartTime: ago(45), gpsTime: ago(45) - 1000 },
        { companyName: '市园林绿化局', signCode: '京C00001', heartTime: ago(40), gpsTime: ago(40) - 1000 },
      ],
    });
  });

  it('limits the overtime list to the caller companies', async () => {
    expect((await overtime('manager')).data.map((r) => r.signCode)).toEqual(['京A00001']);
  });

  it('counts a heartbeat exactly 30 minutes old as on time and one a minute older as overtime', async () => {
    const { db } = fs.server.services;
    expect((await overtimeRows(db, ['C005'], ago(40) + HEARTBEAT_OVERTIME_MS)).map((r) => r.signCode)).toEqual([]);
    expect((await overtimeRows(db, ['C005'], ago(39) + HEARTBEAT_OVERTIME_MS)).map((r) => r.signCode)).toEqual(['京C00001']);
  });

  it('gives one row per truck when its two newest heartbeats share a time', async () => {
    const truckId = fs.fleet.truckIds.get('京C00001') ?? -1;
    await fs.server.services.db.insertInto('heartbeat').values({ truckId, heartTime: ago(40), gpsTime: ago(40), voltage: 12 }).execute();
    expect((await overtime('admin')).data.map((r) => r.signCode)).toEqual(['京A00001', '京C00001']);
  });
});

describe('heartbeat overtime on a first start', () => {
  it('lists the trucks whose heartbeat module failed, right after the history is filled, before any live tick', async () => {
    const sim = { enabled: true, seed: 20261122, trucks: 80, alarmRate: 1, backfillDays: 30 };
    const server = await startServer({ database: await seededFleetDatabase(sim) });
    try {
      const { token } = await login(server.url, 'admin');
      const answer = await call<HeartbeatOvertimeRow[]>(server.url, 'GET', '/heartBeatInfo/overtime', { token });
      expect(answer.resultCode).toBe(200);
      expect(answer.data.length).toBeGreaterThan(0);
      expect(answer.data.every((r) => Number(r.heartTime) < Date.now() - HEARTBEAT_OVERTIME_MS)).toBe(true);
    } finally {
      await server.close();
    }
  }, 120_000);
});
