import { describe, it, expect, expectTypeOf } from 'vitest';
import { translate, LANGS } from '../../domain/i18n';
import {
  BADGE_ORDER, REALTIME_STATES, TRUCK_STATUS, TRUCK_STATUS_CODES, TRUCK_STATUS_TABLE, countByStatus,
  isTruckStatusCode, statusTimeShown, truckStatus, type TruckStatusCode,
} from '../../domain/truck-status';

// Spec §4: 0 offline, 1 empty, 2 loaded, 3 alarm, 4 stopped; §2: status time only for alarm, stopped, offline.
const SPEC_CODES = [
  { code: 0, name: 'offline', statusTime: true },
  { code: 1, name: 'empty', statusTime: false },
  { code: 2, name: 'loaded', statusTime: false },
  { code: 3, name: 'alarm', statusTime: true },
  { code: 4, name: 'stopped', statusTime: true },
] as const;

describe('truck status codes', () => {
  it.each(SPEC_CODES)('names code $code "$name" with label key status.code.$code', ({ code, name }) => {
    expect(truckStatus(code).name).toBe(name);
    expect(TRUCK_STATUS[name]).toBe(code);
    expect(truckStatus(code).labelKey).toBe(`status.code.${code}`);
  });

  it('has exactly the five spec codes', () => {
    expect(TRUCK_STATUS_CODES).toEqual([0, 1, 2, 3, 4]);
    expect(Object.keys(TRUCK_STATUS_TABLE).map(Number)).toEqual([0, 1, 2, 3, 4]);
  });

  it.each(SPEC_CODES)('shows a status time for $name: $statusTime', ({ code, statusTime }) => {
    expect(statusTimeShown(code)).toBe(statusTime);
  });

  it.each(LANGS)('labels every code in %s with a real text', (lang) => {
    for (const code of TRUCK_STATUS_CODES) {
      const text = translate(lang, truckStatus(code).labelKey);
      expect(text).not.toBe('');
      expect(text).not.toBe(truckStatus(code).labelKey);
    }
  });

  it.each([
    [0, true], [4, true], [5, false], [-1, false], [1.5, false], ['1', false], [null, false], [undefined, false],
  ] as const)('accepts %j as a status code: %s', (value, ok) => {
    expect(isTruckStatusCode(value)).toBe(ok);
  });

  it('types a status code as the union of the five codes', () => {
    expectTypeOf<TruckStatusCode>().toEqualTypeOf<0 | 1 | 2 | 3 | 4>();
  });
});

describe('status badges', () => {
  it('orders the top-bar badges alarm, loaded, empty, stopped, offline', () => {
    expect(BADGE_ORDER.map((code) => truckStatus(code).name)).toEqual(['alarm', 'loaded', 'empty', 'stopped', 'offline']);
  });

  it('counts every code, zero included, when no truck has it', () => {
    expect(countByStatus([])).toEqual({ 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 });
  });

  it('counts rows per status', () => {
    const statuses: TruckStatusCode[] = [3, 3, 0, 2, 3, 1, 0];
    expect(countByStatus(statuses.map((status) => ({ status })))).toEqual({ 0: 2, 1: 1, 2: 1, 3: 3, 4: 0 });
  });
});

describe('real-time states', () => {
  it('names the five interface states with status.realtime keys', () => {
    expect(REALTIME_STATES.map((s) => [s.state, s.labelKey])).toEqual([
      ['alarm', 'status.realtime.alarm'],
      ['empty', 'status.realtime.empty'],
      ['offline', 'status.realtime.offline'],
      ['cargoDriving', 'status.realtime.cargoDriving'],
      ['parking', 'status.realtime.parking'],
    ]);
  });

  it('maps the five states one-to-one onto the five codes', () => {
    expect(new Set(REALTIME_STATES.map((s) => s.code)).size).toBe(5);
    expect(REALTIME_STATES.find((s) => s.state === 'cargoDriving')?.code).toBe(TRUCK_STATUS.loaded);
    expect(REALTIME_STATES.find((s) => s.state === 'parking')?.code).toBe(TRUCK_STATUS.stopped);
  });

  it.each(LANGS)('labels every state in %s', (lang) => {
    for (const { labelKey } of REALTIME_STATES) expect(translate(lang, labelKey)).not.toBe(labelKey);
  });
});
