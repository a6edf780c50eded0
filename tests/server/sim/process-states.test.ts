// The process states (params spec §4) as the simulator walks them: a day of a small fleet stepped minute by minute, each
// tanker's state read after every step and every event's state checked against the truck's as the event is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_STATES, type ProcessState } from '../../../domain/process-states';
import { FleetEngine, type SimSink } from '../../../server/sim/engine';
import type { SimEvent } from '../../../server/sim/events';
import { loadFleet } from '../../../server/sim/fleet';
import { processOf } from '../../../server/sim/truck-sim';
import { T0, seededDb, type SeededDb } from './fixture';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** Each state and the states that may follow it: a shift, its deliveries, and the way home. */
const NEXT: { readonly [S in ProcessState]: readonly ProcessState[] } = {
  initializing: ['idle'],
  idle: ['initializing', 'transporting'],
  transporting: ['loading_takeover', 'unloading_takeover', 'idle'],
  loading_takeover: ['loading'],
  loading: ['loading_stopped'],
  loading_stopped: ['transporting'],
  unloading_takeover: ['unloading'],
  unloading: ['unloading_stopped'],
  unloading_stopped: ['waiting_empty'],
  waiting_empty: ['transporting'],
};

interface Written {
  readonly event: SimEvent;
  /** The truck's state when the engine handed the event over. */
  readonly truckState: ProcessState;
}

describe('process states over a simulated day (12 trucks, minute steps)', () => {
  let s: SeededDb;
  const walks = new Map<number, ProcessState[]>();
  const written: Written[] = [];

  beforeAll(async () => {
    s = await seededDb('process', 12);
    const engine = new FleetEngine(await loadFleet(s.db), { seed: 'process' }, T0);
    const sink: SimSink = {
      position: () => undefined,
      heartbeat: () => undefined,
      alarm: () => undefined,
      event: (event) => {
        const truck = engine.truck(event.truckId);
        if (truck) written.push({ event, truckState: processOf(truck) });
      },
    };
    const tankers = engine.trucks.filter((t) => t.spec.model === 'fuel' && t.tanks.length > 0);
    for (let at = T0; at < T0 + DAY; at += MIN) {
      engine.step(at, at + MIN, sink);
      for (const t of tankers) {
        const walk = walks.get(t.spec.id) ?? [];
        if (walk.at(-1) !== processOf(t)) walk.push(processOf(t));
        walks.set(t.spec.id, walk);
      }
    }
  }, 120_000);

  afterAll(async () => {
    await s.close();
  });

  it('walks each tanker through the states in the order of a shift and its deliveries', () => {
    expect(walks.size).toBeGreaterThan(3);
    const wrong = [...walks].flatMap(([id, walk]) =>
      walk.slice(1).flatMap((state, i) => {
        const before = walk[i];
        return before === undefined || NEXT[before].includes(state) ? [] : [`truck ${id}: ${before} → ${state}`];
      }));
    expect(wrong).toEqual([]);
  });

  it('has the tankers in every one of the ten states during the day', () => {
    const visited = new Set([...walks.values()].flat());
    expect(PROCESS_STATES.filter((state) => !visited.has(state))).toEqual([]);
  });

  it('stamps every event that carries a process with the state its truck is in as the event is written', () => {
    const stamped = written.flatMap(({ event, truckState }) => ('process' in event.data ? [{ event, process: event.data.process, truckState }] : []));
    expect(new Set(stamped.map((e) => e.process)).size).toBe(PROCESS_STATES.length);
    // A cover opened on the road is written when it closes, which may be after the truck has reached the station.
    const mismatched = stamped.filter((e) => e.process !== e.truckState && !(e.event.kind === 'switch_cover' && e.process === 'transporting'));
    expect(mismatched.map((e) => `${e.event.kind} ${e.process} while ${e.truckState}`).slice(0, 5)).toEqual([]);
  });
});
