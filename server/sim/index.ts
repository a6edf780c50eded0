// The fleet simulator's public face: seeding the fleet, filling history, and running it live.
import type { Services } from '../services';
import { openThresholdCache } from '../thresholds/threshold-cache';
import { startSimulator as startFleetSimulator, type Simulator, type SimulatorOptions } from './simulator';
import { useProcessThresholds } from './thresholds';

export { backfill, type BackfillReport } from './backfill';
export { EVENT_KINDS } from '../../domain/events';
export { seedFleet } from './fleet-seed';
export type { SimDevices, Simulator, SimulatorOptions } from './simulator';

/**
 * Runs the simulator live with the database's thresholds (docs/thresholds.md): a cache of the threshold rows, read
 * before the first tick, refreshed when this instance hears of a saved threshold and every few seconds whatever it
 * hears, is the detection's source while the simulator runs. On PostgreSQL the simulator runs on the leading instance
 * (leadership.ts); a threshold saved through another instance reaches it over the hub or by the re-read.
 */
export function startSimulator(services: Pick<Services, 'db' | 'driver' | 'hub'>, options: SimulatorOptions): Simulator {
  const cache = openThresholdCache(services.db, {
    changes: services.hub,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const stopUsing = useProcessThresholds(cache.snapshot);
  const simulator = startFleetSimulator(services, options);
  const ready = Promise.all([simulator.ready, cache.ready]).then(() => undefined);
  ready.catch(() => undefined);
  return {
    ready,
    tick: (nowMs) => simulator.tick(nowMs),
    raiseAlarm: (type, truckId) => simulator.raiseAlarm(type, truckId),
    devices: simulator.devices,
    stop() {
      simulator.stop();
      stopUsing();
      cache.close();
    },
  };
}
