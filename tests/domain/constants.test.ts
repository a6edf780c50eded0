import { describe, expect, it } from 'vitest';
import * as c from '../../domain/constants';

describe('business constants', () => {
  it.each([
    ['REQUEST_TIMEOUT_MS', c.REQUEST_TIMEOUT_MS, 100000],
    ['SOCKET_RECONNECT_MS', c.SOCKET_RECONNECT_MS, 5000],
    ['HEARTBEAT_SILENCE_MS', c.HEARTBEAT_SILENCE_MS, 60000],
    ['STATUS_FREQUENCY', c.STATUS_FREQUENCY, 30],
    ['FENCE_POLL_MS', c.FENCE_POLL_MS, 15 * 60 * 1000],
    ['HEARTBEAT_POLL_MS', c.HEARTBEAT_POLL_MS, 900000],
    ['HEARTBEAT_OVERTIME_MS', c.HEARTBEAT_OVERTIME_MS, 30 * 60 * 1000],
    ['PASSWORD_CHANGE_LOGOUT_MS', c.PASSWORD_CHANGE_LOGOUT_MS, 800],
    ['ALARM_POPUP_MAX', c.ALARM_POPUP_MAX, 5],
    ['ALARM_SOUND_MS', c.ALARM_SOUND_MS, 1800],
    ['URGENT_BLINK_MS', c.URGENT_BLINK_MS, 180],
    ['MOBILE_WIDTH_PX', c.MOBILE_WIDTH_PX, 1024],
    ['TRUCK_TABLE_MAX_HEIGHT', c.TRUCK_TABLE_MAX_HEIGHT, 200],
    ['TOAST_OFFSET', c.TOAST_OFFSET, 20],
    ['CAPTCHA_LENGTH', c.CAPTCHA_LENGTH, 4],
    ['LOSS_DECIMALS', c.LOSS_DECIMALS, 2],
    ['LOSS_RATE_FACTOR', c.LOSS_RATE_FACTOR, 1000],
    ['LOSS_RATE_DECIMALS', c.LOSS_RATE_DECIMALS, 4],
    ['MINUTES_PER_DAY', c.MINUTES_PER_DAY, 1440],
    ['UPLOAD_MAX_BYTES', c.UPLOAD_MAX_BYTES, 1048576],
    ['DRIVER_CODE_MAX', c.DRIVER_CODE_MAX, 7],
    ['PASSWORD_MIN', c.PASSWORD_MIN, 6],
    ['PHONE_DIGITS', c.PHONE_DIGITS, 11],
    ['PLAYBACK_MAX_DAYS', c.PLAYBACK_MAX_DAYS, 3],
    ['SPEED_QUERY_MAX_MONTHS', c.SPEED_QUERY_MAX_MONTHS, 3],
    ['EXPORT_WARN_ROWS', c.EXPORT_WARN_ROWS, 10000],
  ])('%s is the spec value', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('searches menu titles at weight 0.7 and paths at 0.3 with threshold 0.4 and patterns up to 32', () => {
    expect(c.MENU_SEARCH).toEqual({
      threshold: 0.4,
      maxPatternLength: 32,
      keys: [
        { name: 'title', weight: 0.7 },
        { name: 'path', weight: 0.3 },
      ],
    });
  });

  it('names the four toast types', () => {
    expect(c.TOAST_TYPES).toEqual(['success', 'warning', 'info', 'error']);
  });

  it('keeps the spec date patterns, English month first', () => {
    expect(c.DATE_PATTERNS).toEqual({
      dateTime: 'yyyy-MM-dd HH:mm:ss',
      date: 'yyyy-MM-dd',
      month: 'yyyy-MM',
      enDateTime: 'MM/dd/yyyy HH:mm:ss',
      enDate: 'MM/dd/yyyy',
      shortDateTime: 'MM-dd HH:mm',
      enShortDateTime: 'MM/dd HH:mm',
    });
  });
});

describe('loss histogram', () => {
  it('has 23 contiguous 1-unit buckets between an open bucket on each side', () => {
    const buckets = c.LOSS_HISTOGRAM_BUCKETS;
    expect(buckets).toHaveLength(23);
    expect(buckets[0]).toEqual({ index: 0, lower: -Infinity, upper: -10.5, label: '(-∞,-10.5)' });
    expect(buckets[11]).toEqual({ index: 11, lower: -0.5, upper: 0.5, label: '[-0.5,0.5)' });
    expect(buckets[22]).toEqual({ index: 22, lower: 10.5, upper: Infinity, label: '[10.5,+∞)' });
    buckets.forEach((bucket, i) => {
      expect(bucket.index).toBe(i);
      if (i > 0) expect(bucket.lower).toBe(buckets[i - 1]?.upper);
    });
  });

  it.each([
    [-Infinity, 0],
    [-1000, 0],
    [-10.500001, 0],
    [-10.5, 1],
    [-10, 1],
    [-9.500001, 1],
    [-9.5, 2],
    [-0.500001, 10],
    [-0.5, 11],
    [0, 11],
    [0.499999, 11],
    [0.5, 12],
    [9.5, 21],
    [10, 21],
    [10.499999, 21],
    [10.5, 22],
    [1e9, 22],
    [Infinity, 22],
  ])('puts %d in bucket %i', (value, index) => {
    expect(c.lossHistogramBucket(value)?.index).toBe(index);
  });

  it('counts NaN in no bucket', () => {
    expect(c.lossHistogramBucket(Number.NaN)).toBeUndefined();
  });
});

describe('offline bands', () => {
  it.each([
    [-1, 'upTo24h'],
    [0, 'upTo24h'],
    [24, 'upTo24h'],
    [24.001, 'from24To48h'],
    [48, 'from24To48h'],
    [48.001, 'over48h'],
    [1000, 'over48h'],
    [Infinity, 'over48h'],
  ])('puts %d hours in %s', (hours, band) => {
    expect(c.offlineBand(hours)).toBe(band);
  });

  it('gives NaN no band', () => {
    expect(c.offlineBand(Number.NaN)).toBeUndefined();
  });
});
