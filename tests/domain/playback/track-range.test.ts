import { describe, expect, it } from 'vitest';
import { translate } from '../../../domain/i18n';
import { trackRangeProblem } from '../../../domain/playback/track-range';

const DAY = 24 * 3_600_000;

describe('trackRangeProblem', () => {
  it('allows up to exactly three days, and a start equal to the end', () => {
    expect(trackRangeProblem(0, 3 * DAY)).toBeUndefined();
    expect(trackRangeProblem(5, 5)).toBeUndefined();
  });

  it('refuses more than three days, in both languages', () => {
    const key = trackRangeProblem(0, 3 * DAY + 1);
    expect(key).toBe('validation.playbackRange');
    expect(key && translate('zh', key)).toBe('轨迹回放查询时间不能超过3天');
    expect(key && translate('en', key)).toBe('Track playback can cover at most 3 days');
  });

  it('refuses a start after the end before counting days', () => {
    const key = trackRangeProblem(10 * DAY, 0);
    expect(key).toBe('validation.startAfterEnd');
    expect(key && translate('zh', key)).toBe('开始时间不能晚于结束时间');
  });

  it('asks for both ends', () => {
    expect(trackRangeProblem(Number.NaN, 0)).toBe('validation.required');
  });
});
