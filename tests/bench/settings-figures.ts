// Percentiles and the settings benchmark's table: one line per measurement with its goal and whether it was met.

/** The value below which a share q of the values lie (nearest rank); NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export interface GoalLine {
  readonly database: string;
  readonly measure: string;
  /** The figure the goal is judged on (the p95 where there are runs), in ms. */
  readonly ms: number;
  readonly goalMs: number;
  /** What else to print: p50, rows, a note. */
  readonly detail: string;
}

export const met = (line: GoalLine): boolean => line.ms <= line.goalMs;

/** The table of goals, aligned; the measurements themselves print as they are taken. */
export function goalTable(lines: readonly GoalLine[]): string[] {
  const rows = lines.map((line) => [line.database, line.measure, `${line.ms.toFixed(1)} ms`, `< ${line.goalMs} ms`, met(line) ? 'met' : 'MISSED', line.detail]);
  const header = ['database', 'measure', 'judged on', 'goal', 'result', 'detail'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => width(row[column] ?? ''))));
  const format = (cells: readonly string[]) => cells.map((cell, column) => cell + ' '.repeat(Math.max(0, (widths[column] ?? 0) - width(cell)))).join(' | ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(format)];
}

/** Columns a text takes in a terminal: CJK characters take two. */
function width(text: string): number {
  let columns = 0;
  for (const char of text) columns += /[\u2e80-\uffff]/.test(char) ? 2 : 1;
  return columns;
}
