// A report's rows as uPlot's aligned columns: x values, one series per column (or per value of a split column), and
// the row behind each x for the drill-down. Pure, so the shapes are tested without a canvas.
import type { ReportRow } from '../../../domain/screens/reports/wire';

interface ChartSeries {
  readonly label: string;
  readonly values: (number | null)[];
}

export interface ChartData {
  /** Times (ms) for time axes, else the category's index. */
  readonly x: number[];
  /** Category labels by index; empty for time axes. */
  readonly categories: string[];
  readonly series: ChartSeries[];
  /** The row to open for each x (the first row at that x). */
  readonly rowAt: (ReportRow | undefined)[];
}

export interface ChartShape {
  readonly x: string;
  readonly series: readonly { readonly key: string; readonly label: string }[];
  /** One series per value of this column (a compartment), for each series column. */
  readonly splitBy?: { readonly key: string; readonly label: (value: string) => string };
  /** The x column holds times (ms): a time axis. */
  readonly time: boolean;
  /** Histogram buckets: every index 0…count−1 is on the axis, empty ones at 0. */
  readonly buckets?: { readonly count: number; readonly label: (index: number) => string };
  readonly categoryLabel: (value: string) => string;
}

function numberOf(value: ReportRow[string]): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * A trend's rows, fetched newest first so that a capped fetch keeps the end of the range: the chosen truck's only,
 * oldest first. The server filters by plate already; a row of another truck here would join two trucks in one line.
 */
export function trendRows(newestFirst: readonly ReportRow[], signCode: string): ReportRow[] {
  const plate = signCode.trim();
  return newestFirst.filter((row) => row['signCode'] === plate).reverse();
}

export function chartData(rows: readonly ReportRow[], shape: ChartShape): ChartData {
  const keys: string[] = [];
  const index = new Map<string, number>();
  const rowAt: (ReportRow | undefined)[] = [];
  if (shape.buckets) {
    for (let bucket = 0; bucket < shape.buckets.count; bucket += 1) {
      index.set(String(bucket), bucket);
      keys.push(String(bucket));
      rowAt.push(undefined);
    }
  }
  for (const row of rows) {
    const key = String(row[shape.x] ?? '');
    if (!index.has(key)) {
      index.set(key, keys.length);
      keys.push(key);
      rowAt.push(row);
    } else if (rowAt[index.get(key) ?? -1] === undefined) {
      rowAt[index.get(key) ?? -1] = row;
    }
  }
  if (shape.time) {
    // Time axes run left to right whatever order the rows came in.
    const order = keys.map((_, i) => i).sort((a, b) => Number(keys[a]) - Number(keys[b]));
    const sortedKeys = order.map((i) => keys[i] ?? '');
    const sortedRows = order.map((i) => rowAt[i]);
    keys.splice(0, keys.length, ...sortedKeys);
    rowAt.splice(0, rowAt.length, ...sortedRows);
    index.clear();
    keys.forEach((key, i) => index.set(key, i));
  }
  const empty = (): (number | null)[] => keys.map(() => (shape.buckets ? 0 : null));
  const series: ChartSeries[] = [];
  if (shape.splitBy) {
    const split = shape.splitBy;
    const bySplit = new Map<string, ChartSeries[]>();
    for (const row of rows) {
      const splitValue = String(row[split.key] ?? '');
      let targets = bySplit.get(splitValue);
      if (!targets) {
        const splitLabel = split.label(splitValue);
        // One series column keeps the split's label alone; several name the column too (temperature, humidity).
        targets = shape.series.map((column) => ({ label: shape.series.length > 1 ? `${column.label} ${splitLabel}` : splitLabel, values: empty() }));
        bySplit.set(splitValue, targets);
      }
      const at = index.get(String(row[shape.x] ?? ''));
      if (at === undefined) continue;
      shape.series.forEach((column, i) => {
        const target = targets[i];
        if (target) target.values[at] = numberOf(row[column.key] ?? null);
      });
    }
    series.push(...[...bySplit.entries()].sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true })).flatMap(([, s]) => s));
  } else {
    for (const column of shape.series) {
      const values = empty();
      for (const row of rows) {
        const at = index.get(String(row[shape.x] ?? ''));
        if (at !== undefined) values[at] = numberOf(row[column.key] ?? null);
      }
      series.push({ label: column.label, values });
    }
  }
  return {
    x: shape.time ? keys.map(Number) : keys.map((_, i) => i),
    categories: shape.time ? [] : keys.map((key, i) => (shape.buckets ? shape.buckets.label(i) : shape.categoryLabel(key))),
    series,
    rowAt,
  };
}
