// The FROM … WHERE of a report query, and the facts about a definition the query builders share: which columns are
// aggregates, which table a report reads, whose companies it may see, and each column's SQL type.
import { sql, type RawBuilder } from 'kysely';
import {
  isAggregate, isDerived, recordFieldType, type DataCondition, type DataType, type EventCondition, type ReportColumn, type ReportDef,
} from '../../domain/screens/reports/definition';
import { rangeOfQuery, type ReportQuery } from '../../domain/screens/reports/query';
import type { ReportCell } from '../../domain/screens/reports/wire';
import { companiesSql } from '../auth/company-scope';
import type { ReportContext } from './report-query';
import { expandFrom, inventorySql, TIME_COLUMN, type SourceTable, type ValueSql } from './sql-values';

type Expr = RawBuilder<unknown>;

/** A grouped report's key columns: neither aggregates nor derived from other cells. */
export function isGroupKey(column: ReportColumn): boolean {
  return !isAggregate(column.value) && !isDerived(column.value);
}

export function usesHandling(def: ReportDef): boolean {
  return def.handling === true || def.columns.some((column) => column.value.from === 'handling');
}

/** The companies to read: those asked for that the caller may see, or all the caller's. */
export function companiesOf(ctx: ReportContext, query: ReportQuery): readonly string[] {
  const asked = (query.companyCodes ?? '').split(',').map((code) => code.trim()).filter((code) => code !== '');
  if (asked.length === 0) return ctx.companyCodes;
  const visible = new Set(ctx.companyCodes);
  return asked.filter((code) => visible.has(code));
}

function literalFor(value: string | number | boolean, type: 'number' | 'text' | 'boolean'): string | number {
  if (type === 'boolean') return value === true || value === 'true' || value === 1 || value === '1' ? 1 : 0;
  if (type === 'number') return Number(value);
  return String(value);
}

export function typeOf(column: ReportColumn): DataType {
  const value = column.value;
  switch (value.from) {
    case 'data':
    case 'item':
    case 'computed':
      return value.type;
    case 'record':
      return recordFieldType(value.field);
    case 'reasons':
      return 'text';
    case 'handling':
      return value.field === 'state' || value.field === 'handledAt' ? 'number' : 'text';
    case 'event':
      return value.field === 'day' || value.field === 'month' || value.field === 'kind' ? 'text' : 'number';
    case 'truck':
      return 'text';
    case 'live':
      return value.field === 'area' ? 'text' : 'number';
    default:
      return 'number';
  }
}

/** A cell as the database answered it, in the column's type. */
export function cellOf(value: unknown, type: 'number' | 'text' | 'boolean'): ReportCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  // PostgreSQL answers bigint sums, numeric averages and bigint ids as text; the column says a number.
  if (typeof value === 'string' && type === 'number') return Number(value);
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return String(value);
}

function conditionSql(values: ValueSql, condition: DataCondition | EventCondition): Expr {
  if ('raises' in condition) return values.raises(condition.raises);
  const value = values.value(condition.value);
  if ('present' in condition) return sql`${value} is not null`;
  return sql`${value} = ${literalFor(condition.equals, condition.value.type)}`;
}

export function tableOf(def: ReportDef): SourceTable {
  if (def.source.type === 'records') return def.source.table;
  return def.source.type === 'alarms' || def.source.type === 'alarmGroups' ? 'alarm' : 'event';
}

/** The query's range of event start times: its year's, its own, or the range filter's preset when it gives none. */
export function queryRange(ctx: ReportContext, def: ReportDef, query: ReportQuery): { readonly startTime?: number; readonly endTime?: number } {
  return rangeOfQuery(def, query, ctx.now);
}

/** FROM … WHERE … of a definition and query: the rows before grouping, sorting and paging. */
export function fromWhere(
  ctx: ReportContext, values: ValueSql, def: ReportDef, query: ReportQuery, companies: readonly string[] | 'all',
): Expr {
  const where: Expr[] = [];
  let from: Expr;
  if (def.source.type === 'live') {
    from = sql`${sql.table('truckLive')} as l
      inner join ${sql.table('truck')} as t on ${sql.ref('t.id')} = ${sql.ref('l.truckId')}
      inner join ${sql.table('company')} as c on ${sql.ref('c.code')} = ${sql.ref('t.companyCode')}
      inner join ${inventorySql(ctx.kind)} as item on 1 = 1`;
    if (companies !== 'all') where.push(companiesSql('t.companyCode', companies));
    for (const condition of def.source.where ?? []) where.push(conditionSql(values, condition));
  } else if (def.source.type === 'records') {
    const time = sql.ref(`e.${TIME_COLUMN[def.source.table]}`);
    from = sql`${sql.table(def.source.table)} as e
      inner join ${sql.table('truck')} as t on ${sql.ref('t.id')} = ${sql.ref('e.truckId')}
      inner join ${sql.table('company')} as c on ${sql.ref('c.code')} = ${sql.ref('t.companyCode')}`;
    if (companies !== 'all') where.push(companiesSql('t.companyCode', companies));
    const { startTime, endTime } = queryRange(ctx, def, query);
    if (startTime !== undefined) where.push(sql`${time} >= ${startTime}`);
    if (endTime !== undefined) where.push(sql`${time} <= ${endTime}`);
  } else if (def.source.type === 'computed') {
    throw new Error(`${def.path}: computed rows have no SQL`);
  } else {
    const source = def.source;
    const alarms = tableOf(def) === 'alarm';
    from = sql`${sql.table(alarms ? 'alarm' : 'event')} as e
      inner join ${sql.table('truck')} as t on ${sql.ref('t.id')} = ${sql.ref('e.truckId')}
      inner join ${sql.table('company')} as c on ${sql.ref('c.code')} = ${sql.ref('e.companyCode')}`;
    if ('alarmTypes' in source) {
      where.push(sql`${sql.ref('e.type')} in (${sql.join(source.alarmTypes)})`);
    } else {
      if (usesHandling(def)) from = sql`${from} left join ${sql.table('eventHandling')} as h on ${sql.ref('h.eventId')} = ${sql.ref('e.id')}`;
      if (source.expand) from = sql`${from} inner join ${expandFrom(ctx.kind, source.expand)} on 1 = 1`;
      where.push(sql`${sql.ref('e.kind')} in (${sql.join(source.kinds)})`);
      for (const condition of source.where ?? []) where.push(conditionSql(values, condition));
      if (source.trucks) where.push(sql`${sql.ref('t.model')} = ${source.trucks.model}`);
    }
    if (companies !== 'all') where.push(companiesSql('e.companyCode', companies));
    const { startTime, endTime } = queryRange(ctx, def, query);
    if (startTime !== undefined) where.push(sql`${sql.ref('e.startTime')} >= ${startTime}`);
    if (endTime !== undefined) where.push(sql`${sql.ref('e.startTime')} <= ${endTime}`);
  }
  const signCode = query.signCode?.trim();
  if (signCode) where.push(sql`${sql.ref('t.signCode')} = ${signCode}`);
  for (const filter of def.filters) {
    if (filter.type !== 'select' && filter.type !== 'text') continue;
    const chosen = typeof query[filter.key] === 'string' ? String(query[filter.key]).trim() : query[filter.key];
    if (chosen === undefined || chosen === '') continue;
    const type = filter.value.from === 'data' || filter.value.from === 'item' ? filter.value.type : filter.type === 'text' ? 'text' : 'number';
    where.push(sql`${values.value(filter.value)} = ${literalFor(chosen, type)}`);
  }
  return sql`from ${from} where ${sql.join(where, sql` and `)}`;
}

