// Driver scores (exception_rate's drivers tab) and the events behind them: a driver's shifts are the `sign` events
// (who drove which truck from when to when, and how far); an alarm of the truck inside a shift is the shift's driver's.
// A shift belongs to the day it began. Scores and the events tab read the same shifts and alarms, so a score's counts
// are exactly the events its drill-down lists.
import { sql } from 'kysely';
import { CHINA_OFFSET_MS } from '../../../domain/format/time';
import { DRIVER_EVENT_CATEGORY_NAMES, DRIVER_EVENT_TYPES, driverEventCategory, type DriverEventCategory } from '../../../domain/screens/reports/driver-events';
import { inCompanies, scopedFrom } from '../../auth/company-scope';
import type { Compute, ComputedRow } from '../computed-rows';
import { dailyParts, type DailyCompute, type Part } from '../daily-parts';
import type { ReportContext } from '../report-query';
import { cellOf } from '../report-sql';
import { jsonPath } from '../sql-values';

/** The count column of each category, as the drivers tab names them. */
const COUNT_COLUMNS = { overspeed: 'overspeeds', harsh: 'harshEvents', fatigue: 'fatigueEvents', adas: 'adasEvents' } as const satisfies Record<DriverEventCategory, string>;
const SCORED_TYPES = DRIVER_EVENT_CATEGORY_NAMES.flatMap((category) => DRIVER_EVENT_TYPES[category]);

interface Shift {
  readonly truckId: number;
  readonly company: string;
  readonly start: number;
  readonly end: number;
  readonly driverCode: string;
  readonly driverName: string;
  readonly km: number;
}

interface ScoredAlarm {
  readonly seq: number;
  readonly truckId: number;
  readonly start: number;
  readonly type: number;
  readonly speed?: number | null;
  readonly area?: string | null;
}

interface Scope {
  readonly from: number;
  readonly to: number;
  readonly companies: readonly string[] | 'all';
}

const text = (value: unknown): string => String(cellOf(value, 'text') ?? '');
const number = (value: unknown): number => Number(cellOf(value, 'number') ?? 0);

/** The China month a time is in ('2026-11'), as the grouped reports' months. */
function monthOf(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 7);
}

/** Shifts that began in the scope's range, of its companies. */
async function shiftsOf(ctx: ReportContext, scope: Scope): Promise<Shift[]> {
  const field = (path: string, type: 'text' | 'number') => jsonPath(ctx.kind, sql`${sql.ref('s.data')}`, path, type);
  let query = ctx.db
    .selectFrom('event as s')
    .select([
      's.truckId', 's.companyCode', 's.startTime', 's.endTime',
      field('driverCode', 'text').as('driverCode'), field('driverName', 'text').as('driverName'), field('km', 'number').as('km'),
    ])
    .where('s.kind', '=', 'sign')
    .where('s.startTime', '>=', scope.from)
    .where('s.startTime', '<=', scope.to);
  const { companies } = scope;
  if (companies !== 'all') query = query.where((eb) => inCompanies(eb, 's.companyCode', companies));
  const rows = await query.execute();
  return rows.map((row) => ({
    truckId: Number(row.truckId), company: row.companyCode, start: Number(row.startTime), end: Number(row.endTime ?? row.startTime),
    driverCode: text(row.driverCode), driverName: text(row.driverName), km: number(row.km),
  }));
}

/** Each shift with the scored alarms of its truck between its start and end (read once, matched in memory). */
async function alarmsInShifts(ctx: ReportContext, shifts: readonly Shift[], details: boolean): Promise<Map<Shift, ScoredAlarm[]>> {
  const matched = new Map<Shift, ScoredAlarm[]>(shifts.map((shift) => [shift, []]));
  if (shifts.length === 0) return matched;
  const trucks = [...new Set(shifts.map((shift) => shift.truckId))];
  const [from, to] = [Math.min(...shifts.map((shift) => shift.start)), Math.max(...shifts.map((shift) => shift.end))];
  const property = (path: string, type: 'text' | 'number') => jsonPath(ctx.kind, sql`${sql.ref('a.properties')}`, path, type);
  const rows = await ctx.db
    .selectFrom('alarm as a')
    .select(['a.seq', 'a.truckId', 'a.startTime', 'a.type'])
    .$if(details, (query) => query.select([property('speed', 'number').as('speed'), property('area', 'text').as('area')]))
    .where('a.type', 'in', SCORED_TYPES)
    .where('a.startTime', '>=', from)
    .where('a.startTime', '<=', to)
    // A driver's view reads a few trucks: their alarms by truck; a day of the fleet reads the range by type.
    .$if(trucks.length <= 50, (query) => query.where('a.truckId', 'in', trucks))
    .execute();
  const byTruck = new Map<number, ScoredAlarm[]>();
  for (const row of rows as readonly (typeof rows[number] & { speed?: unknown; area?: unknown })[]) {
    const alarm: ScoredAlarm = {
      seq: Number(row.seq), truckId: Number(row.truckId), start: Number(row.startTime), type: Number(row.type),
      speed: details ? cellOf(row.speed, 'number') as number | null : undefined, area: details ? cellOf(row.area, 'text') as string | null : undefined,
    };
    const list = byTruck.get(alarm.truckId) ?? [];
    list.push(alarm);
    byTruck.set(alarm.truckId, list);
  }
  for (const shift of shifts) {
    for (const alarm of byTruck.get(shift.truckId) ?? []) if (alarm.start >= shift.start && alarm.start <= shift.end) matched.get(shift)?.push(alarm);
  }
  return matched;
}

