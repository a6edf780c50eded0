// One page of the inbox in AG Grid: rows keyed by their seq (a page fetched again keeps the selection and the focus
// on the rows still listed), several selected with checkboxes or Space, and the focused row (arrow keys, a click)
// told to the screen for its detail pane, which marks it.
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellFocusedEvent, GridApi, GridReadyEvent, SelectionChangedEvent } from 'ag-grid-community';
import { toLang } from '../../../../domain/i18n';
import type { InboxAlarm } from '../../../../domain/wire/alarm-inbox';
import { gridTheme } from '../../../ui/grid/ag-grid-setup';
import { inboxColumns } from './inbox-columns';

interface InboxGridProps {
  readonly rows: readonly InboxAlarm[];
  /** The alarm the detail pane shows: its row is marked. */
  readonly focused: number | undefined;
  readonly onFocus: (seq: number) => void;
  readonly onSelection: (rows: readonly InboxAlarm[]) => void;
  /** Changes when the selection is to be emptied (after a batch change). */
  readonly clearSelection: number;
}

const SELECTION = { mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false } as const;
const SELECTION_COLUMN = { pinned: 'left', width: 44 } as const;

export function InboxGrid({ rows, focused, onFocus, onSelection, clearSelection }: InboxGridProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const apiRef = useRef<GridApi<InboxAlarm> | null>(null);
  const columnDefs = useMemo(() => inboxColumns(t, lang), [t, lang]);
  const rowData = useMemo(() => [...rows], [rows]);

  useEffect(() => {
    if (clearSelection > 0) apiRef.current?.deselectAll();
  }, [clearSelection]);

  const onGridReady = useCallback((event: GridReadyEvent<InboxAlarm>) => {
    apiRef.current = event.api;
  }, []);

  const onCellFocused = useCallback(
    (event: CellFocusedEvent<InboxAlarm>) => {
      if (event.rowIndex === null || event.rowPinned) return;
      const row = event.api.getDisplayedRowAtIndex(event.rowIndex)?.data;
      if (row) onFocus(row.seq);
    },
    [onFocus],
  );

  const onSelectionChanged = useCallback(
    (event: SelectionChangedEvent<InboxAlarm>) => onSelection(event.api.getSelectedRows()),
    [onSelection],
  );

  return (
    <div className="inbox-grid" data-testid="inbox-grid" role="region" aria-label={t('alarmInbox.list')}>
      {/* The detail pane's row marked by its id (both halves of a row the pinned plate splits): a class rule would need
          the rows redrawn, which takes the keyboard focus off the cell the operator is moving through. */}
      {focused !== undefined && <style>{`.inbox-grid .ag-row[row-id="${focused}"] { background-color: #ecf5ff; }`}</style>}
      <AgGridReact<InboxAlarm>
        theme={gridTheme}
        containerStyle={{ height: '100%', width: '100%' }}
        rowData={rowData}
        columnDefs={columnDefs}
        defaultColDef={{ sortable: false, resizable: true }}
        getRowId={(params) => String(params.data.seq)}
        rowSelection={SELECTION}
        selectionColumnDef={SELECTION_COLUMN}
        onGridReady={onGridReady}
        onCellFocused={onCellFocused}
        onSelectionChanged={onSelectionChanged}
        overlayNoRowsTemplate={`<span>${t('alarmInbox.empty')}</span>`}
      />
    </div>
  );
}
