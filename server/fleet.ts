// Puts the simulated fleet in place at start: master data and history on the first start, then the live simulator.
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Services } from './services';
import { backfill, seedFleet, startSimulator, type BackfillReport } from './sim';

export interface FleetStart {
  readonly seeded: boolean;
  readonly history?: BackfillReport;
}

/** Seeds trucks and fills history only into an empty database, so a restart keeps what the operators saw. */
export async function prepareFleet(services: Services, sim: ServerConfig['sim'], now = Date.now()): Promise<FleetStart> {
  const truck = await services.db.selectFrom('truck').select('id').limit(1).executeTakeFirst();
  if (truck) return { seeded: false };
  await seedFleet(services.db, { seed: sim.seed, trucks: sim.trucks, now });
  if (sim.backfillDays === 0) return { seeded: true };
  const history = await backfill(services.db, {
    seed: sim.seed,
    now,
    eventDays: sim.backfillDays,
    positionDays: Math.min(3, sim.backfillDays),
  });
  return { seeded: true, history };
}

/** Starts the live simulator and stops it with the server. */
export function runSimulator(app: FastifyInstance, services: Services, sim: ServerConfig['sim']): void {
  const simulator = startSimulator(services, {
    seed: sim.seed,
    alarmRate: sim.alarmRate,
    onError: (error) => app.log.error({ err: error }, 'simulator tick failed'),
  });
  services.sim = simulator;
  app.addHook('onClose', async () => {
    simulator.stop();
    services.sim = undefined;
  });
}
