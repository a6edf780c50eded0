// The sends' status of record (docs/device-sends.md): new sends to trucks, refused while the same thing is
// still pending there, and each later change made only from the status the changer read, so a stop and a device's
// answer racing each other never both win. The simulated devices (server/sim/device-responder.ts) and every console
// follow these rows.
import { inCompanies } from '../auth/company-scope';
import type { Db } from '../db/open';
import type { Row } from '../db/schema';
import { inTransaction } from '../db/transaction';
import {
  FILE_SEND_PENDING, TANK_TABLE_PENDING, type FileSendStatus, type SendKind, type TankTableStatus,
} from '../../domain/params/send-status';
import type { SendAnswer } from '../../domain/params/send-wire';

export type SendStatus = FileSendStatus | TankTableStatus;

/** A truck a send may go to: one of the caller's. */
export interface SendTruck {
  readonly id: number;
  readonly companyCode: string;
  readonly signCode: string;
}

/** What every truck of one send call receives. */
export interface SendSpec {
  readonly kind: SendKind;
  readonly target: string;
  readonly description: string;
  /** The device's payload, the same for every truck or made per truck. */
  readonly payload: string | ((truck: SendTruck) => string);
  readonly sourceId: number | null;
  /** Transfer packets. */
  readonly steps: number;
}

/** Bytes per transfer packet: the step count a send's progress is shown in. */
const PACKET_BYTES = 1024;
/** A send of hundreds of kilobytes still shows its progress in steps a list can follow. */
const MAX_STEPS = 50;

export function stepsFor(bytes: number): number {
  return Math.min(MAX_STEPS, Math.max(1, Math.ceil(bytes / PACKET_BYTES)));
}

/** The statuses a send is still under way in: no second send of the same thing to that truck meanwhile. */
const PENDING_STATUSES: readonly SendStatus[] = [...new Set<SendStatus>([...FILE_SEND_PENDING, ...TANK_TABLE_PENDING])];

/** A new send's first status: a tank table waits 'to be sent', anything else is 'not sent' yet. */
function initialStatus(kind: SendKind): SendStatus {
  return kind === 'tankTable' ? 'toBeSent' : 'notSent';
}

/** Rows per insert: well under both databases' bound-parameter limits. */
const CHUNK = 200;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Which of these trucks have the same thing (same source, else same target) of this kind still pending. */
async function pendingTrucks(trx: Db, spec: SendSpec, truckIds: readonly number[]): Promise<Set<number>> {
  const busy = new Set<number>();
  for (const ids of chunks(truckIds, 500)) {
    let query = trx
      .selectFrom('deviceSend')
      .select('truckId')
      .where('kind', '=', spec.kind)
      .where('status', 'in', PENDING_STATUSES)
      .where('truckId', 'in', ids);
    query = spec.sourceId !== null ? query.where('sourceId', '=', spec.sourceId) : query.where('target', '=', spec.target);
    for (const row of await query.execute()) busy.add(row.truckId);
  }
  return busy;
}

/**
 * Creates one send per truck in one transaction, except to trucks where the same thing is still pending (refused with
 * `pendingReason`, a text in the caller's language).
 */
export async function createSends(
  db: Db, spec: SendSpec, trucks: readonly SendTruck[], user: string, now: number, pendingReason: string,
  /** Runs in the same transaction once the sends exist (a tank table marks itself 'to be sent'). */
  created?: (trx: Db, answer: SendAnswer) => Promise<void>,
): Promise<SendAnswer> {
  return inTransaction(db, async (trx) => {
    const busy = await pendingTrucks(trx, spec, trucks.map((truck) => truck.id));
    const refused = trucks.filter((truck) => busy.has(truck.id)).map((truck) => ({ truckId: truck.id, signCode: truck.signCode, reason: pendingReason }));
    const sent: SendAnswer['sends'][number][] = [];
    const status = initialStatus(spec.kind);
    for (const group of chunks(trucks.filter((truck) => !busy.has(truck.id)))) {
      const rows = await trx
        .insertInto('deviceSend')
        .values(group.map((truck) => ({
          companyCode: truck.companyCode, truckId: truck.id, kind: spec.kind, target: spec.target, description: spec.description,
          payload: typeof spec.payload === 'string' ? spec.payload : spec.payload(truck), sourceId: spec.sourceId, status,
          step: 0, steps: spec.steps, sendTimes: 0, requiredAt: now, actualAt: null, completedAt: null, createdBy: user, updatedAt: now,
        })))
        .returning(['id', 'truckId'])
        .execute();
      const plates = new Map(group.map((truck) => [truck.id, truck.signCode]));
      for (const row of rows) sent.push({ id: row.id, truckId: row.truckId, signCode: plates.get(row.truckId) ?? '', status });
    }
    const answer = { sends: sent, refused };
    if (sent.length > 0) await created?.(trx, answer);
    return answer;
  });
}

/** A change of one send, made only if it still has the status (and send count) it was read with. */
export interface SendChange {
  readonly id: number;
  readonly from: SendStatus;
  readonly sendTimes: number;
  readonly set: Partial<Pick<Row<'deviceSend'>, 'status' | 'step' | 'sendTimes' | 'actualAt' | 'completedAt'>>;
}

/** Applies a change; false when another writer (a stop, another device answer) changed the send first. */
export async function changeSend(db: Db, change: SendChange, now: number): Promise<boolean> {
  const result = await db
    .updateTable('deviceSend')
    .set({ ...change.set, updatedAt: now })
    .where('id', '=', change.id)
    .where('status', '=', change.from)
    .where('sendTimes', '=', change.sendTimes)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stop sending: a file send not yet sent ends as terminated. False when it had already ended (or is a tank table). */
export async function stopSend(db: Db, id: number, companyCodes: readonly string[], now: number): Promise<Row<'deviceSend'> | undefined> {
  const result = await db
    .updateTable('deviceSend')
    .set({ status: 'terminated', completedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where((eb) => inCompanies(eb, 'companyCode', companyCodes))
    .where('kind', '<>', 'tankTable')
    .where('status', 'in', [...FILE_SEND_PENDING])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('deviceSend').selectAll().where('id', '=', id).executeTakeFirst();
}
