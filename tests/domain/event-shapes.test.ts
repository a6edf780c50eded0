// The event catalogue's runtime checks: every kind has one, each field is checked, malformed stored rows are skipped.
import { describe, expect, it } from 'vitest';
import { CHECKED_EVENT_KINDS, isEventData, parseEventData } from '../../domain/event-shapes';
import { EVENT_KINDS, isEventKind, type EventKind } from '../../domain/events';
import { EVENT_SAMPLES } from '../fixtures/event-samples';

const without = (value: object, key: string) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
const kindsWithFields = EVENT_KINDS.flatMap((kind) => Object.keys(EVENT_SAMPLES[kind]).map((field) => [kind, field] as const));

describe('event catalogue', () => {
  it('lists every kind once, and checks exactly the kinds it lists', () => {
    expect(new Set(EVENT_KINDS).size).toBe(EVENT_KINDS.length);
    expect([...CHECKED_EVENT_KINDS].sort()).toEqual([...EVENT_KINDS].sort());
  });

  it('tells its kinds from other text', () => {
    expect(EVENT_KINDS.every(isEventKind)).toBe(true);
    expect(isEventKind('loading')).toBe(false);
    expect(isEventKind(7)).toBe(false);
  });
});

describe('event data checks', () => {
  it.each(EVENT_KINDS)('accepts a well-formed %s', (kind) => {
    expect(isEventData(kind, EVENT_SAMPLES[kind])).toBe(true);
  });

  it.each(kindsWithFields)('rejects %s without %s', (kind, field) => {
    expect(isEventData(kind, without(EVENT_SAMPLES[kind], field))).toBe(false);
  });

  it.each(kindsWithFields)('rejects %s whose %s is an object', (kind, field) => {
    expect(isEventData(kind, { ...EVENT_SAMPLES[kind], [field]: {} })).toBe(false);
  });

  it('accepts fields a newer simulator added', () => {
    expect(isEventData('power', { ...EVENT_SAMPLES.power, phase: 'A' })).toBe(true);
  });

  it.each([
    ['an unknown process', 'switch_cover', { ...EVENT_SAMPLES.switch_cover, process: 'parked' }],
    ['a fractional compartment', 'lock_open', { ...EVENT_SAMPLES.lock_open, compartment: 1.5 }],
    ['a text volume', 'unload', { ...EVENT_SAMPLES.unload, volume: '6978.2' }],
    ['a null volume where only the meter may be null', 'load', { ...EVENT_SAMPLES.load, volume: null }],
    ['a bad tank among good ones', 'level', { ...EVENT_SAMPLES.level, tanks: [...EVENT_SAMPLES.level.tanks, { compartment: 2 }] }],
    ['a bad compartment balance', 'trip', { ...EVENT_SAMPLES.trip, compartments: [{ compartment: 1 }] }],
    ['a boolean old value', 'task_modify', { ...EVENT_SAMPLES.task_modify, oldValue: true }],
    ['an array', 'bootup', [EVENT_SAMPLES.bootup]],
    ['null', 'bootup', null],
  ] as const)('rejects %s', (_label, kind: EventKind, data) => {
    expect(isEventData(kind, data)).toBe(false);
  });

  it('reads the nullable fields as nullable', () => {
    expect(isEventData('load', { ...EVENT_SAMPLES.load, meterNo: 'FM0000121', meterVolume: 7003.1 })).toBe(true);
    expect(isEventData('emergency_valve', { ...EVENT_SAMPLES.emergency_valve, compartment: 3 })).toBe(true);
    expect(isEventData('task_modify', { ...EVENT_SAMPLES.task_modify, tankSequence: 2, oldValue: 5400, newValue: 5180 })).toBe(true);
  });
});

describe('stored event rows', () => {
  it('parses a row\'s kind and data column together', () => {
    expect(parseEventData('trip', JSON.stringify(EVENT_SAMPLES.trip))).toEqual({ kind: 'trip', data: EVENT_SAMPLES.trip });
  });

  it.each([
    ['an unknown kind', 'refuel', JSON.stringify(EVENT_SAMPLES.load)],
    ['data of another kind', 'load', JSON.stringify(EVENT_SAMPLES.unload)],
    ['text that is not JSON', 'load', '{"taskCode":'],
    ['empty text', 'load', ''],
  ])('skips %s', (_label, kind, json) => {
    expect(parseEventData(kind, json)).toBeUndefined();
  });
});
