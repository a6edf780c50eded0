// The running simulator: ticks the engine on a timer (or when a test says), writes and publishes what changed, raises alarms.
import { isAlarmTypeId } from '../../domain/alarm-types';
import type { PublishedAlarm } from '../live/hub';
import type { SimControl, Services } from '../services';
import { recordAlarm } from '../store/alarms';
import { FleetEngine } from './engine';
import { tankTablesInUse } from './gauge-tables';
import type { TankTable } from '../../domain/params/tank-table';
import { loadFleet } from './fleet';
import { tickWriter } from './live-writer';
import { TickBatch, type TickWriter } from './tick-batch';
import { syntheticAlarm, needsTanker } from './raise';
import { Rng, hashSeed } from './random';
import { statusRow, type TruckSim } from './truck-sim';

export interface SimulatorOptions {
  readonly seed: number | string;
  /** Real time between ticks of the timer; default 5000. */
  readonly tickMs?: number;
  /** The clock: the start time, the timer's tick times and raiseAlarm's time. */
  readonly now?: () => number;
  /** Multiplies alarm rates; default 1. */
  readonly alarmRate?: number;
  /** false: no timer, the caller drives `tick` (tests, benchmarks). */
  readonly timer?: boolean;
  readonly onError?: (error: unknown) => void;
}

interface TickReport {
  readonly rows: number;
  readonly positions: number;
  readonly events: number;
  readonly heartbeats: number;
  readonly alarms: number;
}

/** The simulated trucks' devices as the device responder reaches them (server/sim/device-responder.ts). */
export interface SimDevices {
  /** Whether the truck's device is reachable now; undefined for a truck the simulator does not drive. */
  online(truckId: number): boolean | undefined;
  /** From now on the truck's level gauge reads its levels through this table (undefined: none). */
  useTankTable(truckId: number, table: TankTable | undefined): void;
}

export interface Simulator extends SimControl {
  /** Resolves once the fleet is loaded from the database. */
  readonly ready: Promise<void>;
  readonly devices: SimDevices;
  /** Advances the fleet to `nowMs` (sim time); a time not after the last tick does nothing. Ticks run one at a time. */
  tick(nowMs: number): Promise<TickReport>;
  stop(): void;
}

const NOTHING: TickReport = { rows: 0, positions: 0, events: 0, heartbeats: 0, alarms: 0 };
/** After a stall (a suspended laptop), jump forward rather than replay hours in one step. */
const MAX_STEP_MS = 5 * 60_000;

export function startSimulator(services: Pick<Services, 'db' | 'driver' | 'hub'>, options: SimulatorOptions): Simulator {
  const { db, driver, hub } = services;
  const clock = options.now ?? Date.now;
  const startedAt = clock();
  let lastTick = startedAt;
  let stopped = false;
  let engine: FleetEngine | undefined;
  let write: TickWriter | undefined;
  const picker = new Rng(hashSeed(options.seed, 'raise'));

  const ready = loadFleet(db).then(async (fleet) => {
    const loaded = new FleetEngine(fleet, { seed: options.seed, alarmRate: options.alarmRate ?? 1 }, startedAt);
    for (const [truckId, table] of await tankTablesInUse(db)) {
      const truck = loaded.truck(truckId);
      if (truck) truck.gauge = table;
    }
    engine = loaded;
    write = tickWriter(db, driver);
  });
  // A load failure surfaces through tick and raiseAlarm; this branch only keeps it from also being "unhandled".
  ready.catch(() => undefined);

  // Ticks and raised alarms take turns: both change truck state and both write.
  let queue: Promise<unknown> = ready;
  function serial<T>(job: () => Promise<T>): Promise<T> {
    const run = queue.then(job);
    queue = run.catch(() => undefined);
    return run;
  }

  async function runTick(nowMs: number): Promise<TickReport> {
    if (!engine || !write || stopped || nowMs <= lastTick) return NOTHING;
    const from = Math.max(lastTick, nowMs - MAX_STEP_MS);
    lastTick = nowMs;
    const batch = new TickBatch();
    engine.step(from, nowMs, batch);
    const changed = engine.takeChanged();
    const gone = await write(batch, changed, nowMs);
    engine.retire(gone);
    const rows = changed.filter((t) => !gone.has(t.spec.id));
    hub.publishRows(rows.map(statusRow));
    const alarms = batch.alarms.filter((a) => !gone.has(a.truckId));
    for (const alarm of alarms) await recordAlarm(db, hub, alarm, nowMs);
    return {
      rows: rows.length, positions: batch.positions.length, events: batch.events.length,
      heartbeats: batch.heartbeats.length, alarms: alarms.length,
    };
  }

  function pickTruck(fleet: FleetEngine, tanker: boolean): TruckSim {
    const all = fleet.trucks;
    const fitting = all.filter((t) => (!tanker || (t.spec.model === 'fuel' && t.tanks.length > 0)));
    const pool = fitting.filter((t) => t.online);
    const chosen = pool.length > 0 ? picker.pick(pool) : fitting.length > 0 ? picker.pick(fitting) : all[0];
    if (!chosen) throw new Error('the simulator has no trucks');
    return chosen;
  }

  async function raise(type: number, truckId?: number): Promise<PublishedAlarm> {
    if (!isAlarmTypeId(type)) throw new Error(`unknown alarm type ${type}`);
    if (!engine) throw new Error('the simulator is not ready');
    const fleet = engine;
    const truck = truckId === undefined ? pickTruck(fleet, needsTanker(type)) : fleet.truck(truckId);
    if (!truck) throw new Error(`no truck ${truckId} in the simulated fleet`);
    const now = Math.max(clock(), lastTick);
    const alarm = syntheticAlarm(type, truck, now, picker);
    // The alarm status (3) shows on the truck's row from the next tick.
    fleet.withSink(new TickBatch(), () => fleet.raise(truck, alarm, false));
    return recordAlarm(db, hub, alarm, now);
  }

  let timer: ReturnType<typeof setInterval> | undefined;
  if (options.timer !== false) {
    const onError = options.onError ?? ((error: unknown) => console.error('simulator tick failed', error));
    let busy = false;
    timer = setInterval(() => {
      if (busy) return;
      busy = true;
      serial(() => runTick(clock())).catch(onError).finally(() => {
        busy = false;
      });
    }, options.tickMs ?? 5000);
    timer.unref();
  }

  return {
    ready,
    tick: (nowMs) => serial(() => runTick(nowMs)),
    raiseAlarm: (type, truckId) => serial(() => raise(type, truckId)),
    devices: {
      online: (truckId) => engine?.truck(truckId)?.online,
      useTankTable(truckId, table) {
        const truck = engine?.truck(truckId);
        if (truck) truck.gauge = table;
      },
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
