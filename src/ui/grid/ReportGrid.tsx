// A report's rows in AG Grid's infinite row model: the server pages and sorts, the grid asks for blocks as the user
// scrolls; the summary row is pinned at the bottom; columns fit their content once the first block is in. Other paged
// lists (master data) use it too, with rows keyed by text and a last column of the caller's buttons.
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ColDef, GetLocaleTextParams, GridApi, GridReadyEvent, IDatasource, IGetRowsParams, RowClassParams, SelectionChangedEvent } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../domain/i18n';
import { cellText } from '../../../domain/screens/reports/cells';
import type { ReportSort } from '../../../domain/screens/reports/definition';
import type { ReportRow, ReportTotals } from '../../../domain/screens/reports/wire';
import { gridTheme } from './ag-grid-setup';
import { ACTIONS_COLUMN, actionsColumn, cellClassOf, type GridActions, type GridBlock, type GridColumn, type GridRow } from './grid-columns';
import { fittedWidths, textMeasurer } from './text-widths';
import './report-grid.css';

export type { GridActions, GridColumn, GridRow } from './grid-columns';

export interface BlockRequest {
  readonly offset: number;
  readonly size: number;
  readonly sort: ReportSort | undefined;
}

interface ReportGridProps<R extends GridRow = ReportRow> {
  readonly columns: readonly GridColumn[];
  readonly headers: readonly string[];
  readonly lang: Lang;
  /** The rows of one block; rejects when the call failed (the client has told the user). */
  readonly fetchBlock: (request: BlockRequest) => Promise<GridBlock<R>>;
  /** Changes when the view starts over from the first row (new filters). */
  readonly generation: string;
  /** Changes when the loaded rows are to be fetched again where the user is (live data, a handling saved). */
  readonly revision?: number;
  /**
   * Rows changed in place (a live status): each loaded row of the same id takes the new data, without the blocks being
   * fetched again; a row not loaded is left to its block's next fetch. A new object each time rows change.
   */
  readonly patched?: { readonly rows: readonly R[] };
  readonly sort: ReportSort;
  readonly summaryLabel: string;
  /** The query's row count and summary once known (their own call); until then the grid grows as blocks come. */
  readonly totals?: ReportTotals;
  readonly isHighlighted?: (row: R) => boolean;
  readonly selectable?: boolean;
  readonly onSelection?: (rows: readonly R[]) => void;
  readonly onRowOpen?: (row: R) => void;
  readonly actions?: GridActions<R>;
}

const BLOCK_SIZE = 100;
const ROW_BUFFER = 4;

