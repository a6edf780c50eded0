import { describe, it, expect, expectTypeOf } from 'vitest';
import { parseLiveAlarm, type JsonRecord, type LiveAlarm } from '../../../domain/wire';

const BASE = {
  signCode: '沪A12345',
  startTime: '2024-05-01 08:30:00',
  truckId: 17,
  insertTime: 1714523401000,
  remark: '',
  seq: 41,
};

const HIGH_LOSS = {
  ...BASE,
  type: 202,
  properties: {
    loss: -12.345, lossRate: 0.0031, highLossRateThreshold: 0.002, startTime: '2024-05-01 06:00:00',
    endTime: '2024-05-01 08:00:00', startArea: '油库', endArea: '加油站', signCode: '沪A12345',
  },
};
const OVERLONG_WORK = {
  ...BASE, type: 203, properties: { companyName: '上海石油', driverWorkingDuration: 620, driver: { name: '张三' } },
};
const ABNORMAL_OIL = {
  ...BASE,
  type: 205,
  properties: { taskCode: 'T-1', tankSequence: 2, oilCode: 92, mass: 8000, actualOilCode: 0, actualMass: 7950 },
};
const SWITCH_COVER = { ...BASE, type: 1, properties: { cover: 3, note: 'x' } };

const withProps = (alarm: { properties: object }, patch: object) => ({
  ...alarm,
  properties: { ...alarm.properties, ...patch },
});
const without = (alarm: object, field: string) => Object.fromEntries(Object.entries(alarm).filter(([key]) => key !== field));

describe('live alarm parser', () => {
  it.each([
    ['high loss (202)', HIGH_LOSS],
    ['overlong working hours (203)', OVERLONG_WORK],
    ['abnormal oil (205)', ABNORMAL_OIL],
    ['switch cover (1), untyped properties', SWITCH_COVER],
    ['an ADAS event (16)', { ...BASE, type: 16, properties: {} }],
    ['urgent (201)', { ...BASE, type: 201, properties: { lng: 121.5 } }],
  ])('accepts %s unchanged', (_label, alarm) => {
    expect(parseLiveAlarm(alarm)).toEqual(alarm);
  });

  it('accepts a legacy alarm without seq', () => {
    expect(parseLiveAlarm(without(SWITCH_COVER, 'seq'))).not.toHaveProperty('seq');
  });

  it('reads a missing or null remark as empty', () => {
    expect(parseLiveAlarm(without(SWITCH_COVER, 'remark'))?.remark).toBe('');
    expect(parseLiveAlarm({ ...SWITCH_COVER, remark: null })?.remark).toBe('');
  });

  it('reads missing or null properties of an untyped kind as empty', () => {
    expect(parseLiveAlarm(without(SWITCH_COVER, 'properties'))?.properties).toEqual({});
    expect(parseLiveAlarm({ ...SWITCH_COVER, properties: null })?.properties).toEqual({});
  });

  it('drops typed-property fields the contract does not know', () => {
    expect(parseLiveAlarm(withProps(ABNORMAL_OIL, { secret: 1 }))).toEqual(ABNORMAL_OIL);
  });

  it.each([
    ['null', null],
    ['an array', [HIGH_LOSS]],
    ['a string', 'pong'],
    ['a number', 202],
    ['an unknown type', { ...SWITCH_COVER, type: 999 }],
    ['a type outside the catalogue gap', { ...SWITCH_COVER, type: 23 }],
    ['a text type', { ...HIGH_LOSS, type: '202' }],
    ['no type', without(SWITCH_COVER, 'type')],
    ['no plate', without(SWITCH_COVER, 'signCode')],
    ['a null plate', { ...SWITCH_COVER, signCode: null }],
    ['no truckId', without(SWITCH_COVER, 'truckId')],
    ['a text truckId', { ...SWITCH_COVER, truckId: '17' }],
    ['no start time', without(SWITCH_COVER, 'startTime')],
    ['no insert time', without(SWITCH_COVER, 'insertTime')],
    ['a numeric remark', { ...SWITCH_COVER, remark: 5 }],
    ['a negative seq', { ...SWITCH_COVER, seq: -1 }],
    ['a fractional seq', { ...SWITCH_COVER, seq: 1.5 }],
    ['a text seq', { ...SWITCH_COVER, seq: '41' }],
    ['untyped properties that are a list', { ...SWITCH_COVER, properties: [1, 2] }],
    ['untyped properties that are text', { ...SWITCH_COVER, properties: '{}' }],
    ['202 without properties', without(HIGH_LOSS, 'properties')],
    ['202 without numeric loss', withProps(HIGH_LOSS, { loss: '12.3' })],
    ['202 with a null loss rate', withProps(HIGH_LOSS, { lossRate: null })],
    ['202 without a threshold', { ...HIGH_LOSS, properties: without(HIGH_LOSS.properties, 'highLossRateThreshold') }],
    ['202 without an end time', { ...HIGH_LOSS, properties: without(HIGH_LOSS.properties, 'endTime') }],
    ['202 with a numeric start area', withProps(HIGH_LOSS, { startArea: 1 })],
    ['203 without a driver', { ...OVERLONG_WORK, properties: without(OVERLONG_WORK.properties, 'driver') }],
    ['203 with a numeric driver name', withProps(OVERLONG_WORK, { driver: { name: 7 } })],
    ['203 with a text duration', withProps(OVERLONG_WORK, { driverWorkingDuration: '620' })],
    ['205 with a fractional tank sequence', withProps(ABNORMAL_OIL, { tankSequence: 1.5 })],
    ['205 without the actual mass', { ...ABNORMAL_OIL, properties: without(ABNORMAL_OIL.properties, 'actualMass') }],
    ['205 with null properties', { ...ABNORMAL_OIL, properties: null }],
  ])('rejects an alarm with %s', (_label, value) => {
    expect(parseLiveAlarm(value)).toBeUndefined();
  });
});

describe('live alarm union', () => {
  it('narrows properties by type', () => {
    const alarm = parseLiveAlarm(HIGH_LOSS);
    if (!alarm) throw new Error('expected a valid alarm');
    expectTypeOf(alarm.type).toEqualTypeOf<LiveAlarm['type']>();
    if (alarm.type === 202) {
      expectTypeOf(alarm.properties.lossRate).toBeNumber();
      expectTypeOf(alarm.properties.startArea).toBeString();
      expect(alarm.properties.lossRate * 1000).toBeCloseTo(3.1);
    } else {
      throw new Error('expected type 202');
    }
  });

  it('types the other kinds', () => {
    expectTypeOf<Extract<LiveAlarm, { type: 203 }>['properties']['driver']['name']>().toBeString();
    expectTypeOf<Extract<LiveAlarm, { type: 205 }>['properties']['actualOilCode']>().toBeNumber();
    expectTypeOf<Exclude<LiveAlarm, { type: 202 | 203 | 205 }>['properties']>().toEqualTypeOf<JsonRecord>();
    expectTypeOf<Extract<LiveAlarm, { type: 999 }>>().toBeNever();
    expectTypeOf<LiveAlarm['seq']>().toEqualTypeOf<number | undefined>();
  });
});