/** A piece's parts: per driver, month and truck, the shifts' kilometres and their alarms by category. */
async function driverParts(ctx: ReportContext, from: number, to: number, companies: readonly string[] | 'all'): Promise<Part[]> {
  const shifts = await shiftsOf(ctx, { from, to, companies });
  const parts = new Map<string, { fields: Part['fields']; company: string; sums: Record<string, number> }>();
  for (const [shift, alarms] of await alarmsInShifts(ctx, shifts, false)) {
    const month = monthOf(shift.start);
    const key = `${shift.driverCode}\u0000${month}\u0000${shift.truckId}`;
    const part = parts.get(key) ?? {
      fields: { driverCode: shift.driverCode, driverName: shift.driverName, month, truckId: shift.truckId },
      company: shift.company,
      sums: { km: 0, overspeeds: 0, harshEvents: 0, fatigueEvents: 0, adasEvents: 0 },
    };
    part.sums['km'] = (part.sums['km'] ?? 0) + shift.km;
    for (const alarm of alarms) {
      const category = driverEventCategory(alarm.type);
      if (category) part.sums[COUNT_COLUMNS[category]] = (part.sums[COUNT_COLUMNS[category]] ?? 0) + 1;
    }
    parts.set(key, part);
  }
  return [...parts].map(([key, part]) => ({ key, ...part }));
}

/** Stored days of driver scores: a shift is written when it ends (its start day changes); an alarm changes its day and
 * the day before (a shift that began then may hold it). */
export const DRIVER_SCORES: DailyCompute = {
  id: 'driverScores',
  watch: [{ table: 'event', kinds: ['sign'], reach: { before: 0, after: 0 } }, { table: 'alarm', reach: { before: 1, after: 0 } }],
  parts: driverParts,
};

/** One row per driver and month: kilometres of the month's shifts and the scored alarms in them by category. */
export const driverScoreRows: Compute = async (ctx, input) => {
  const [parts, companies] = await Promise.all([
    dailyParts(ctx, DRIVER_SCORES, input.startTime ?? 0, input.endTime ?? ctx.now, input.companies),
    scopedFrom(ctx.db, input.companies, 'company').select(['code', 'name']).execute(),
  ]);
  const plateTruck = input.signCode
    ? await scopedFrom(ctx.db, input.companies, 'truck').select('id').where('signCode', '=', input.signCode).executeTakeFirst()
    : undefined;
  if (input.signCode && !plateTruck) return [];
  const nameOf = new Map(companies.map((company) => [company.code, company.name]));
  const rows = new Map<string, Record<string, string | number>>();
  for (const part of parts) {
    if (plateTruck && Number(part.fields['truckId']) !== Number(plateTruck.id)) continue;
    const driverCode = String(part.fields['driverCode']);
    if (input.filters['driverCode'] && driverCode !== input.filters['driverCode']) continue;
    const month = String(part.fields['month']);
    const key = `${driverCode}\u0000${month}`;
    // A driver who drove for two companies in a month is one row, under the first of them.
    const row = rows.get(key) ?? {
      driverCode, driverName: String(part.fields['driverName']), companyName: nameOf.get(part.company) ?? '', month,
      km: 0, overspeeds: 0, harshEvents: 0, fatigueEvents: 0, adasEvents: 0,
    };
    for (const [name, value] of Object.entries(part.sums)) row[name] = Number(row[name] ?? 0) + value;
    rows.set(key, row);
  }
  return [...rows.values()].map((row): ComputedRow => ({ ...row, km: Math.round(Number(row['km']) * 10) / 10 }));
};

/** A piece's scored alarms, one part each (keyed by the alarm), with its shift's driver and its category. */
async function driverEventParts(ctx: ReportContext, from: number, to: number, companies: readonly string[] | 'all'): Promise<Part[]> {
  const shifts = await shiftsOf(ctx, { from, to, companies });
  return [...(await alarmsInShifts(ctx, shifts, true))].flatMap(([shift, alarms]) =>
    alarms.map((alarm): Part => ({
      key: String(alarm.seq),
      company: shift.company,
      fields: {
        startTime: alarm.start, driverCode: shift.driverCode, driverName: shift.driverName, truckId: shift.truckId,
        category: driverEventCategory(alarm.type) ?? null, alarmType: alarm.type, speed: alarm.speed ?? null, area: alarm.area ?? null,
      },
      sums: {},
    })),
  );
}

/** Stored days of the scored alarms: the same shifts and alarms as the scores, kept as rows. */
export const DRIVER_EVENTS: DailyCompute = { ...DRIVER_SCORES, id: 'driverEvents', parts: driverEventParts };

/** One row per scored alarm inside the input's shifts, with the shift's driver and the alarm's category. */
export const driverEventRows: Compute = async (ctx, input) => {
  const [parts, plates, companies] = await Promise.all([
    dailyParts(ctx, DRIVER_EVENTS, input.startTime ?? 0, input.endTime ?? ctx.now, input.companies),
    scopedFrom(ctx.db, input.companies, 'truck').select(['id', 'signCode']).execute(),
    scopedFrom(ctx.db, input.companies, 'company').select(['code', 'name']).execute(),
  ]);
  const plateOf = new Map(plates.map((truck) => [Number(truck.id), truck.signCode]));
  const nameOf = new Map(companies.map((company) => [company.code, company.name]));
  const driverCode = input.filters['driverCode'];
  const rows: ComputedRow[] = [];
  for (const { fields, company } of parts) {
    const signCode = plateOf.get(Number(fields['truckId'])) ?? '';
    if ((input.signCode && signCode !== input.signCode) || (driverCode && fields['driverCode'] !== driverCode)) continue;
    rows.push({ ...fields, signCode, companyName: nameOf.get(company) ?? '' });
  }
  return rows;
};
