// Column widths from the first rows' text: the widest of header and cells, with room around, within bounds.
import { describe, expect, it } from 'vitest';
import type { GridColumn, GridRow } from '../../../src/ui/grid/grid-columns';
import { fittedWidths } from '../../../src/ui/grid/text-widths';

/** Seven pixels a character: what matters here is which text is widest. */
const measure = (text: string) => text.length * 7;
const text = (column: GridColumn, row: GridRow) => String(row[column.key] ?? '');
const col = (key: string): GridColumn => ({ key, format: 'text' });

describe('fitted column widths', () => {
  it('fits the widest of the header and the cells, with a header\'s icons and a cell\'s padding', () => {
    const rows: GridRow[] = [{ id: 1, plate: '京A12345', note: 'x' }, { id: 2, plate: '京A1', note: 'a much longer note here' }];
    const widths = fittedWidths([col('plate'), col('note')], ['车牌号', '备注'], rows, text, measure);
    expect(widths).toEqual([
      { key: 'plate', newWidth: Math.max(3 * 7 + 52, 7 * 7 + 28) },
      { key: 'note', newWidth: 23 * 7 + 28 },
    ]);
  });

  it('keeps a narrow column readable and cuts a very long one', () => {
    const rows: GridRow[] = [{ id: 1, a: '', b: 'y'.repeat(500) }];
    const [a, b] = fittedWidths([col('a'), col('b')], ['', ''], rows, text, measure);
    expect(a?.newWidth).toBe(60);
    expect(b?.newWidth).toBe(420);
  });
});
