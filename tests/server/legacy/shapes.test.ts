// The legacy contract's wire steps on their own: what each takes out, and that nothing else changes.
import { describe, expect, it } from 'vitest';
import { WIRE_CONTRACTS } from '../../../server/contract/contract';
import type { PublishedAlarm, PublishedRow } from '../../../server/live/hub';
import { fullList, changedRows } from '../../../server/live/status-frames';

const { legacy, ours } = WIRE_CONTRACTS;

const alarm: PublishedAlarm['alarm'] = {
  type: 203, signCode: '京A10001', startTime: 1, truckId: 7, insertTime: 2, remark: '', seq: 41,
  properties: { companyName: '东城', driverWorkingDuration: 600, driver: { name: '王' } },
};
const row = (truckId: number, speed = 0): PublishedRow => ({
  companyCode: truckId < 10 ? 'C002' : 'C003',
  row: {
    truckId, status: 1, signCode: `P${truckId}`, truckCompany: '', alarm: '', gpsTime: 1, statusTime: 1, speed, area: '', lastIventoryMap: {},
    lat: 39.9, lng: 116.4, heading: 90,
  },
});
const SPEC_ROW = { status: 1, signCode: 'P3', truckCompany: '', alarm: '', gpsTime: 1, statusTime: 1, speed: 0, area: '', lastIventoryMap: {} };

describe('legacy wire steps', () => {
  it('takes seq out of an alarm and keeps the rest, its truckId and typed properties included', () => {
    expect(legacy.alarm(alarm)).toStrictEqual({
      type: 203, signCode: '京A10001', startTime: 1, truckId: 7, insertTime: 2, remark: '',
      properties: { companyName: '东城', driverWorkingDuration: 600, driver: { name: '王' } },
    });
    expect(alarm.seq).toBe(41);
    expect(ours.alarm(alarm)).toBe(alarm);
  });

  it('takes truckId and the fix (lat, lng, heading) out of a status row, and keeps the rest', () => {
    const published = row(3).row;
    expect(legacy.statusRow(published)).toStrictEqual(SPEC_ROW);
    expect(published).toMatchObject({ truckId: 3, lat: 39.9, lng: 116.4, heading: 90 });
    expect(ours.statusRow(published)).toBe(published);
  });

  it('reads an open message without token and lastSeq, whatever their type, and leaves other values alone', () => {
    expect(legacy.socketOpen({ typeIds: '', msgType: 1, userPri: [], userName: 'a', token: 5, lastSeq: 'x' })).toEqual({
      typeIds: '', msgType: 1, userPri: [], userName: 'a',
    });
    expect(legacy.socketOpen('')).toBe('');
    expect(ours.socketOpen({ token: 't' })).toEqual({ token: 't' });
  });

  it('replays recorded frames in the spec’s shapes', () => {
    expect(legacy.rawFrame({ socket: 'alarm', data: alarm })).toEqual({ socket: 'alarm', data: legacy.alarm(alarm) });
    expect(legacy.rawFrame({ socket: 'truck', data: [row(3).row, 'junk'] })).toStrictEqual({ socket: 'truck', data: [SPEC_ROW, 'junk'] });
  });

  it('has no data-changed notice: none is made, and a recorded one is not replayed', () => {
    const notice = { notice: 'dataChanged', topic: 'eventHandling' } as const;
    expect(legacy.notice(notice)).toBeUndefined();
    expect(legacy.rawFrame({ socket: 'alarm', data: notice })).toBeUndefined();
    expect(ours.notice(notice)).toEqual(notice);
    expect(ours.rawFrame({ socket: 'alarm', data: notice })).toEqual({ socket: 'alarm', data: notice });
  });

  it('has no entity-changed notice either', () => {
    const notice = { notice: 'entityChanged', path: '/setting/base_data/station', key: '12', company: 'C002' } as const;
    expect(legacy.notice(notice)).toBeUndefined();
    expect(ours.notice(notice)).toEqual(notice);
  });

  it('answers the fence timer with null instead of our { pending }', () => {
    expect(legacy.fenceTimer(3)).toBeNull();
    expect(ours.fenceTimer(3)).toEqual({ pending: 3 });
  });
});

describe('status frames', () => {
  it('full list: every truck each period in snapshot order, a live change that raced the snapshot kept', () => {
    const frames = fullList();
    frames.changed(row(2, 50));
    frames.snapshot([row(1), row(2), row(11)]);
    expect(frames.take()?.map((p) => [p.row.truckId, p.row.speed])).toEqual([[1, 0], [2, 50], [11, 0]]);
    expect(frames.take()).toHaveLength(3);
    frames.keep(new Set(['C002']));
    expect(frames.granted([row(12)]).map((p) => p.row.truckId)).toEqual([1, 2, 12]);
  });

  it('changed rows: each changed truck once, latest version, then nothing', () => {
    const frames = changedRows();
    frames.snapshot([row(1), row(2)]);
    expect(frames.take()).toBeUndefined();
    frames.changed(row(2, 10));
    frames.changed(row(2, 20));
    expect(frames.take()?.map((p) => p.row.speed)).toEqual([20]);
    expect(frames.take()).toBeUndefined();
    expect(frames.granted([row(12)]).map((p) => p.row.truckId)).toEqual([12]);
  });
});
