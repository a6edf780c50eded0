// A report column's value as SQL, for the database in use. JSON reads, China-time buckets and boolean flags are the only
// places SQLite and PostgreSQL disagree; each is decided here once, so the query builder never branches.
import { sql, type RawBuilder } from 'kysely';
import { LOSS_HISTOGRAM } from '../../domain/constants';
import { CHINA_OFFSET_MS, MINUTE_MS } from '../../domain/format/time';
import { DEFAULT_THRESHOLDS } from '../../domain/screens/entities/thresholds';
import type { DataType, NumericSource, RecordTable, ValueSource } from '../../domain/screens/reports/definition';
import { TIMEOUT_ALARMS, type TimeoutAlarm, type TimeoutAlarmRule } from '../../domain/screens/reports/timeout-alarms';
import type { DbKind } from '../db/target';

type Expr = RawBuilder<unknown>;


/** A field of a JSON document column, typed as `type`, on either database. */
export function jsonPath(kind: DbKind, document: Expr, path: string, type: DataType): Expr {
  const keys = path.split('.');
  if (kind === 'sqlite') {
    // json_extract already gives numbers as numbers and true/false as 1/0.
    return sql`json_extract(${document}, ${sql.lit(`$.${path}`)})`;
  }
  const text = sql`(${document}::json #>> ${sql.lit(`{${keys.join(',')}}`)})`;
  if (type === 'number') return sql`${text}::double precision`;
  if (type === 'boolean') return sql`(case ${text} when 'true' then 1 when 'false' then 0 end)`;
  return text;
}

function dayOrMonth(kind: DbKind, time: Expr, field: 'day' | 'month'): Expr {
  const shifted = sql`(${time} + ${sql.lit(CHINA_OFFSET_MS)})`;
  if (kind === 'sqlite') {
    const pattern = field === 'day' ? '%Y-%m-%d' : '%Y-%m';
    return sql`strftime(${sql.lit(pattern)}, ${shifted} / 1000, 'unixepoch')`;
  }
  const pattern = field === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  return sql`to_char(to_timestamp(${shifted} / 1000.0) at time zone 'UTC', ${sql.lit(pattern)})`;
}

/**
 * The histogram's bucket index: bucket i holds [i − 11.5, i − 10.5), the first and last are open-ended, so the index is
 * floor(v + 11.5) held to 0…22. The value is read once (a CASE per bucket read a JSON field 23 times a row); only the
 * clamp is spelled per database: SQLite's min/max of several arguments, PostgreSQL's least/greatest, which skip nulls.
 */
export function bucketOf(kind: DbKind, value: Expr): Expr {
  const { min, max, width } = LOSS_HISTOGRAM;
  const shift = 1 - (min - width / 2) / width;
  const last = Math.round((max - min) / width) + 2;
  const index = sql`floor((${value}) / ${sql.lit(width)} + ${sql.lit(shift)})`;
  if (kind === 'sqlite') return sql`min(max(${index}, 0), ${sql.lit(last)})`;
  return sql`(case when ${value} is null then null else least(greatest(${index}, 0), ${sql.lit(last)}) end)`;
}

export interface ValueSql {
  /** The value of one row (or, for aggregates, of one group). */
  value(source: ValueSource): Expr;
  /** Whether the event row raised the alarm under the timeout in force when it began (a condition, not a value). */
  raises(alarm: TimeoutAlarm): Expr;
}

/**
 * The alarm's timeout (minutes) in force for the event's company when the event began: the company's newest threshold
 * history row at or before the start (one step down the history's company-and-time index), else the default the
 * simulator's detection applies too (server/thresholds/threshold-history.ts).
 */
function timeoutSql(rule: TimeoutAlarmRule): Expr {
  const recorded = sql`(select ${sql.ref(`h.${rule.timeout}`)} from ${sql.table('alarmThresholdHistory')} as h
    where ${sql.ref('h.companyCode')} = ${sql.ref('e.companyCode')} and ${sql.ref('h.effectiveFrom')} <= ${sql.ref('e.startTime')}
    order by ${sql.ref('h.effectiveFrom')} desc, ${sql.ref('h.id')} desc limit 1)`;
  return sql`coalesce(${recorded}, ${sql.lit(DEFAULT_THRESHOLDS[rule.timeout])})`;
}

/**
 * The table a report reads: events carry their fields in `data`, alarms in `properties` and have no end; position
 * fixes and heartbeats are plain columns and an instant each.
 */
export type SourceTable = 'event' | 'alarm' | RecordTable;

/** The column a table's rows are timed by: what a range filters and `startTime`, days and months read. */
export const TIME_COLUMN: Readonly<Record<SourceTable, string>> = { event: 'startTime', alarm: 'startTime', position: 'time', heartbeat: 'heartTime' };

/** The tests of a countWhen or a when on one value. */
function conditionOf(subject: Expr, test: { readonly equals?: string | number; readonly above?: number; readonly atMost?: number }): Expr {
  const tests = [
    ...(test.equals === undefined ? [] : [sql`${subject} = ${test.equals}`]),
    ...(test.above === undefined ? [] : [sql`${subject} > ${sql.lit(test.above)}`]),
    ...(test.atMost === undefined ? [] : [sql`${subject} <= ${sql.lit(test.atMost)}`]),
  ];
  return tests.length === 0 ? sql`${subject} is not null` : sql.join(tests, sql` and `);
}

