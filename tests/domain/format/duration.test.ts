import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../../domain/format/duration';

describe('formatDuration in seconds mode', () => {
  it.each([
    [0, '0秒', '0s'],
    [1, '1秒', '1s'],
    [59, '59秒', '59s'],
    [60, '1分0秒', '1m 0s'],
    [61, '1分1秒', '1m 1s'],
    [3599, '59分59秒', '59m 59s'],
    [3600, '1小时0分0秒', '1h 0m 0s'],
    [3601, '1小时0分1秒', '1h 0m 1s'],
    [90061, '25小时1分1秒', '25h 1m 1s'],
    [61.9, '1分1秒', '1m 1s'],
  ])('renders %d s as %s / %s', (value, zh, en) => {
    expect(formatDuration(value, 'seconds', 'zh')).toBe(zh);
    expect(formatDuration(value, 'seconds', 'en')).toBe(en);
  });
});

describe('formatDuration in minutes mode', () => {
  it.each([
    [0, '0分', '0m'],
    [59, '59分', '59m'],
    [60, '1小时0分', '1h 0m'],
    [1439, '23小时59分', '23h 59m'],
    [1440, '1天0小时0分', '1d 0h 0m'],
    [1441, '1天0小时1分', '1d 0h 1m'],
    [2 * 1440 + 3 * 60 + 4, '2天3小时4分', '2d 3h 4m'],
  ])('renders %d min as %s / %s', (value, zh, en) => {
    expect(formatDuration(value, 'minutes', 'zh')).toBe(zh);
    expect(formatDuration(value, 'minutes', 'en')).toBe(en);
  });
});

describe('formatDuration with values that are not durations', () => {
  it.each([[-5], [Number.NaN], [Infinity], [-Infinity]])('renders %d as zero', (value) => {
    expect(formatDuration(value, 'seconds', 'zh')).toBe('0秒');
    expect(formatDuration(value, 'minutes', 'en')).toBe('0m');
  });
});
