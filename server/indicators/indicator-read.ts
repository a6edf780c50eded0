// Every figure of an indicator dashboard over a span and the caller's companies, from the `alarm` and `event` tables
// by start time. One grouped count per figure (or per trend series), in SQL both SQLite and PostgreSQL run alike: the
// trend's bucket is an integer division of the time since the span's start (start times are int8 on both).
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { IndicatorDef, IndicatorFigure, IndicatorRange, IndicatorSource, IndicatorSpan } from '../../domain/screens/indicators/definition';
import { bucketCount } from '../../domain/screens/indicators/definition';
import type { FigureValue, IndicatorAnswer, TopTruck } from '../../domain/screens/indicators/wire';
import { scopedFrom } from '../auth/company-scope';
import type { Db } from '../db/open';

type Grouping = 'none' | 'bucket' | 'type' | 'truck';

interface Count {
  readonly key: number;
  readonly count: number;
}

function keyOf(grouping: Grouping, span: IndicatorSpan): RawBuilder<number> {
  switch (grouping) {
    case 'none':
      // Not grouped at all: a literal here would be a column position in GROUP BY.
      return sql<number>`0`;
    case 'bucket':
      return sql<number>`(${sql.ref('startTime')} - ${sql.lit(span.startTime)}) / ${sql.lit(span.bucketMs)}`;
    case 'type':
      return sql<number>`${sql.ref('type')}`;
    case 'truck':
      return sql<number>`${sql.ref('truckId')}`;
  }
}

/** Counts of a source's rows in the span and companies, per key of the grouping, largest first. */
async function counts(db: Db, source: IndicatorSource, companies: readonly string[], span: IndicatorSpan, grouping: Grouping, limit?: number): Promise<Count[]> {
  const [table, column, values] = source.from === 'alarms' ? (['alarm', 'type', source.types] as const) : (['event', 'kind', source.kinds] as const);
  if (values.length === 0) return [];
  const key = keyOf(grouping, span);
  let query = scopedFrom(db, companies, table)
    .select([key.as('key'), sql<number>`count(*)`.as('count')])
    .where((eb) => eb.and([
      eb(sql.ref<string | number>(column), 'in', [...values]),
      eb(sql.ref<number>('startTime'), '>=', span.startTime),
      eb(sql.ref<number>('startTime'), '<=', span.endTime),
    ]));
  if (grouping !== 'none') query = query.groupBy(key as Expression<number>).orderBy(sql`count(*)`, 'desc').orderBy(key as Expression<number>, 'asc');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({ key: Number(row.key), count: Number(row.count) }));
}

const totalOf = (rows: readonly Count[]) => rows.reduce((sum, row) => sum + row.count, 0);

function bucketsOf(rows: readonly Count[], size: number): number[] {
  const out = new Array<number>(size).fill(0);
  for (const row of rows) if (row.key >= 0 && row.key < size) out[row.key] = (out[row.key] ?? 0) + row.count;
  return out;
}

async function signCodes(db: Db, ids: readonly number[]): Promise<ReadonlyMap<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('truck').select(['id', 'signCode']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, row.signCode]));
}

async function figureValue(db: Db, figure: IndicatorFigure, companies: readonly string[], span: IndicatorSpan): Promise<FigureValue> {
  switch (figure.chart) {
    case 'number':
      return { total: totalOf(await counts(db, figure.source, companies, span, 'none')) };
    case 'trend': {
      const size = bucketCount(span);
      const series = await Promise.all(figure.series.map(async (line) => [line.key, bucketsOf(await counts(db, line.source, companies, span, 'bucket'), size)] as const));
      return { total: series.reduce((sum, [, values]) => sum + values.reduce((a, b) => a + b, 0), 0), series: Object.fromEntries(series) };
    }
    case 'byType': {
      const rows = await counts(db, figure.source, companies, span, 'type');
      return { total: totalOf(rows), types: rows.map((row) => ({ type: row.key, count: row.count })) };
    }
    case 'top': {
      const [rows, all] = await Promise.all([
        counts(db, figure.source, companies, span, 'truck', figure.limit),
        counts(db, figure.source, companies, span, 'none'),
      ]);
      const plates = await signCodes(db, rows.map((row) => row.key));
      const trucks: TopTruck[] = rows.map((row) => ({ truckId: row.key, signCode: plates.get(row.key) ?? '', count: row.count }));
      return { total: totalOf(all), trucks };
    }
  }
}

/** The dashboard's answer over a span of the caller's companies. */
export async function readIndicators(db: Db, def: IndicatorDef, range: IndicatorRange, span: IndicatorSpan, companies: readonly string[]): Promise<IndicatorAnswer> {
  const values = await Promise.all(def.figures.map(async (figure) => [figure.key, await figureValue(db, figure, companies, span)] as const));
  return { range, ...span, figures: Object.fromEntries(values) };
}