export function valueSql(kind: DbKind, table: SourceTable = 'event'): ValueSql {
  const numeric = (source: NumericSource): Expr => value(source);
  const document = table === 'event' ? sql`${sql.ref('e.data')}` : sql`${sql.ref('e.properties')}`;
  const endTime = table === 'event' ? sql`${sql.ref('e.endTime')}` : sql`null`;
  const time = sql`${sql.ref(`e.${TIME_COLUMN[table]}`)}`;
  function value(source: ValueSource): Expr {
    switch (source.from) {
      case 'event':
        if (source.field === 'startTime') return time;
        if (source.field === 'endTime') return endTime;
        if (source.field === 'duration') return sql`((${endTime} - ${time}) / 1000)`;
        if (source.field === 'kind') return table === 'event' ? sql`${sql.ref('e.kind')}` : sql`null`;
        return dayOrMonth(kind, time, source.field);
      case 'record':
        return sql`${sql.ref(`e.${source.field}`)}`;
      case 'over':
        return sql`(case when ${numeric(source.value)} > ${sql.lit(source.limit)} then 1 else 0 end)`;
      case 'when':
        return sql`(case when ${conditionOf(value(source.value), source)} then 1 else 0 end)`;
      case 'computed':
      case 'score':
      case 'reasons':
        // Computed rows and derived cells are made on the server, after the SQL (computed-rows.ts, derived.ts).
        throw new Error(`a ${source.from} value has no SQL`);
      case 'truck':
        return source.field === 'signCode' ? sql`${sql.ref('t.signCode')}` : sql`${sql.ref('c.name')}`;
      case 'data':
        return jsonPath(kind, document, source.path, source.type);
      case 'item':
        return kind === 'sqlite'
          ? jsonPath(kind, sql`${sql.ref('item.value')}`, source.path, source.type)
          : jsonPath(kind, sql`${sql.ref('item.value')}::text`, source.path, source.type);
      case 'live':
        return sql`${sql.ref(`l.${source.field}`)}`;
      case 'itemKey':
        return sql`cast(${sql.ref('item.key')} as integer)`;
      case 'handling':
        if (source.field === 'state') return sql`coalesce(${sql.ref('h.state')}, 0)`;
        return sql`${sql.ref(`h.${source.field}`)}`;
      case 'count':
        return sql`count(*)`;
      case 'sum':
        return sql`sum(${numeric(source.of)})`;
      case 'avg':
        return sql`avg(${numeric(source.of)})`;
      case 'max':
        return sql`max(${numeric(source.of)})`;
      case 'min':
        return sql`min(${numeric(source.of)})`;
      case 'ratio':
        return sql`(sum(${numeric(source.numerator)}) * 1.0 * ${sql.lit(source.scale ?? 1)} / nullif(sum(${numeric(source.denominator)}), 0))`;
      case 'share':
        return sql`(count(*) * 1.0 / sum(count(*)) over ())`;
      case 'fuelKind': {
        const code = numeric(source.of);
        return sql`(case when ${code} > 0 then 'gasoline' when ${code} = -1 then 'other' else 'diesel' end)`;
      }
      case 'distinctTrucks':
        return sql`count(distinct ${sql.ref('e.truckId')})`;
      case 'alarmType':
        return sql`${sql.ref('e.type')}`;
      case 'timeout':
        return timeoutSql(TIMEOUT_ALARMS[source.alarm]);
      case 'raises':
        return sql`(case when ${raises(source.alarm)} then 1 else 0 end)`;
      case 'bucket':
        return bucketOf(kind, numeric(source.of));
      case 'exceeds': {
        const [value, limit] = [numeric(source.value), numeric(source.limit)];
        return sql`(case when ${value} is null or ${limit} is null then null when abs(${value}) > ${limit} then 1 else 0 end)`;
      }
      case 'countWhen':
        return sql`sum(case when ${conditionOf(value(source.value), source)} then 1 else 0 end)`;
      case 'difference':
        return sql`(${sql.join([numeric(source.of), ...source.minus.map(numeric)], sql` - `)})`;
    }
  }
  /**
   * Of the alarm's kind (and place), and lasting at least its timeout: end − start in milliseconds against the minutes,
   * as the simulator compares them. The lookup comes last, so a row of another kind or place is turned away before it
   * (both databases stop an AND at its first false term, and PostgreSQL puts a subquery's term last by its cost).
   */
  function raises(alarm: TimeoutAlarm): Expr {
    const rule: TimeoutAlarmRule = TIMEOUT_ALARMS[alarm];
    const tests = [sql`${sql.ref('e.kind')} = ${rule.kind}`];
    if (rule.inPark !== undefined) tests.push(sql`${jsonPath(kind, document, 'inPark', 'boolean')} = ${rule.inPark ? 1 : 0}`);
    tests.push(sql`${endTime} - ${time} >= ${timeoutSql(rule)} * ${sql.lit(MINUTE_MS)}`);
    return sql`(${sql.join(tests, sql` and `)})`;
  }
  return { value, raises };
}

/** The live inventory map (compartment → reading) as a FROM item named `item` with `key` and `value` columns. */
export function inventorySql(kind: DbKind): Expr {
  return kind === 'sqlite' ? sql`json_each(${sql.ref('l.inventory')})` : sql`json_each(${sql.ref('l.inventory')}::json)`;
}

/**
 * The JSON array a source expands, as a FROM item named `item` (alias included) whose `value` column is each element
 * and `key` its place in the array (from 0 on SQLite, from 1 on PostgreSQL: only its order and uniqueness count).
 */
export function expandFrom(kind: DbKind, path: string): Expr {
  const keys = path.split('.');
  if (kind === 'sqlite') return sql`json_each(${sql.ref('e.data')}, ${sql.lit(`$.${path}`)}) as item`;
  return sql`json_array_elements(${sql.ref('e.data')}::json #> ${sql.lit(`{${keys.join(',')}}`)}) with ordinality as item(value, key)`;
}
