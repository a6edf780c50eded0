// The checks report answers pass before the console draws them: another backend's shape is refused, not half-drawn.
import { describe, expect, it } from 'vitest';
import { isReportPage, isReportTotals } from '../../../../domain/screens/reports/wire';

describe('report answers', () => {
  it('takes a page of rows with ids and plain cells', () => {
    expect(isReportPage({ rows: [{ id: 1, signCode: '沪A·1', loss: 1.5, abnormal: true, area: null }], hasMore: false })).toBe(true);
    expect(isReportPage({ rows: [], hasMore: true })).toBe(true);
  });

  it.each([
    ['no hasMore', { rows: [] }],
    ['rows not a list', { rows: {}, hasMore: false }],
    ['a row without an id', { rows: [{ signCode: 'x' }], hasMore: false }],
    ['a nested cell', { rows: [{ id: 1, data: { a: 1 } }], hasMore: false }],
    ['a legacy paged answer', { list: [], total: 0 }],
    ['nothing', null],
  ])('refuses a page with %s', (_case, value) => {
    expect(isReportPage(value)).toBe(false);
  });

  it('takes totals with or without a numeric summary, and refuses others', () => {
    expect(isReportTotals({ total: 3 })).toBe(true);
    expect(isReportTotals({ total: 3, summary: { loss: 1.25 } })).toBe(true);
    expect(isReportTotals({ total: '3' })).toBe(false);
    expect(isReportTotals({ total: 3, summary: { loss: '1.25' } })).toBe(false);
  });
});
