// The playback's filters: the range rule's problem shown under the field in the user's language, and the filters'
// round trip through the URL query.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../../../../src/app/i18n';
import { PlaybackFilters } from '../../../../src/app/monitor/playback/PlaybackFilters';
import { playbackSearch, readPlaybackFilters } from '../../../../src/app/monitor/playback/playback-filters';
import { trackRangeProblem } from '../../../../domain/playback/track-range';

const DAY = 24 * 3_600_000;
const END = new Date(2026, 2, 10, 18, 0).getTime();
const PLATES = [{ signCode: '沪A00001', companyName: '一号公司' }];

function show(startTime: number, endTime: number) {
  const filters = { plate: '沪A00001', startTime, endTime };
  render(<PlaybackFilters plates={PLATES} filters={filters} onChange={() => undefined} problem={trackRangeProblem(startTime, endTime)} />);
}

describe('the playback filters', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(cleanup);
  afterAll(async () => {
    await i18next.changeLanguage('zh');
  });

  it('says nothing of a range of three days', () => {
    show(END - 3 * DAY, END);
    expect(screen.queryByTestId('range-error')).toBeNull();
  });

  it('refuses four days under the field, in Chinese and in English', async () => {
    show(END - 4 * DAY, END);
    expect(screen.getByRole('alert').textContent).toBe('轨迹回放查询时间不能超过3天');
    cleanup();
    await i18next.changeLanguage('en');
    show(END - 4 * DAY, END);
    expect(screen.getByRole('alert').textContent).toBe('Track playback can cover at most 3 days');
    await i18next.changeLanguage('zh');
  });

  it('refuses a start after the end', () => {
    show(END, END - DAY);
    expect(screen.getByRole('alert').textContent).toBe('开始时间不能晚于结束时间');
  });
});

describe('the playback filters in the URL', () => {
  it('reads today so far when the query names no range', () => {
    const filters = readPlaybackFilters('', END);
    expect(filters).toEqual({ plate: '', startTime: new Date(2026, 2, 10).getTime(), endTime: END });
  });

  it('reads back what it wrote', () => {
    const filters = { plate: '沪A00001', startTime: END - DAY, endTime: END };
    expect(readPlaybackFilters(playbackSearch(filters), 0)).toEqual(filters);
  });

  it('ignores a time that is no number', () => {
    expect(readPlaybackFilters('from=soon&to=12', END)).toMatchObject({ startTime: new Date(2026, 2, 10).getTime(), endTime: 12 });
  });
});
