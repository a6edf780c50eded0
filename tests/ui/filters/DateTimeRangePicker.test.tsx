// The range filter through the DOM: local date-time segments, the calendar, the preset buttons and a reversed range.
// Segments are driven with key presses only: focusing a contenteditable segment overflows happy-dom's selection code.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { presetRange } from '../../../domain/screens/reports/query';
import { DateTimeRangePicker, type MsRange, type RangeGranularity } from '../../../src/ui/filters';
import type { RangePreset } from '../../../domain/screens/reports/definition';

const NOW = new Date(2024, 4, 15, 14, 20, 0).getTime();
const MAY_1_0830 = new Date(2024, 4, 1, 8, 30, 15).getTime();
const MAY_3_END = new Date(2024, 4, 3, 23, 59, 59).getTime();

function setup(initial: { startTime?: number; endTime?: number }, options: { presets?: RangePreset[]; granularity?: RangeGranularity } = {}) {
  const reported: MsRange[] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <DateTimeRangePicker
        value={value}
        presets={options.presets ?? ['today', 'yesterday', 'last7Days']}
        now={() => NOW}
        granularity={options.granularity}
        onChange={(range) => {
          reported.push(range);
          setValue(range);
        }}
      />
    );
  }
  render(<Host />);
  return { reported };
}

/** The segments of one end as typed text, e.g. '2024-05-01 08:30:15'. */
function shown(end: '开始日期' | '结束日期'): string {
  const parts = screen.getAllByRole('spinbutton').filter((segment) => segment.getAttribute('aria-label')?.includes(end));
  const text = parts.map((part) => part.textContent);
  return `${text.slice(0, 3).join('-')} ${text.slice(3).join(':')}`.trim();
}

const segment = (unit: string, end: '开始日期' | '结束日期') => screen.getByRole('spinbutton', { name: new RegExp(`^${unit}, ${end}`) });
const press = (element: Element, key: string) => fireEvent.keyDown(element, { key });

describe('DateTimeRangePicker', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('shows the range as local date and time to the second, on a 24-hour clock', () => {
    setup({ startTime: MAY_1_0830, endTime: new Date(2024, 4, 3, 18, 5, 9).getTime() });
    expect(shown('开始日期')).toBe('2024-05-01 08:30:15');
    expect(shown('结束日期')).toBe('2024-05-03 18:05:09');
  });

  it('reports a range edited in the segments as epoch ms', () => {
    const { reported } = setup({ startTime: MAY_1_0830, endTime: MAY_3_END });
    press(segment('日', '结束日期'), 'ArrowDown');
    expect(reported).toEqual([{ startTime: MAY_1_0830, endTime: new Date(2024, 4, 2, 23, 59, 59).getTime() }]);
    press(segment('小时', '开始日期'), 'ArrowUp');
    expect(reported.at(-1)?.startTime).toBe(new Date(2024, 4, 1, 9, 30, 15).getTime());
  });

  it('picks days in the calendar and keeps the times of day', () => {
    const { reported } = setup({ startTime: MAY_1_0830, endTime: MAY_3_END });
    fireEvent.click(within(screen.getByRole('group', { name: '时间范围' })).getByRole('button'));
    const grid = screen.getByRole('grid');
    fireEvent.click(within(grid).getByRole('button', { name: /5月10日/ }));
    fireEvent.click(within(grid).getByRole('button', { name: /5月12日/ }));
    expect(reported).toEqual([{ startTime: new Date(2024, 4, 10, 8, 30, 15).getTime(), endTime: new Date(2024, 4, 12, 23, 59, 59).getTime() }]);
  });

  it('sets the preset range counted from the given clock', () => {
    const { reported } = setup({}, { presets: ['last7Days', 'yesterday'] });
    const presets = within(screen.getByRole('group', { name: '快捷时间' }));
    expect(presets.getAllByRole('button').map((button) => button.textContent)).toEqual(['最近7天', '昨天']);
    fireEvent.click(screen.getByRole('button', { name: '最近7天' }));
    expect(reported).toEqual([presetRange('last7Days', NOW)]);
    expect(shown('开始日期')).toBe('2024-05-09 00:00:00');
    fireEvent.click(screen.getByRole('button', { name: '昨天' }));
    expect(reported.at(-1)).toEqual({ startTime: new Date(2024, 4, 14).getTime(), endTime: new Date(2024, 4, 15).getTime() - 1 });
  });

  it('marks an end before the start as invalid and still reports edits', () => {
    const { reported } = setup({ startTime: MAY_3_END, endTime: MAY_1_0830 });
    const group = screen.getByRole('group', { name: '时间范围' });
    expect(group.hasAttribute('data-invalid')).toBe(true);
    expect(screen.getByText('结束时间不能早于开始时间')).toBeTruthy();
    press(segment('日', '结束日期'), 'ArrowUp');
    expect(reported).toEqual([{ startTime: MAY_3_END, endTime: new Date(2024, 4, 2, 8, 30, 15).getTime() }]);
    expect(group.hasAttribute('data-invalid')).toBe(true);
    press(segment('日', '结束日期'), 'ArrowUp');
    press(segment('日', '结束日期'), 'ArrowUp');
    expect(group.hasAttribute('data-invalid')).toBe(false);
    expect(screen.queryByText('结束时间不能早于开始时间')).toBeNull();
  });

  it('with day granularity edits whole days, the end reaching the day’s last millisecond', () => {
    const { reported } = setup({ startTime: MAY_1_0830, endTime: MAY_3_END }, { granularity: 'day' });
    expect(screen.getAllByRole('spinbutton')).toHaveLength(6);
    press(segment('日', '开始日期'), 'ArrowUp');
    expect(reported).toEqual([{ startTime: new Date(2024, 4, 2).getTime(), endTime: new Date(2024, 4, 4).getTime() - 1 }]);
  });

  it('labels the field and the presets in the current language', async () => {
    setup({ startTime: MAY_1_0830, endTime: MAY_3_END });
    expect(screen.getByRole('button', { name: '今天' })).toBeTruthy();
    await act(() => switchLang('en'));
    expect(screen.getByRole('group', { name: 'Time range' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Quick ranges' })).getByRole('button', { name: 'Today' })).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: /^month, Start Date/i })).toBeTruthy();
  });
});
