// A server with a small seeded fleet and simulated devices driven by the test: which trucks are reachable is set by
// the test, ticks are called with chosen times, and the tank tables the devices take into use are recorded.
import { FILE_SEND_MOVES, TANK_TABLE_MOVES, type StatusMoves } from '../../../domain/params/send-follow';
import type { TankTable } from '../../../domain/params/tank-table';
import type { SendAnswer, SendRow } from '../../../domain/params/send-wire';
import type { Paged } from '../../../domain/wire/records';
import { startDeviceResponder, type DeviceResponder } from '../../../server/sim/device-responder';
import type { SimDevices } from '../../../server/sim';
import { seedFleet } from '../../../server/sim';
import { call, login } from '../../helpers/api';
import { startServer, type RunningServer, type TestServerOptions } from '../../helpers/server';

interface TestDevices extends SimDevices {
  readonly offline: Set<number>;
  readonly tables: Map<number, TankTable | undefined>;
}

function testDevices(): TestDevices {
  const offline = new Set<number>();
  const tables = new Map<number, TankTable | undefined>();
  return {
    offline,
    tables,
    online: (truckId) => !offline.has(truckId),
    useTankTable: (truckId, table) => void tables.set(truckId, table),
  };
}

export interface SendServer {
  readonly server: RunningServer;
  readonly token: string;
  readonly devices: TestDevices;
  readonly responder: DeviceResponder;
  /** Trucks of company C001 (the admin sees all), by plate. */
  readonly trucks: readonly { readonly id: number; readonly signCode: string; readonly companyCode: string; readonly compartments: number }[];
  sends(query?: Record<string, string | number>): Promise<Paged<SendRow>>;
  send(form: Record<string, string | number>): Promise<SendAnswer>;
  /** Ticks the devices at these times, in order. */
  ticks(...times: number[]): Promise<void>;
  close(): Promise<void>;
}

export async function startSendServer(
  options: TestServerOptions & {
    readonly fleetSize?: number;
    readonly crcErrorRate?: number;
    /** Seeds the fleet; by default unless the database is another server's. */
    readonly seed?: boolean;
  } = {},
): Promise<SendServer> {
  const server = await startServer({
    ...options,
    prepare: async (services) => {
      if (options.seed ?? !options.sharedDatabase) await seedFleet(services.db, { seed: 15, trucks: options.fleetSize ?? 6 });
      await options.prepare?.(services);
    },
  });
  const devices = testDevices();
  const seen = new Map<number, SendRow['status']>();
  const wrongMoves: string[] = [];
  const watchMoves = async () => {
    const rows = await server.services.db.selectFrom('deviceSend').select(['id', 'kind', 'status']).execute();
    for (const row of rows) {
      const before = seen.get(row.id);
      seen.set(row.id, row.status);
      if (before === undefined || before === row.status) continue;
      const moves: StatusMoves<string> = row.kind === 'tankTable' ? TANK_TABLE_MOVES : FILE_SEND_MOVES;
      if (!moves[before]?.has(row.status)) wrongMoves.push(`send ${row.id} (${row.kind}) ${before} → ${row.status}`);
    }
  };
  const responder = startDeviceResponder(server.services, devices, { timer: false, crcErrorRate: options.crcErrorRate ?? 0 });
  const { token } = await login(server.url, 'admin');
  const trucks = await server.services.db.selectFrom('truck').select(['id', 'signCode', 'companyCode', 'compartments']).orderBy('id').execute();
  return {
    server, token, devices, responder, trucks,
    async sends(query = {}) {
      const answer = await call<Paged<SendRow>>(server.url, 'GET', '/deviceSend', { token, query: { size: 500, ...query } });
      if (answer.resultCode !== 200 || !answer.data) throw new Error(`list failed: ${answer.message}`);
      return answer.data;
    },
    async send(form) {
      const answer = await call<SendAnswer>(server.url, 'POST', '/deviceSend', { token, form });
      if (answer.resultCode !== 200 || !answer.data) throw new Error(`send failed: ${answer.message}`);
      return answer.data;
    },
    async ticks(...times) {
      // Sends made since the last tick are seen in their first status before the devices move them.
      await watchMoves();
      for (const time of times) {
        await responder.tick(time);
        await watchMoves();
      }
    },
    async close() {
      responder.stop();
      await server.close();
      // Every status a send moved through between two ticks is a move its status list allows (send-follow.ts).
      if (wrongMoves.length > 0) throw new Error(`moves no status list allows: ${wrongMoves.join('; ')}`);
    },
  };
}
