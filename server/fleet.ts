// Puts the simulated fleet in place at start (master data and history on the first start) and runs the live simulator
// on whichever instance leads (server/sim/leadership.ts).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DEFAULT_TRACK_DAYS, type ServerConfig } from './config';
import { inTransaction } from './db/transaction';
import type { Services } from './services';
import { startDeviceResponder, type DeviceResponder } from './sim/device-responder';
import { backfill, seedFleet, startSimulator, type BackfillReport, type Simulator } from './sim';
import { startLeadership, type Leadership, type LeadershipOptions } from './sim/leadership';

export interface FleetStart {
  readonly seeded: boolean;
  readonly history?: BackfillReport;
}

/**
 * Seeds trucks and fills history only into an empty database, so a restart keeps what the operators saw. Both commit
 * together: a leader that dies while filling history leaves an empty fleet, which the next leader seeds and fills.
 */
export async function prepareFleet(services: Services, sim: ServerConfig['sim'], now = Date.now()): Promise<FleetStart> {
  const truck = await services.db.selectFrom('truck').select('id').limit(1).executeTakeFirst();
  if (truck) return { seeded: false };
  const start = await inTransaction(services.db, async (trx): Promise<FleetStart> => {
    await seedFleet(trx, { seed: sim.seed, trucks: sim.trucks, now });
    if (sim.backfillDays === 0) return { seeded: true };
    const history = await backfill(trx, {
      seed: sim.seed,
      now,
      eventDays: sim.backfillDays,
      positionDays: Math.min(sim.trackDays ?? DEFAULT_TRACK_DAYS, sim.backfillDays),
    });
    return { seeded: true, history };
  });
  // The tables went from empty to hundreds of thousands of rows in one go: without fresh statistics PostgreSQL plans the
  // reports for an empty table (sorting a month of events instead of walking an index and stopping after a page).
  await sql`analyze`.execute(services.db);
  return start;
}

/**
 * Makes `simulator` this instance's: the simulator routes here use it, and other instances' POST /sim/alarm reach it
 * over the bus. Returns the undo.
 */
export function adoptSimulator(services: Services, simulator: Simulator): () => void {
  services.sim = simulator;
  const stopServing = services.hub.serveSimulator((request) => simulator.raiseAlarm(request.type, request.truckId));
  return () => {
    stopServing();
    if (services.sim === simulator) services.sim = undefined;
  };
}

interface FleetLeadOptions extends Omit<LeadershipOptions, 'instanceId'> {
  /** Real time between simulator ticks; the simulator's default (5 s) unless set. */
  readonly tickMs?: number;
  /** The simulator's clock; real time unless set (tests run the fleet faster). */
  readonly now?: () => number;
  /** Where the first start's seeding is reported. */
  readonly onSeeded?: (fleet: FleetStart) => void;
}

/**
 * Competes for the simulator lock and, while this instance holds it, runs the simulator: the fleet is seeded only by a
 * leader and only into an empty database, so a takeover continues from the stored state without a second backfill.
 * The leadership is closed (the simulator stopped, the lock given back) with the server.
 */
export function leadFleet(app: FastifyInstance, services: Services, sim: ServerConfig['sim'], options: FleetLeadOptions = {}): Leadership {
  let running: Simulator | undefined;
  let responder: DeviceResponder | undefined;
  let release: (() => void) | undefined;
  // Bumped at each loss, so a start still loading when its hold is lost does not run afterwards.
  let term = 0;
  const leadership = startLeadership(
    services.driver,
    {
      async gained() {
        const mine = ++term;
        const fleet = await prepareFleet(services, sim);
        if (fleet.seeded) options.onSeeded?.(fleet);
        if (mine !== term) return;
        const simulator = startSimulator(services, {
          seed: sim.seed,
          alarmRate: sim.alarmRate,
          tickMs: options.tickMs,
          now: options.now,
          onError: (error) => app.log.error({ err: error }, 'simulator tick failed'),
        });
        running = simulator;
        release = adoptSimulator(services, simulator);
        await simulator.ready;
        if (mine !== term) return;
        responder = startDeviceResponder(services, simulator.devices, {
          now: options.now,
          onError: (error) => app.log.error({ err: error }, 'device responder tick failed'),
        });
      },
      lost() {
        term++;
        release?.();
        release = undefined;
        responder?.stop();
        responder = undefined;
        running?.stop();
        running = undefined;
      },
    },
    { ...options, instanceId: services.hub.status().instanceId },
  );
  services.leadership = leadership;
  app.addHook('onClose', async () => {
    await leadership.close();
    services.leadership = undefined;
  });
  return leadership;
}
