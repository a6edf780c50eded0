// Operations endpoints for superMan users: live diagnostics, dropping every socket, raising a simulated alarm now.
import { isAlarmTypeId } from '../../domain/alarm-types';
import { envelope } from '../../domain/wire/envelope';
import { storedDays } from '../reports/day-store';
import { lastAlarmSeq } from '../store/alarms';
import { failText } from '../envelope';
import { databaseBytes } from '../db/open';
import type { TableName } from '../db/schema';
import type { BusStatus } from '../live/hub';
import type { DbKind } from '../db/target';
import type { SimulatorRole } from '../sim/leadership';
import { field, type ContractPlugin } from './plugin';

/** Tables whose row counts tell an operator whether history and live data are flowing. */
/** Long enough for the leader to finish a tick of a large fleet first (raises wait for it), short enough to answer. */
const SIM_ASK_TIMEOUT_MS = 3_000;

const COUNTED_TABLES = ['truck', 'truckLive', 'position', 'event', 'alarm', 'heartbeat', 'session', 'appUser'] as const satisfies readonly TableName[];

export interface Diagnostics {
  /** Connected sockets, those still waiting for their open message included. */
  readonly sockets: { readonly truck: number; readonly alarm: number };
  /** Sockets whose open message was accepted: they receive data. */
  readonly streaming: { readonly truck: number; readonly alarm: number };
  readonly framesSent: number;
  readonly badFrames: number;
  readonly lastAlarmSeq: number;
  readonly rows: Readonly<Record<(typeof COUNTED_TABLES)[number], number>>;
  /** Which database the server runs on: the embedded SQLite file or PostgreSQL (shared by every instance). */
  readonly database: DbKind;
  readonly databaseBytes: number;
  /** The simulator runs on this instance now. */
  readonly simulator: boolean;
  /** This instance (the bus's instance name) and whether it leads the simulator; off when the simulator is disabled. */
  readonly instance: { readonly id: string; readonly role: SimulatorRole | 'off' };
  /** Resident memory of the server process. */
  readonly memoryBytes: number;
  /** The most resident memory the process has held since it started (the operating system's own peak). */
  readonly peakMemoryBytes: number;
  /** The live bus (REDIS_URL: redis, else local) and this instance's name on it. */
  readonly bus: BusStatus;
  /** Report exports that failed on the server (refusals for bad input or too many rows are answers, not failures). */
  readonly exportsFailed: number;
  /** Grouped reports' stored days (server/reports/day-partials.ts) and whether the default ranges' are all in. */
  readonly reportDays: { readonly days: number; readonly ready: boolean };
}

export const diagnosticsRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;

  app.get('/diagnostics', { config: { access: 'ops' } }, async () => {
    const counts = await Promise.all(
      COUNTED_TABLES.map(async (table) => {
        const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        return [table, Number(row.n)] as const;
      }),
    );
    const rows = Object.fromEntries(counts) as Diagnostics['rows'];
    const sockets = services.sockets;
    const bus = services.hub.status();
    const answer: Diagnostics = {
      sockets: sockets?.openCounts() ?? { truck: 0, alarm: 0 },
      streaming: sockets?.streamingCounts() ?? { truck: 0, alarm: 0 },
      framesSent: sockets?.framesSent() ?? 0,
      badFrames: sockets?.badFrames() ?? 0,
      lastAlarmSeq: await lastAlarmSeq(db),
      rows,
      database: services.driver.kind,
      databaseBytes: await databaseBytes(db, services.driver),
      simulator: services.sim !== undefined,
      instance: { id: bus.instanceId, role: services.leadership?.role() ?? 'off' },
      memoryBytes: process.memoryUsage().rss,
      // maxRSS is in kilobytes.
      peakMemoryBytes: process.resourceUsage().maxRSS * 1024,
      bus,
      exportsFailed: services.exports.failed,
      reportDays: storedDays(db),
    };
    return envelope(answer);
  });

  app.post('/diagnostics/drop-sockets', { config: { access: 'ops' } }, async () =>
    envelope({ closed: services.sockets?.closeAll() ?? 0 }),
  );

  app.post<{ Body: { type: number; truckId?: number } }>(
    '/sim/alarm',
    {
      config: { access: 'ops' },
      schema: { body: { type: 'object', required: ['type'], properties: { type: { type: 'integer', minimum: 0, maximum: 9999 }, truckId: field.id } } },
    },
    async (request) => {
      if (!isAlarmTypeId(request.body.type)) return failText(request, 400, 'server.badField', { field: 'type' });
      if (request.body.truckId !== undefined) {
        const truck = await db.selectFrom('truck').select('id').where('id', '=', request.body.truckId).executeTakeFirst();
        if (!truck) return failText(request, 400, 'server.notFoundId', { name: `truckId ${request.body.truckId}` });
      }
      if (services.sim) return envelope(await services.sim.raiseAlarm(request.body.type, request.body.truckId));
      // Behind a load balancer any instance gets the call: one that does not simulate asks the one that does.
      const answer = await services.hub.askSimulator({ type: request.body.type, truckId: request.body.truckId }, SIM_ASK_TIMEOUT_MS);
      if (!answer) return failText(request, 503, 'server.simNotRunning');
      if ('error' in answer) throw new Error(answer.error);
      return envelope(answer.alarm);
    },
  );
};
