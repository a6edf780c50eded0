// The photo screen's filters: the range rule under the field in the user's language, the trigger choice, and the
// filters' round trip through the URL query (a link's `?plate=` alone chooses the truck for today).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../../../../src/app/i18n';
import { PhotoFilters } from '../../../../src/app/monitor/photos/PhotoFilters';
import { photoSearch, readPhotoFilters, type PhotoFilters as Filters } from '../../../../src/app/monitor/photos/photo-filters';
import { photoRangeProblem } from '../../../../domain/photos/photo-range';

const DAY = 24 * 3_600_000;
const END = new Date(2026, 10, 26, 18, 0).getTime();
const PLATES = [{ signCode: '沪A00001', companyName: '一号公司' }];

function show(startTime: number, endTime: number) {
  const filters: Filters = { plate: '沪A00001', startTime, endTime, trigger: 'manhole' };
  const rule = photoRangeProblem(startTime, endTime);
  render(<PhotoFilters plates={PLATES} filters={filters} onChange={() => undefined} problem={rule && i18next.t(rule.key, rule.values)} />);
}

describe('the photo filters', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(cleanup);
  afterAll(async () => {
    await i18next.changeLanguage('zh');
  });

  it('says nothing of three days and shows the chosen trigger', () => {
    show(END - 3 * DAY, END);
    expect(screen.queryByTestId('range-error')).toBeNull();
    expect(document.body.textContent).toContain('人孔盖');
  });

  it('refuses four days under the field, in Chinese and in English, and a start after the end', async () => {
    show(END - 4 * DAY, END);
    expect(screen.getByRole('alert').textContent).toBe('照片查询时间不能超过3天');
    cleanup();
    await i18next.changeLanguage('en');
    show(END - 4 * DAY, END);
    expect(screen.getByRole('alert').textContent).toBe('A photo search can cover at most 3 days');
    await i18next.changeLanguage('zh');
    cleanup();
    show(END, END - DAY);
    expect(screen.getByRole('alert').textContent).toBe('开始时间不能晚于结束时间');
  });
});

describe('the photo filters in the URL', () => {
  it('reads a link with a plate alone as that truck today so far, every trigger', () => {
    expect(readPhotoFilters('plate=%E6%B2%AAA00001', END)).toEqual({ plate: '沪A00001', startTime: new Date(2026, 10, 26).getTime(), endTime: END, trigger: '' });
  });

  it('reads back what it wrote, and an unknown trigger as every trigger', () => {
    const filters: Filters = { plate: '沪A00001', startTime: END - DAY, endTime: END, trigger: 'lostConsole' };
    expect(readPhotoFilters(photoSearch(filters), 0)).toEqual(filters);
    expect(readPhotoFilters(`from=1&to=2&trigger=timer`, 0)).toEqual({ plate: '', startTime: 1, endTime: 2, trigger: '' });
  });
});
