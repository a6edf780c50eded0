// Column widths fitted to the first rows' text, measured on a canvas: AG Grid's own autosize reads every rendered
// cell's width from the page, a forced layout per column that takes a long task (80 ms for a 14-column list on the
// machines we measure on) when a list first fills.
import type { GridColumn, GridRow } from './grid-columns';

/** Room beyond the text: a cell's padding, and a header's sort and menu icons besides. */
const CELL_PADDING = 28;
const HEADER_PADDING = 52;
const MIN_WIDTH = 60;
/** A long description wraps nothing and would push every other column off screen: it is cut, its tooltip whole. */
const MAX_WIDTH = 420;

/** A text measurer in the given CSS font, or undefined where a canvas cannot measure (no 2D context). */
export function textMeasurer(font: string): ((text: string) => number) | undefined {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return undefined;
  context.font = font;
  return (text) => context.measureText(text).width;
}

/** Each column's width: the widest of its header and its cells' texts, with room around, within the bounds. */
export function fittedWidths<R extends GridRow>(
  columns: readonly GridColumn[],
  headers: readonly string[],
  rows: readonly R[],
  cellText: (column: GridColumn, row: R) => string,
  measure: (text: string) => number,
): { key: string; newWidth: number }[] {
  return columns.map((column, index) => {
    let widest = measure(headers[index] ?? column.key) + HEADER_PADDING;
    for (const row of rows) widest = Math.max(widest, measure(cellText(column, row)) + CELL_PADDING);
    return { key: column.key, newWidth: Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest))) };
  });
}
