// Driver scores (exception_rate's drivers tab) and the events behind them: a driver's shifts are the `sign` events
// (who drove which truck from when to when, and how far); an alarm of the truck inside a shift is the shift's driver's.
// Scores and the events tab read the same join, so a score's counts are exactly the events its drill-down lists.
import { sql, type RawBuilder } from 'kysely';
import { DRIVER_EVENT_CATEGORY_NAMES, DRIVER_EVENT_TYPES } from '../../../src/domain/screens/reports/driver-events';
import type { Compute, ComputeInput, ComputedRow } from '../computed-rows';
import type { ReportContext } from '../report-query';
import { cellOf } from '../report-sql';
import { dayOrMonth, jsonPath } from '../sql-values';

type Expr = RawBuilder<unknown>;

/** The count column of each category, as the drivers tab names them. */
const COUNT_COLUMNS = { overspeed: 'overspeeds', harsh: 'harshEvents', fatigue: 'fatigueEvents', adas: 'adasEvents' } as const;
const SCORED_TYPES = DRIVER_EVENT_CATEGORY_NAMES.flatMap((category) => DRIVER_EVENT_TYPES[category]);

function shiftField(ctx: ReportContext, path: string, type: 'text' | 'number'): Expr {
  return jsonPath(ctx.kind, sql`${sql.ref('s.data')}`, path, type);
}

/** The shifts of the input: sign events of its companies (and plate) starting in its range, as FROM … WHERE parts. */
function shifts(ctx: ReportContext, input: ComputeInput): { from: Expr; where: Expr[] } {
  const where: Expr[] = [sql`${sql.ref('s.kind')} = 'sign'`, sql`${sql.ref('s.companyCode')} in (${sql.join(input.companies)})`];
  if (input.startTime !== undefined) where.push(sql`${sql.ref('s.startTime')} >= ${input.startTime}`);
  if (input.endTime !== undefined) where.push(sql`${sql.ref('s.startTime')} <= ${input.endTime}`);
  if (input.signCode) where.push(sql`${sql.ref('t.signCode')} = ${input.signCode}`);
  const driverCode = input.filters['driverCode'];
  if (driverCode) where.push(sql`${shiftField(ctx, 'driverCode', 'text')} = ${driverCode}`);
  const from = sql`${sql.table('event')} as s
    inner join ${sql.table('truck')} as t on ${sql.ref('t.id')} = ${sql.ref('s.truckId')}
    inner join ${sql.table('company')} as c on ${sql.ref('c.code')} = ${sql.ref('s.companyCode')}`;
  return { from, where };
}

/** The truck's scored alarms inside each shift (an index range of alarm_truck_time per shift). */
function alarmsInShifts(from: Expr): Expr {
  return sql`${from} inner join ${sql.table('alarm')} as a on ${sql.ref('a.truckId')} = ${sql.ref('s.truckId')}
    and ${sql.ref('a.startTime')} >= ${sql.ref('s.startTime')} and ${sql.ref('a.startTime')} <= ${sql.ref('s.endTime')}
    and ${sql.ref('a.type')} in (${sql.join(SCORED_TYPES)})`;
}

function categorySql(): Expr {
  const cases = DRIVER_EVENT_CATEGORY_NAMES.map((category) => sql`when ${sql.ref('a.type')} in (${sql.join(DRIVER_EVENT_TYPES[category].map((type) => sql.lit(type)))}) then ${sql.lit(category)}`);
  // Literals, not parameters: PostgreSQL matches the SELECT's expression with the GROUP BY's by its text.
  return sql`(case ${sql.join(cases, sql` `)} end)`;
}

const text = (value: unknown): string => String(cellOf(value, 'text') ?? '');
const number = (value: unknown): number => Number(cellOf(value, 'number') ?? 0);

/** One row per driver and month: kilometres of the month's shifts and the scored alarms in them by category. */
export const driverScoreRows: Compute = async (ctx, input) => {
  const { from, where } = shifts(ctx, input);
  const month = dayOrMonth(ctx.kind, sql`${sql.ref('s.startTime')}`, 'month');
  const [driverCode, driverName] = [shiftField(ctx, 'driverCode', 'text'), shiftField(ctx, 'driverName', 'text')];
  const [distances, counts] = await Promise.all([
    sql<Record<string, unknown>>`select ${driverCode} as code, ${driverName} as name, ${sql.ref('c.name')} as company, ${month} as month,
      sum(${shiftField(ctx, 'km', 'number')}) as km
      from ${from} where ${sql.join(where, sql` and `)} group by ${driverCode}, ${driverName}, ${sql.ref('c.name')}, ${month}`.execute(ctx.db),
    sql<Record<string, unknown>>`select ${driverCode} as code, ${month} as month, ${categorySql()} as category, count(*) as events
      from ${alarmsInShifts(from)} where ${sql.join(where, sql` and `)} group by ${driverCode}, ${month}, ${categorySql()}`.execute(ctx.db),
  ]);
  const rows = new Map<string, Record<string, string | number>>();
  for (const raw of distances.rows) {
    const key = `${text(raw['code'])}\u0000${text(raw['month'])}`;
    const row = rows.get(key);
    // A driver who drove for two companies in a month is one row, under the first of them.
    if (row) row['km'] = Number(row['km']) + number(raw['km']);
    else {
      rows.set(key, {
        driverCode: text(raw['code']), driverName: text(raw['name']), companyName: text(raw['company']), month: text(raw['month']),
        km: number(raw['km']), overspeeds: 0, harshEvents: 0, fatigueEvents: 0, adasEvents: 0,
      });
    }
  }
  for (const raw of counts.rows) {
    const row = rows.get(`${text(raw['code'])}\u0000${text(raw['month'])}`);
    const category = text(raw['category']);
    const column = category in COUNT_COLUMNS ? COUNT_COLUMNS[category as keyof typeof COUNT_COLUMNS] : undefined;
    if (row && column) row[column] = Number(row[column]) + number(raw['events']);
  }
  return [...rows.values()].map((row): ComputedRow => ({ ...row, km: Math.round(Number(row['km']) * 10) / 10 }));
};

/** One row per scored alarm inside the input's shifts, with the shift's driver and the alarm's category. */
export const driverEventRows: Compute = async (ctx, input) => {
  const { from, where } = shifts(ctx, input);
  const result = await sql<Record<string, unknown>>`select ${sql.ref('a.seq')} as seq, ${sql.ref('a.startTime')} as start, ${sql.ref('a.type')} as type,
      ${shiftField(ctx, 'driverCode', 'text')} as code, ${shiftField(ctx, 'driverName', 'text')} as name, ${sql.ref('c.name')} as company,
      ${sql.ref('t.signCode')} as plate, ${categorySql()} as category,
      ${jsonPath(ctx.kind, sql`${sql.ref('a.properties')}`, 'speed', 'number')} as speed,
      ${jsonPath(ctx.kind, sql`${sql.ref('a.properties')}`, 'area', 'text')} as area
    from ${alarmsInShifts(from)} where ${sql.join(where, sql` and `)}`.execute(ctx.db);
  return result.rows.map((raw): ComputedRow => ({
    startTime: number(raw['start']), driverCode: text(raw['code']), driverName: text(raw['name']), companyName: text(raw['company']),
    signCode: text(raw['plate']), category: text(raw['category']), alarmType: number(raw['type']),
    speed: cellOf(raw['speed'], 'number'), area: cellOf(raw['area'], 'text'),
  }));
};
