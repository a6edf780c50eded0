// A threshold screen through the entity calls, and on to the detection: the threshold row of a company added, edited
// on its version and disabled over HTTP; a second row of the same company refused naming the company field; a
// negative minute count refused; each saved state read by the detection's cache and acted on at its next check, and
// each change of its values kept in the threshold history from the time of its save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../domain/i18n';
import { THRESHOLD_ENTITIES } from '../../../domain/screens/entities/thresholds';
import { ENTITY_RESULT } from '../../../domain/screens/entities/wire';
import type { NewAlarm } from '../../../server/store/alarms';
import { FleetEngine, type SimSink } from '../../../server/sim/engine';
import { loadFleet } from '../../../server/sim/fleet';
import { speeding } from '../../../server/sim/incidents';
import type { TruckSim } from '../../../server/sim/truck-sim';
import { openThresholdCache, type ThresholdCache } from '../../../server/thresholds/threshold-cache';
import { readThresholdHistory } from '../../../server/thresholds/threshold-history';
import { editForm, savedRow, startEntityServer, type EntityServer } from '../entities/entity-server';

const THRESHOLD = THRESHOLD_ENTITIES['/setting/alarm_threshold/threshold'];
const T0 = Date.UTC(2025, 5, 1, 2);

describe('the threshold screen over HTTP, acted on by the detection', () => {
  let api: EntityServer;
  let cache: ThresholdCache;
  let engine: FleetEngine;
  let truck: TruckSim;

  /** The platform overspeed alarms (2) raised for a speeding step at `speed`. */
  const overspeedAt = (speed: number): NewAlarm[] => {
    const alarms: NewAlarm[] = [];
    const sink: SimSink = { position() {}, heartbeat() {}, event() {}, alarm: (alarm) => void alarms.push(alarm) };
    truck.phase = 'toStation';
    truck.speed = speed;
    truck.speeding = { start: T0, target: speed, until: T0 + 600_000, max: speed, overAt: null, platformAlarmed: false, deviceAlarmed: false };
    engine.withSink(sink, () => speeding(engine, truck, T0, T0 + 5000));
    return alarms.filter((alarm) => alarm.type === 2);
  };

  beforeAll(async () => {
    api = await startEntityServer();
    const { db } = api.server.services;
    cache = openThresholdCache(db, { refreshMs: 0 });
    await cache.ready;
    engine = new FleetEngine(await loadFleet(db), { seed: 'screens', thresholds: cache.snapshot }, T0);
    const mine = engine.trucks.find((t) => t.spec.companyCode === 'C002');
    if (!mine) throw new Error('no truck of C002 in the seeded fleet');
    truck = mine;
  }, 120_000);

  afterAll(async () => {
    cache.close();
    await api.close();
  });

  /** C002's history rows, each with whether it is dated within [from, to]. */
  const historyOfC002 = async (from: number, to: number) =>
    (await readThresholdHistory(api.server.services.db))
      .filter((row) => row.companyCode === 'C002')
      .map(({ companyCode: _company, effectiveFrom, ...values }) => ({ ...values, dated: effectiveFrom >= from && effectiveFrom <= to }));

  it('adds, refuses a second row and a negative count, edits on the version and disables, each state acting', async () => {
    expect(overspeedAt(90)).toHaveLength(1);

    const start = Date.now();
    const created = savedRow(await api.create(THRESHOLD, 'manager', { companyCode: 'C002', parkingTimeoutMin: ' 30 ', offlineTimeoutMin: '10', overspeedKmh: '95' }));
    expect(created).toMatchObject({ version: 1, status: 1, modifiedBy: 'manager', values: { companyCode: 'C002', parkingTimeoutMin: 30, offlineTimeoutMin: 10, overspeedKmh: 95 } });
    expect((await api.all(THRESHOLD, 'manager')).map((row) => row.key)).toContain(created.key);
    await cache.refresh();
    expect(overspeedAt(90)).toEqual([]);
    expect(cache.snapshot().limits('C002')).toMatchObject({ overspeedKmh: 95 });
    expect(cache.snapshot().timeoutsAt('C002', Date.now())).toEqual({ parkingTimeoutMin: 30, offlineTimeoutMin: 10 });
    // Before the save, the defaults.
    expect(cache.snapshot().timeoutsAt('C002', start - 1)).toEqual({ parkingTimeoutMin: 20, offlineTimeoutMin: 0 });
    expect(await historyOfC002(start, Date.now())).toEqual([{ parkingTimeoutMin: 30, offlineTimeoutMin: 10, overspeedKmh: 95, dated: true }]);

    for (const lang of ['zh', 'en'] as const) {
      const second = await api.create(THRESHOLD, 'manager', { companyCode: 'C002', parkingTimeoutMin: '5', offlineTimeoutMin: '5', overspeedKmh: '60' }, lang);
      expect(second.resultCode).toBe(ENTITY_RESULT.refused);
      expect(second.data).toEqual({ field: 'companyCode' });
      expect(second.message).toBe(translate(lang, 'validation.hasExisted', { field: translate(lang, 'entity.field.companyCode') }));
      const negative = await api.create(THRESHOLD, 'manager', { companyCode: 'C003', parkingTimeoutMin: '-1', offlineTimeoutMin: '5', overspeedKmh: '60' }, lang);
      expect(negative.data).toEqual({ field: 'parkingTimeoutMin' });
      expect(negative.message).toBe(translate(lang, 'validation.nonNegativeInteger'));
    }
    expect(await api.all(THRESHOLD, 'manager')).toHaveLength(1);

    const editedAt = Date.now();
    const edited = savedRow(await api.update(THRESHOLD, 'manager', created.key, editForm(THRESHOLD, created, { overspeedKmh: '85' })));
    expect(edited).toMatchObject({ version: 2, values: { overspeedKmh: 85 } });
    const stale = await api.update(THRESHOLD, 'manager', created.key, editForm(THRESHOLD, created, { overspeedKmh: '99' }));
    expect(stale.resultCode).toBe(ENTITY_RESULT.conflict);
    await cache.refresh();
    expect(overspeedAt(88)).toEqual([expect.objectContaining({ properties: expect.objectContaining({ limit: 85 }) })]);
    expect(overspeedAt(84)).toEqual([]);
    const afterEdit = await historyOfC002(editedAt, Date.now());
    expect(afterEdit.slice(1)).toEqual([{ parkingTimeoutMin: 30, offlineTimeoutMin: 10, overspeedKmh: 85, dated: true }]);

    const disabledAt = Date.now();
    const disabled = savedRow(await api.status(THRESHOLD, 'manager', created.key, { status: 0, version: edited.version }));
    expect(disabled.status).toBe(0);
    await cache.refresh();
    expect(overspeedAt(84)).toHaveLength(1);
    // A disabled row puts the company back on the defaults, in the history too; the times before keep their values.
    expect((await historyOfC002(disabledAt, Date.now())).slice(2)).toEqual([{ parkingTimeoutMin: 20, offlineTimeoutMin: 0, overspeedKmh: 80, dated: true }]);
    expect(cache.snapshot().timeoutsAt('C002', Date.now())).toEqual({ parkingTimeoutMin: 20, offlineTimeoutMin: 0 });
    expect(cache.snapshot().timeoutsAt('C002', disabledAt - 1)).toEqual({ parkingTimeoutMin: 30, offlineTimeoutMin: 10 });

    // Enabled again unchanged: its values are in force again from then on. A save that changes nothing in force (the
    // disabled row's edit) adds nothing.
    const enabled = savedRow(await api.status(THRESHOLD, 'manager', created.key, { status: 1, version: disabled.version }));
    expect((await historyOfC002(0, Date.now())).map((row) => row.parkingTimeoutMin)).toEqual([30, 30, 20, 30]);
    savedRow(await api.update(THRESHOLD, 'manager', created.key, editForm(THRESHOLD, enabled, { overspeedKmh: '85' })));
    expect(await historyOfC002(0, Date.now())).toHaveLength(4);
  });
});
