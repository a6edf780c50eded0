// The simulated trucks' devices answering sends (docs/device-sends.md): on a short timer, every send still
// under way moves as its device would (device-moves.ts) and what the device does with the content is applied
// (device-outcomes.ts), in one transaction per tick; then every console that may see a changed row is told. All state
// is in the send rows, so a server restarted mid-send carries on where it stopped. Runs beside the simulator, on the
// instance that simulates.
import type { EntityPath } from '../../domain/screens/entities/definition';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/open';
import type { Row } from '../db/schema';
import { announceRows, sendRows, type ChangedRow } from '../sends/send-notices';
import { changeSend, type SendChange, type SendStatus } from '../sends/send-store';
import { setTankTableState } from '../sends/tank-table-sends';
import type { Services } from '../services';
import { confirmTankTable, judgeArrival, type Arrival } from './device-outcomes';
import { failedStatus, nextMove, type DeviceMove } from './device-moves';
import type { SimDevices } from './simulator';

const MOVING: readonly SendStatus[] = ['notSent', 'toBeSent', 'sending', 'synchronizing', 'complete'];
/** Sends moved per tick at most: the rest wait a tick (a 10,000-truck send stays a series of bounded writes). */
const BATCH = 2000;
const TICK_MS = 250;

type Send = Row<'deviceSend'>;

interface DeviceResponderOptions {
  readonly tickMs?: number;
  readonly now?: () => number;
  /** false: no timer, the caller drives `tick` (tests). */
  readonly timer?: boolean;
  readonly onError?: (error: unknown) => void;
  /** Share of transfers arriving corrupted; device-moves.ts's CRC_ERROR_RATE unless set (tests choose 0 or 1). */
  readonly crcErrorRate?: number;
}

export interface DeviceResponder {
  /** Moves every send due at `now`; resolves with how many changed. */
  tick(now: number): Promise<number>;
  stop(): void;
}

const RECORD_PATHS: readonly EntityPath[] = ['/setting/device_parameter/params_record', '/setting/alarm_threshold/modify_record'];
const TANK_PATHS: readonly EntityPath[] = ['/setting/base_data/tank_table', '/setting/base_data/tank_table_record'];

/** The change a move makes, before the device judges arrived content. */
function changeOf(send: Send, move: DeviceMove, now: number): SendChange['set'] | undefined {
  switch (move.kind) {
    case 'none':
      return undefined;
    case 'start':
      return { status: 'sending', step: 0, sendTimes: send.sendTimes + 1, actualAt: now };
    case 'progress':
      return { step: move.step };
    case 'unreachable':
      return { status: failedStatus(send.kind, 'connectionFailed'), completedAt: now };
    case 'corrupted':
      return { status: failedStatus(send.kind, 'crcError'), step: send.steps, completedAt: now };
    case 'arrived':
      return { status: 'sent', step: send.steps, completedAt: now };
    case 'synchronized':
      return { status: 'complete' };
    case 'confirmed':
      return { status: 'inUse' };
  }
}

interface TickResult {
  readonly changed: ChangedRow[];
  readonly tables: { readonly truckId: number; readonly arrival: Arrival }[];
}

async function moveAll(db: Db, sends: readonly Send[], online: (truckId: number) => boolean, now: number, crcErrorRate?: number): Promise<TickResult> {
  const changed: ChangedRow[] = [];
  const tables: TickResult['tables'] = [];
  await inTransaction(db, async (trx) => {
    for (const send of sends) {
      const move = nextMove({ ...send, actualAt: send.actualAt === null ? null : Number(send.actualAt), updatedAt: Number(send.updatedAt) }, now, online(send.truckId), crcErrorRate);
      const set = changeOf(send, move, now);
      if (!set || !(await changeSend(trx, { id: send.id, from: send.status, sendTimes: send.sendTimes, set }, now))) continue;
      let status = set.status ?? send.status;
      let records = 0;
      if (move.kind === 'arrived' || move.kind === 'confirmed') {
        const arrival = move.kind === 'arrived' ? await judgeArrival(trx, send, now) : await confirmTankTable(trx, send, now);
        records = arrival.changes;
        if (arrival.status !== status) {
          status = arrival.status;
          // A tank table still synchronising has not ended.
          const completedAt = status === 'synchronizing' ? null : now;
          await trx.updateTable('deviceSend').set({ status, completedAt, updatedAt: now }).where('id', '=', send.id).execute();
        }
        if (arrival.tankTable) tables.push({ truckId: send.truckId, arrival });
      }
      changed.push(...sendRows([send]));
      if (send.kind === 'tankTable' && send.sourceId !== null && status !== send.status) {
        await setTankTableState(trx, send.sourceId, status as Parameters<typeof setTankTableState>[2], now);
        changed.push(...TANK_PATHS.map((path) => ({ path, key: send.sourceId ?? 0, companyCode: send.companyCode })));
      }
      if (records > 0) changed.push(...RECORD_PATHS.map((path) => ({ path, key: send.id, companyCode: send.companyCode })));
      if (move.kind === 'confirmed' && status === 'inUse') {
        changed.push({ path: '/setting/base_data/atg_tank_table', key: send.truckId, companyCode: send.companyCode });
      }
    }
  });
  return { changed, tables };
}

export function startDeviceResponder(
  services: Pick<Services, 'db' | 'hub' | 'wire'>, devices: SimDevices, options: DeviceResponderOptions = {},
): DeviceResponder {
  const { db } = services;
  const clock = options.now ?? Date.now;
  let stopped = false;
  let running: Promise<number> = Promise.resolve(0);

  async function tickOnce(now: number): Promise<number> {
    if (stopped) return 0;
    const sends = await db.selectFrom('deviceSend').selectAll().where('status', 'in', MOVING).orderBy('id').limit(BATCH).execute();
    if (sends.length === 0) return 0;
    const { changed, tables } = await moveAll(db, sends, (truckId) => devices.online(truckId) === true, now, options.crcErrorRate);
    for (const { truckId, arrival } of tables) devices.useTankTable(truckId, arrival.tankTable);
    announceRows(services, changed);
    return new Set(changed.filter((row) => row.path === '/setting/device_parameter/send_message').map((row) => row.key)).size;
  }

  // Ticks run one at a time: a slow database never has two ticks moving the same sends.
  const tick = (now: number): Promise<number> => {
    const next = running.then(() => tickOnce(now));
    running = next.catch(() => 0);
    return next;
  };

  let timer: ReturnType<typeof setInterval> | undefined;
  if (options.timer !== false) {
    const onError = options.onError ?? ((error: unknown) => console.error('device responder tick failed', error));
    let busy = false;
    timer = setInterval(() => {
      if (busy) return;
      busy = true;
      tick(clock()).catch(onError).finally(() => {
        busy = false;
      });
    }, options.tickMs ?? TICK_MS);
    timer.unref();
  }

  return {
    tick,
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
