// Alarms in the database: recording one (which gives it its seq) and reading them back as wire alarms.
import { parseLiveAlarm, type LiveAlarm } from '../../domain/wire/live-alarm';
import { scopedFrom } from '../auth/company-scope';
import type { Db } from '../db/open';
import type { Row } from '../db/schema';
import { inWriteOrder } from '../db/write-order';
import type { LiveHub, PublishedAlarm } from '../live/hub';

export interface NewAlarm {
  readonly type: number;
  readonly truckId: number;
  readonly signCode: string;
  readonly companyCode: string;
  readonly startTime: number;
  readonly remark: string;
  readonly properties: Readonly<Record<string, unknown>>;
}

/** The wire form of a stored alarm; undefined for a row that no longer parses (never sent half-formed). */
export function toPublishedAlarm(row: Row<'alarm'>): PublishedAlarm | undefined {
  const alarm = parseLiveAlarm({
    type: row.type,
    signCode: row.signCode,
    startTime: row.startTime,
    truckId: row.truckId,
    insertTime: row.insertTime,
    remark: row.remark,
    seq: row.seq,
    properties: JSON.parse(row.properties) as unknown,
  });
  return alarm ? { companyCode: row.companyCode, alarm: { ...alarm, seq: row.seq } as LiveAlarm & { seq: number } } : undefined;
}

/** One alarm stored and published at a time per database handle, so this server publishes alarms in seq order. */
const turns = new WeakMap<Db, Promise<unknown>>();

/** Stores the alarm (the database assigns the next seq) and publishes it to live sockets. */
export function recordAlarm(db: Db, hub: LiveHub, input: NewAlarm, now = Date.now()): Promise<PublishedAlarm> {
  const record = async (): Promise<PublishedAlarm> => {
    const row = await inWriteOrder(db, 'alarmSeq', (executor) =>
      executor
        .insertInto('alarm')
        .values({ ...input, insertTime: now, properties: JSON.stringify(input.properties) })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    const published = toPublishedAlarm(row);
    if (!published) throw new Error(`alarm type ${input.type} with these properties does not match the wire contract`);
    hub.publishAlarm(published);
    return published;
  };
  const turn = (turns.get(db) ?? Promise.resolve()).then(record);
  turns.set(db, turn.catch(() => undefined));
  return turn;
}

interface AlarmFilter {
  readonly companyCodes: readonly string[];
  /** Empty: none (a choice of nothing). */
  readonly typeIds: readonly number[];
}

/** Stored alarms after `lastSeq` and inserted since `sinceMs`, oldest first, for the socket's replay. */
export async function alarmsAfter(db: Db, lastSeq: number, sinceMs: number, filter: AlarmFilter, limit = 5000): Promise<PublishedAlarm[]> {
  if (filter.typeIds.length === 0) return [];
  const query = scopedFrom(db, filter.companyCodes, 'alarm')
    .selectAll()
    .where('seq', '>', lastSeq)
    .where('insertTime', '>=', sinceMs)
    .where('type', 'in', filter.typeIds);
  const rows = await query.orderBy('seq').limit(limit).execute();
  return rows.map(toPublishedAlarm).filter((a): a is PublishedAlarm => a !== undefined);
}

/** Every stored alarm after `seq`, oldest first: what the live bus reads again after an outage (whoever may see it). */
export async function alarmsRecordedAfter(db: Db, seq: number, limit: number): Promise<PublishedAlarm[]> {
  const rows = await db.selectFrom('alarm').selectAll().where('seq', '>', seq).orderBy('seq').limit(limit).execute();
  return rows.map(toPublishedAlarm).filter((a): a is PublishedAlarm => a !== undefined);
}

export async function lastAlarmSeq(db: Db): Promise<number> {
  const row = await db.selectFrom('alarm').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
  return Number(row?.seq ?? 0);
}