export function ReportGrid<R extends GridRow = ReportRow>(props: ReportGridProps<R>) {
  const { columns, headers, lang, fetchBlock, generation, revision, patched, sort, summaryLabel, totals, isHighlighted, selectable, onSelection, onRowOpen, actions } = props;
  const { t } = useTranslation();
  // AG Grid asks for its own texts as it draws (a loading row): in the language shown, never its English defaults on a
  // Chinese screen.
  const texts = useRef<Readonly<Record<string, string>>>({});
  texts.current = { loadingOoo: t('app.loading') };
  const localeText = useCallback((params: GetLocaleTextParams<R>) => texts.current[params.key] ?? params.defaultValue, []);
  const apiRef = useRef<GridApi<R> | null>(null);
  const sized = useRef(false);
  const gridRef = useRef<HTMLDivElement | null>(null);
  const latest = useRef({ fetchBlock });
  latest.current = { fetchBlock };

  const columnDefs = useMemo<ColDef<R>[]>(
    () => [
      ...columns.map((column, index): ColDef<R> => ({
        colId: column.key,
        // By key rather than `field`: AG Grid's field paths cannot be checked against a row type left open.
        valueGetter: (params) => params.data?.[column.key] ?? null,
        headerName: headers[index] ?? column.key,
        sortable: column.sortable !== false,
        initialSort: column.key === sort.key ? sort.order : undefined,
        // The summary row's first cell is its label, the others the totals in the column's own format.
        valueFormatter: (params) =>
          params.node?.rowPinned && index === 0
            ? String(params.value ?? '')
            : (column.text?.(params.value ?? null) ?? cellText(column, params.value ?? null, lang)),
        cellClass: cellClassOf<R>(column),
      })),
      ...(actions ? [actionsColumn(actions)] : []),
    ],
    [columns, headers, lang, sort, actions],
  );

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows(params: IGetRowsParams) {
        const first = params.sortModel[0];
        const request: BlockRequest = {
          offset: params.startRow,
          size: params.endRow - params.startRow,
          sort: first ? { key: first.colId, order: first.sort } : undefined,
        };
        latest.current
          .fetchBlock(request)
          .then((page) => {
            params.successCallback([...page.rows], page.hasMore ? undefined : params.startRow + page.rows.length);
            if (!sized.current && page.rows.length > 0) {
              sized.current = true;
              requestAnimationFrame(() => fitColumns(page.rows));
            }
          })
          .catch(() => params.failCallback());
      },
    }),
    // A new datasource is how the grid is told to start over from the first block.
    [generation],
  );

  useEffect(() => {
    sized.current = false;
  }, [generation]);

  useEffect(() => {
    if (revision) apiRef.current?.refreshInfiniteCache();
  }, [revision]);

  useEffect(() => {
    const api = apiRef.current;
    if (!api || !patched) return;
    for (const row of patched.rows) api.getRowNode(String(row.id))?.setData(row);
  }, [patched]);

  useEffect(() => {
    if (totals) apiRef.current?.setRowCount(totals.total, true);
  }, [totals]);

  const summaryRow = useMemo<GridRow[] | undefined>(() => {
    const first = columns[0];
    const summary = totals && totals.total > 0 ? totals.summary : undefined;
    if (!summary || !first) return undefined;
    // A total in the first column would be hidden behind the label; such reports total from the second column on.
    return [{ ...summary, [first.key]: summaryLabel, id: -1 }];
  }, [totals, columns, summaryLabel]);

  /** Widths from the first rows' text on a canvas; AG Grid's own autosize where a canvas cannot measure. */
  const fitColumns = useCallback(
    (rows: readonly R[]) => {
      const api = apiRef.current;
      const grid = gridRef.current?.querySelector('.ag-cell, .ag-root') ?? gridRef.current;
      const measure = grid ? textMeasurer(getComputedStyle(grid).font) : undefined;
      // The frame may come after the grid was taken down (the screen closed meanwhile).
      if (!api || api.isDestroyed()) return;
      if (!measure) return api.autoSizeAllColumns();
      const text = (column: GridColumn, row: R) => column.text?.(row[column.key] ?? null) ?? cellText(column, row[column.key] ?? null, lang);
      api.setColumnWidths(fittedWidths(columns, headers, rows, text, measure));
      if (actions) api.autoSizeColumns([ACTIONS_COLUMN]);
    },
    [columns, headers, lang, actions],
  );

  const onGridReady = useCallback((event: GridReadyEvent<R>) => {
    apiRef.current = event.api;
  }, []);

  const onSelectionChanged = useCallback(
    (event: SelectionChangedEvent<R>) => onSelection?.(event.api.getSelectedRows()),
    [onSelection],
  );

  return (
    <div className="report-grid" data-testid="report-grid" ref={gridRef}>
      <AgGridReact<R>
        theme={gridTheme}
        containerStyle={{ height: '100%', width: '100%' }}
        // A report has at most a few dozen columns: all drawn, so fitting widths to content reaches the last of them.
        suppressColumnVirtualisation
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={BLOCK_SIZE}
        // Rows drawn beyond the viewport: AG Grid's 10 make a list filling at once one long task of drawing.
        rowBuffer={ROW_BUFFER}
        maxBlocksInCache={50}
        infiniteInitialRowCount={1}
        columnDefs={columnDefs}
        getRowId={(params) => String(params.data.id)}
        rowSelection={selectable ? { mode: 'multiRow', checkboxes: true, headerCheckbox: false } : undefined}
        onSelectionChanged={onSelectionChanged}
        rowClassRules={{ 'report-grid__row--highlight': (params: RowClassParams<R>) => Boolean(params.data && isHighlighted?.(params.data)) }}
        onRowDoubleClicked={(event) => event.data && onRowOpen?.(event.data)}
        onGridReady={onGridReady}
        pinnedBottomRowData={summaryRow}
        getLocaleText={localeText}
        // Each screen says in its own words, above the grid, that a query has no rows (该时间段内无记录, 暂无数据…):
        // the grid's own "No Rows To Show" would be a second empty state.
        suppressNoRowsOverlay
      />
    </div>
  );
}

