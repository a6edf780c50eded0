// How a saved threshold reaches the detection: the live simulator (server/sim/index.ts) reads the rows before its first
// tick and puts them in force for its engine until it stops; the cache reads again when it hears of a saved threshold
// row, and a notice of another screen's row leaves it alone.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EntityPath } from '../../../domain/screens/entities/definition';
import type { Notice } from '../../../server/live/hub';
import { startSimulator } from '../../../server/sim';
import { thresholdsFor } from '../../../server/sim/thresholds';
import { openThresholdCache, type ThresholdChanges } from '../../../server/thresholds/threshold-cache';
import { recordThresholdHistory } from '../../../server/thresholds/threshold-history';
import { T0, seededDb, type SeededDb } from '../sim/fixture';

const stamp = { status: 1, version: 1, modifiedBy: 'test', modifiedAt: T0 };

/** The hub's master-data notices, published by the test. */
function changes(): ThresholdChanges & { publish(path: EntityPath): void } {
  const listeners = new Set<(notice: Notice) => void>();
  return {
    onNotice(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(path) {
      for (const listener of listeners) listener({ kind: 'entityChanged', path, key: '1', companyCode: null });
    },
  };
}

describe('the threshold cache', () => {
  let s: SeededDb;

  beforeAll(async () => {
    s = await seededDb('threshold-cache', 6);
  }, 60_000);

  afterAll(async () => {
    await s.close();
  });

  beforeEach(async () => {
    await s.db.deleteFrom('alarmThreshold').execute();
    await s.db.deleteFrom('alarmThresholdHistory').execute();
  });

  it("puts the database's thresholds in force while the live simulator runs, and the defaults again once it stops", async () => {
    await s.db.insertInto('alarmThreshold').values({ companyCode: 'C002', parkingTimeoutMin: 33, offlineTimeoutMin: 7, overspeedKmh: 70, ...stamp }).execute();
    await recordThresholdHistory(s.db, T0, ['C002']);
    const engineWithoutSource = {};
    const sim = startSimulator({ db: s.db, driver: s.driver, hub: s.hub }, { seed: 'cache', now: () => T0, timer: false });
    await sim.ready;
    expect(thresholdsFor(engineWithoutSource).limits('C002')).toMatchObject({ overspeedKmh: 70 });
    expect(thresholdsFor(engineWithoutSource).timeoutsAt('C002', T0)).toEqual({ parkingTimeoutMin: 33, offlineTimeoutMin: 7 });
    expect(thresholdsFor(engineWithoutSource).limits('C003')).toMatchObject({ overspeedKmh: 80 });
    expect(thresholdsFor(engineWithoutSource).timeoutsAt('C003', T0)).toEqual({ parkingTimeoutMin: 20, offlineTimeoutMin: 0 });
    sim.stop();
    expect(thresholdsFor(engineWithoutSource).limits('C002').overspeedKmh).toBe(80);
  });

  it('reads again when a threshold row is announced, not for a row of another screen', async () => {
    const hub = changes();
    const cache = openThresholdCache(s.db, { refreshMs: 0, changes: hub });
    await cache.ready;
    await s.db.insertInto('alarmThreshold').values({ companyCode: 'C003', parkingTimeoutMin: 5, offlineTimeoutMin: 5, overspeedKmh: 66, ...stamp }).execute();
    hub.publish('/setting/base_data/station');
    // A read started by a notice would be done by the time this one is: the snapshot still is the first read's.
    await s.db.selectFrom('alarmThreshold').selectAll().execute();
    expect(cache.snapshot().limits('C003').overspeedKmh).toBe(80);
    hub.publish('/setting/alarm_threshold/threshold');
    await vi.waitFor(() => expect(cache.snapshot().limits('C003').overspeedKmh).toBe(66));
    cache.close();
  });
});
