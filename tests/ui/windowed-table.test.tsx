// The badge tables: a windowed list that renders a bounded slice of 10,000 rows, and status time only where it applies.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { initI18n } from '../../src/app/i18n';
import { LiveSourceProvider } from '../../src/app/live/LiveProvider';
import { TruckTablePopover } from '../../src/app/live/TruckTablePopover';
import { displayDateTime } from '../../domain/format/time';
import type { TruckStatusCode } from '../../domain/truck-status';
import { visibleRange } from '../../src/ui/WindowedTable';
import { fakeLiveSource, fakeTrucks } from '../helpers/fake-live-source';

function renderTable(code: TruckStatusCode, count: number) {
  const source = fakeLiveSource();
  source.setTrucks(fakeTrucks(count, code));
  render(
    <LiveSourceProvider source={source}>
      <TruckTablePopover id="t" code={code} onClose={() => undefined} />
    </LiveSourceProvider>,
  );
  return screen.getByRole('table');
}

describe('the windowed truck table', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(cleanup);

  it('renders only a bounded slice of 10,000 rows, and a later slice after scrolling', () => {
    const table = renderTable(2, 10_000);
    const bodyRows = () => within(table).getAllByRole('row').slice(1);
    expect(bodyRows().length).toBeGreaterThan(5);
    expect(bodyRows().length).toBeLessThanOrEqual(20);
    expect(table.getAttribute('aria-rowcount')).toBe('10001');
    table.scrollTop = 28 * 5000;
    fireEvent.scroll(table);
    const plates = bodyRows().map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(plates).toContain('沪A05000');
    expect(bodyRows().length).toBeLessThanOrEqual(20);
  });

  it('caps the table at 200 px', () => {
    expect(renderTable(1, 50).style.maxHeight).toBe('200px');
  });

  it.each([
    [3, true], [4, true], [0, true], [2, false], [1, false],
  ] as const)('for status %i shows the status-time column: %s', (code, shown) => {
    const table = renderTable(code, 3);
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    const expected = ['所属单位', '车牌号', '状态', 'GPS 时间', ...(shown ? ['状态时间'] : []), '速度', '实时地址'];
    expect(headers).toEqual(expected);
  });

  it('shows GPS time in the current language and the row fields in their columns', () => {
    const [truck] = fakeTrucks(1, 3);
    const table = renderTable(3, 1);
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual([
      '公司0', '沪A00000', '报警', displayDateTime(truck?.row.gpsTime ?? '', 'zh'), displayDateTime(truck?.row.statusTime ?? '', 'zh'), '0', '地址0',
    ]);
  });

  it('keeps the slice within the list at both ends', () => {
    expect(visibleRange(0, 10_000, 172, 28, 4)).toEqual({ start: 0, end: 12 });
    expect(visibleRange(28 * 10_000, 10_000, 172, 28, 4)).toEqual({ start: 9_996, end: 10_000 });
    expect(visibleRange(0, 3, 172, 28, 4)).toEqual({ start: 0, end: 3 });
  });
});
