// The grid's columns as AG Grid takes them: the row and column shapes every paged list hands the report grid, the
// classes of a cell (format colours, the column's own by value), and the last column of the caller's buttons.
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { ColDef } from 'ag-grid-community';
import type { ReactNode } from 'react';
import { isFigureFormat } from '../../../domain/screens/reports/cells';
import type { CellFormat, ReportColumn } from '../../../domain/screens/reports/definition';
import { scoreBand } from '../../../domain/screens/reports/scores';
import type { ReportCell } from '../../../domain/screens/reports/wire';
import { actionKeys } from './action-keys';

/** A row of the grid: its id (a report's number, an entity's key as text) and its cells by column key. */
export interface GridRow {
  readonly id: number | string;
  readonly [key: string]: ReportCell;
}

/** A column as the grid draws it; a report's columns are such columns. */
export interface GridColumn extends Pick<ReportColumn, 'key' | 'format' | 'sortable' | 'options'> {
  /** The cell's text when the format alone cannot say it (a code shown by a name the screen knows). */
  readonly text?: (value: ReportCell) => string;
  /** A class by the cell's value (a status on its colour), besides the format's own. */
  readonly cellClass?: (value: ReportCell) => string | undefined;
}

/** A last column of buttons the caller draws for each row (edit, enable…), reachable with Tab inside the cell. */
export interface GridActions<R extends GridRow> {
  readonly header: string;
  readonly render: (row: R) => ReactNode;
}

/** One block of rows; `hasMore` says rows follow it. */
export interface GridBlock<R extends GridRow> {
  readonly rows: readonly R[];
  readonly hasMore: boolean;
}

export const ACTIONS_COLUMN = 'actions';

/** Levels and scores on their colours; figures right-aligned; then the column's own class by value. */
export function cellClassOf<R extends GridRow>(column: GridColumn): ColDef<R>['cellClass'] {
  const own = column.cellClass;
  const byFormat = formatClassOf<R>(column.format);
  if (!own) return byFormat;
  return (params) => {
    const base = typeof byFormat === 'function' ? byFormat(params) : byFormat;
    const value: ReportCell | undefined = params.value;
    // The summary row holds totals, not values of the column's kind.
    return [base, params.node?.rowPinned ? undefined : own(value ?? null)].filter(Boolean).join(' ');
  };
}

function formatClassOf<R extends GridRow>(format: CellFormat): ColDef<R>['cellClass'] {
  if (format === 'level') return (params) => `report-grid__level report-grid__level--${String(params.value ?? '')}`;
  if (format === 'score') {
    return (params) => {
      if (params.node?.rowPinned || params.value === null || params.value === undefined) return 'report-grid__number';
      return `report-grid__number report-grid__score--${scoreBand(Number(params.value))}`;
    };
  }
  return isFigureFormat(format) ? 'report-grid__number' : undefined;
}

/** The caller's buttons in a last, unsorted column; Tab moves through them before the grid moves to the next cell. */
export function actionsColumn<R extends GridRow>(actions: GridActions<R>): ColDef<R> {
  return {
    colId: ACTIONS_COLUMN,
    headerName: actions.header,
    sortable: false,
    // Loading rows (the infinite model's placeholders) have no data yet, so no buttons.
    cellRenderer: ({ data }: CustomCellRendererProps<R>) => (data ? actions.render(data) : null),
    suppressKeyboardEvent: actionKeys,
  };
}
