// Which thresholds the simulator's detection reads. An engine is given its source (EngineOptions.thresholds) or takes
// the process's: the live simulator's, which server/sim/index.ts sets from a cache of the database's threshold rows
// while it runs. Without either, every company is on the defaults (a history filled before any threshold existed).
import { DEFAULT_SNAPSHOT, type ThresholdSnapshot } from '../thresholds/threshold-snapshot';

/** The snapshot in force now: called at each check, so a refreshed cache acts from the next step. */
export type ThresholdSource = () => ThresholdSnapshot;

const DEFAULTS: ThresholdSource = () => DEFAULT_SNAPSHOT;

/** The process's sources, the latest in force: a second simulator in one process (a test) takes over until it stops. */
const processSources: ThresholdSource[] = [];
const bound = new WeakMap<object, ThresholdSource>();

/** Puts `source` in force for engines without their own; returns the undo. */
export function useProcessThresholds(source: ThresholdSource): () => void {
  processSources.push(source);
  return () => {
    const at = processSources.lastIndexOf(source);
    if (at >= 0) processSources.splice(at, 1);
  };
}

/** Gives one engine (its SimContext) its own source. */
export function bindThresholds(context: object, source: ThresholdSource): void {
  bound.set(context, source);
}

/** The thresholds a step of `context` reads: its own source's, else the process's, else the defaults. */
export function thresholdsFor(context: object): ThresholdSnapshot {
  return (bound.get(context) ?? processSources.at(-1) ?? DEFAULTS)();
}
