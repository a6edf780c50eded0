import { describe, it, expect, expectTypeOf } from 'vitest';
import { LANGS, translate } from '../../domain/i18n';
import {
  ALARM_GROUPS, ALARM_GROUP_LABEL_KEYS, ALARM_TYPES, ALARM_TYPE_IDS, URGENT_ALARM_TYPE, alarmType, formatTypeIds,
  groupOf, isAlarmTypeId, parseTypeIds, type AlarmTypeId,
} from '../../domain/alarm-types';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// Spec §9 alarm type ids: 1–8, 9–22, 28–37, 44, 45, 201–206.
const SPEC_IDS = [...range(1, 8), ...range(9, 22), ...range(28, 37), 44, 45, ...range(201, 206)];
const ADAS_EVENTS = [...range(9, 22), ...range(28, 37)];

describe('alarm type catalogue', () => {
  it('holds exactly the spec ids, in order', () => {
    expect([...ALARM_TYPE_IDS]).toEqual(SPEC_IDS);
    expect(ALARM_TYPES.map((type) => type.id)).toEqual(SPEC_IDS);
  });

  it('has unique ids', () => {
    expect(new Set(ALARM_TYPE_IDS).size).toBe(ALARM_TYPE_IDS.length);
  });

  it('labels each type with alarm.type.<id>', () => {
    for (const type of ALARM_TYPES) expect(type.labelKey).toBe(`alarm.type.${type.id}`);
  });

  it.each(LANGS)('names every type in %s with a non-empty text that is not the key', (lang) => {
    for (const type of ALARM_TYPES) {
      const name = translate(lang, type.labelKey);
      expect(name.trim(), `${type.id}`).not.toBe('');
      expect(name, `${type.id}`).not.toBe(type.labelKey);
    }
  });

  it('marks 201 as the urgent alarm', () => {
    expect(URGENT_ALARM_TYPE).toBe(201);
    expect(isAlarmTypeId(URGENT_ALARM_TYPE)).toBe(true);
  });
});

describe('alarm groups', () => {
  it('equals the spec table, in the spec order', () => {
    expect(ALARM_GROUPS).toEqual({
      vehicle: [2, 4, 5, 6, 7, 206],
      driver: [8, 201, 203],
      cargo: [1, 202, 3, 204, 205],
    });
  });

  it.each(Object.entries(ALARM_GROUPS))('places every id of the %s group in that group', (group, ids) => {
    for (const id of ids) expect(groupOf(id)).toBe(group);
  });

  it.each(ADAS_EVENTS)('files ADAS event %i under 8, in the driver group', (id) => {
    if (!isAlarmTypeId(id)) throw new Error(`${id} missing`);
    expect(alarmType(id)).toMatchObject({ parent: 8, group: 'driver' });
  });

  it.each([
    [44, 'driver'],
    [45, 'vehicle'],
  ] as const)('places the device alarm %i in the %s group, beside its platform twin', (id, group) => {
    expect(groupOf(id)).toBe(group);
    expect(alarmType(id).parent).toBeUndefined();
  });

  it('gives a parent only to the ADAS events', () => {
    expect(ALARM_TYPES.filter((type) => type.parent !== undefined).map((type) => type.id)).toEqual(ADAS_EVENTS);
  });

  it.each(LANGS)('labels the three groups in %s', (lang) => {
    for (const key of Object.values(ALARM_GROUP_LABEL_KEYS)) expect(translate(lang, key)).not.toBe(key);
  });
});

describe('typeIds comma list', () => {
  it.each([
    ['1,2,3', [1, 2, 3]],
    ['202,1,8', [202, 1, 8]],
    [' 1 , 2 ,, 3 ', [1, 2, 3]],
    ['1,1,2,1', [1, 2]],
    ['1,23,999,0,-1,abc,2', [1, 2]],
    ['1.5,2', [2]],
    ['', []],
    [',,,', []],
    [null, []],
    [undefined, []],
  ] as const)('reads %j as %j', (list, ids) => {
    expect(parseTypeIds(list)).toEqual(ids);
  });

  it.each([
    [[1, 2, 3], '1,2,3'],
    [[205, 1], '205,1'],
    [[1, 1, 2], '1,2'],
    [[1, 23, 999, 2], '1,2'],
    [[], ''],
  ])('writes %j as %j', (ids, list) => {
    expect(formatTypeIds(ids)).toBe(list);
  });

  it('round-trips the whole catalogue', () => {
    expect(parseTypeIds(formatTypeIds(ALARM_TYPE_IDS))).toEqual([...ALARM_TYPE_IDS]);
  });

  it.each([
    [1, true], [37, true], [206, true], [23, false], [0, false], [207, false], ['1', false], [null, false],
  ] as const)('recognises %j as an alarm type id: %s', (value, ok) => {
    expect(isAlarmTypeId(value)).toBe(ok);
  });

  it('parses into catalogue ids at the type level', () => {
    expectTypeOf(parseTypeIds('1')).toEqualTypeOf<AlarmTypeId[]>();
  });
});
