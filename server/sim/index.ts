// The fleet simulator's public face: seeding the fleet, filling history, and running it live.
export { backfill, type BackfillOptions, type BackfillReport } from './backfill';
export { EVENT_KINDS, HIGH_LOSS_RATE, type EventData, type EventKind } from '../../src/domain/events';
export type { SimEvent } from './events';
export { DEFAULT_FLEET_SIZE, SEED_EPOCH, seedFleet, type FleetSeedOptions, type FleetSeedResult } from './fleet-seed';
export { OVERLONG_WORK_MIN, SPEED_LIMIT } from './alarm-props';
export { startSimulator, type Simulator, type SimulatorOptions, type TickReport } from './simulator';
