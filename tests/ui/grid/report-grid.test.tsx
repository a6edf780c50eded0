// The report grid as other paged lists use it: rows keyed by text, a column's own text and class by value, and a last
// column of the caller's buttons that Tab walks through before the grid moves on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { actionKeys } from '../../../src/ui/grid/action-keys';
import { ReportGrid, type GridColumn, type GridRow } from '../../../src/ui/grid/ReportGrid';

const COLUMNS: readonly GridColumn[] = [
  { key: 'name', format: 'text' },
  { key: 'owner', format: 'text', text: (value) => (value === 'C1' ? 'Company one' : String(value ?? '')) },
  { key: 'status', format: 'enum', options: { 0: 'entity.disabled', 1: 'entity.enabled' }, cellClass: (value) => (value === 1 ? 'on' : 'off') },
];
const ROWS: readonly GridRow[] = [
  { id: 'a-1', name: 'Alpha', owner: 'C1', status: 1 },
  { id: 'b-2', name: 'Beta', owner: 'C9', status: 0 },
];

function renderGrid(onEdit = vi.fn()) {
  render(
    <ReportGrid<GridRow>
      columns={COLUMNS}
      headers={['Name', 'Owner', 'Status']}
      lang="en"
      fetchBlock={async () => ({ rows: ROWS, hasMore: false })}
      generation="one"
      sort={{ key: 'name', order: 'asc' }}
      summaryLabel=""
      actions={{
        header: 'Actions',
        render: (row) => (
          <span>
            <button type="button" onClick={() => onEdit(row.id)}>
              Edit {String(row['name'])}
            </button>
            <button type="button">Drop {String(row['name'])}</button>
          </span>
        ),
      }}
    />,
  );
  return onEdit;
}

const cell = (rowId: string, colId: string) => document.querySelector<HTMLElement>(`.ag-row[row-id="${rowId}"] .ag-cell[col-id="${colId}"]`);

describe('the report grid for other lists', () => {
  afterEach(() => cleanup());

  it('keys rows by text ids and draws a column by its own text and class', async () => {
    renderGrid();
    await waitFor(() => expect(cell('b-2', 'name')?.textContent).toBe('Beta'));
    expect(cell('a-1', 'owner')?.textContent).toBe('Company one');
    expect(cell('b-2', 'owner')?.textContent).toBe('C9');
    expect(cell('a-1', 'status')?.textContent).toBe('Enabled');
    expect(cell('a-1', 'status')?.classList.contains('on')).toBe(true);
    expect(cell('b-2', 'status')?.classList.contains('off')).toBe(true);
  });

  it("draws the caller's buttons in a last, unsorted column and hands them their row", async () => {
    const onEdit = renderGrid();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Beta' }));
    expect(onEdit).toHaveBeenCalledWith('b-2');
    const headers = [...document.querySelectorAll('.ag-header-cell')];
    expect(headers.at(-1)?.textContent?.trim()).toBe('Actions');
    expect(headers.at(-1)?.classList.contains('ag-header-cell-sortable')).toBe(false);
  });
});

describe('keys in a cell of buttons', () => {
  function cellOfButtons() {
    const cellElement = document.createElement('div');
    cellElement.className = 'ag-cell';
    cellElement.innerHTML = '<button>edit</button><button>drop</button><button disabled>gone</button>';
    document.body.append(cellElement);
    const [first, second] = [...cellElement.querySelectorAll('button')];
    return { cell: cellElement, first: first as HTMLElement, second: second as HTMLElement };
  }
  const key = (target: HTMLElement, init: KeyboardEventInit) => {
    const event = new KeyboardEvent('keydown', init);
    Object.defineProperty(event, 'target', { value: target });
    return actionKeys({ event });
  };

  it('lets Tab go from the cell to its first button and on to the last enabled one, then to the grid', () => {
    const { cell: cellElement, first, second } = cellOfButtons();
    expect(key(cellElement, { key: 'Tab' })).toBe(true);
    expect(key(first, { key: 'Tab' })).toBe(true);
    expect(key(second, { key: 'Tab' })).toBe(false);
    expect(key(second, { key: 'Tab', shiftKey: true })).toBe(true);
    expect(key(first, { key: 'Tab', shiftKey: true })).toBe(false);
  });

  it('lets Enter and Space press a button, and leaves other keys and a buttonless cell to the grid', () => {
    const { cell: cellElement, first } = cellOfButtons();
    expect(key(first, { key: 'Enter' })).toBe(true);
    expect(key(first, { key: ' ' })).toBe(true);
    expect(key(first, { key: 'ArrowDown' })).toBe(false);
    expect(key(cellElement, { key: 'Enter' })).toBe(false);
    const empty = document.createElement('div');
    empty.className = 'ag-cell';
    document.body.append(empty);
    expect(key(empty, { key: 'Tab' })).toBe(false);
  });
});
