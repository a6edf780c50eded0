// A table that renders only the rows in view (plus a small overscan) inside a height-capped scroller, for long lists.
import { useState, type CSSProperties, type ReactNode } from 'react';
import './windowed-table.css';

export interface WindowedColumn<Row> {
  readonly id: string;
  readonly header: string;
  /** A CSS grid track, e.g. `8em` or `1fr`. */
  readonly width: string;
  readonly cell: (row: Row) => ReactNode;
}

interface WindowedTableProps<Row> {
  readonly label: string;
  readonly columns: readonly WindowedColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  /** The whole table's height cap in px, header included. */
  readonly maxHeight: number;
  readonly rowHeight?: number;
  /** Rows rendered beyond each edge of the view, so fast scrolling shows no gap. */
  readonly overscan?: number;
  readonly empty?: string;
}

/** Which rows to render for a scroll offset: the view from the cap (not measured, so it also holds before layout). */
export function visibleRange(scrollTop: number, count: number, viewHeight: number, rowHeight: number, overscan: number): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const inView = Math.ceil(viewHeight / rowHeight) + 1;
  const start = Math.max(0, Math.min(first, count) - overscan);
  const end = Math.min(count, first + inView + overscan);
  return { start, end };
}

export function WindowedTable<Row>({ label, columns, rows, rowKey, maxHeight, rowHeight = 28, overscan = 4, empty }: WindowedTableProps<Row>) {
  const [scrollTop, setScrollTop] = useState(0);
  const { start, end } = visibleRange(scrollTop, rows.length, maxHeight - rowHeight, rowHeight, overscan);
  const grid: CSSProperties = { gridTemplateColumns: columns.map((column) => column.width).join(' ') };
  const line: CSSProperties = { ...grid, height: rowHeight };
  return (
    <div
      className="wtable"
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      tabIndex={0}
      style={{ maxHeight }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div className="wtable__head" role="rowgroup">
        <div className="wtable__row" role="row" aria-rowindex={1} style={line}>
          {columns.map((column) => (
            <div key={column.id} role="columnheader" className="wtable__cell">
              {column.header}
            </div>
          ))}
        </div>
      </div>
      <div className="wtable__body" role="rowgroup" style={{ height: rows.length * rowHeight, paddingTop: start * rowHeight }}>
        {rows.slice(start, end).map((row, offset) => (
          <div key={rowKey(row)} className="wtable__row" role="row" aria-rowindex={start + offset + 2} style={line}>
            {columns.map((column) => (
              <div key={column.id} role="cell" className="wtable__cell">
                {column.cell(row)}
              </div>
            ))}
          </div>
        ))}
      </div>
      {rows.length === 0 && empty && <p className="wtable__empty">{empty}</p>}
    </div>
  );
}
