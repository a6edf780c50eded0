import { describe, expect, it } from 'vitest';
import {
  addChinaOffset,
  addMonths,
  displayDate,
  displayDateTime,
  displayShortDateTime,
  formatDate,
  relativeTime,
  subtractDays,
  toMillis,
} from '../../../domain/format/time';
import { translate } from '../../../domain/i18n';

// Tests run in Asia/Shanghai (vitest.config.ts); `local` builds a wall-clock instant there.
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('toMillis', () => {
  it.each([
    ['10-digit seconds', 1700000000, 1700000000000],
    ['10-digit seconds with a fraction', 1700000000.5, 1700000000500],
    ['10-digit seconds as text', '1700000000', 1700000000000],
    ['text with surrounding spaces', ' 1700000000 ', 1700000000000],
    ['13-digit milliseconds', 1700000000123, 1700000000123],
    ['milliseconds as text', '1700000000123', 1700000000123],
    ['9 digits, kept as milliseconds', 999999999, 999999999],
    ['11 digits, kept as milliseconds', 10000000000, 10000000000],
    ['zero', 0, 0],
  ])('reads %s', (_case, input, expected) => {
    expect(toMillis(input)).toBe(expected);
  });

  it.each([['empty text', ''], ['blank text', '  '], ['words', 'yesterday'], ['hex', '0x10'], ['exponent', '1e12'], ['NaN', Number.NaN], ['Infinity', Infinity]])(
    'gives NaN for %s',
    (_case, input) => {
      expect(toMillis(input)).toBeNaN();
    },
  );
});

describe('formatDate', () => {
  it.each([
    [1700000000, undefined, '2023-11-15 06:13:20'],
    ['1700000000000', undefined, '2023-11-15 06:13:20'],
    [local(2024, 1, 2, 3, 4, 5), 'yyyy-MM-dd HH:mm:ss', '2024-01-02 03:04:05'],
    [local(2024, 1, 2, 3, 4, 5), 'yyyy-MM-dd', '2024-01-02'],
    [local(2024, 12, 31, 23, 59, 59), 'yyyy-MM', '2024-12'],
    [local(2024, 7, 9, 8, 7, 6), 'MM/dd/yyyy HH:mm:ss', '07/09/2024 08:07:06'],
    [local(2024, 7, 9, 8, 7, 6), 'HH:mm', '08:07'],
    [local(2024, 7, 9), 'yyyy年MM月dd日', '2024年07月09日'],
    [0, undefined, '1970-01-01 08:00:00'],
  ])('renders %s with %s as %s', (ts, pattern, expected) => {
    expect(formatDate(ts, pattern)).toBe(expected);
  });

  it.each([[''], ['abc'], [Number.NaN], [9e15]])('renders the unreadable %s as empty text', (ts) => {
    expect(formatDate(ts)).toBe('');
  });
});

describe('display formats by language', () => {
  const ts = local(2024, 3, 5, 14, 30, 9);
  it.each([
    ['zh', '2024-03-05 14:30:09', '2024-03-05', '03-05 14:30'],
    ['en', '03/05/2024 14:30:09', '03/05/2024', '03/05 14:30'],
  ] as const)('shows %s dates as %s / %s / %s', (lang, dateTime, date, short) => {
    expect(displayDateTime(ts, lang)).toBe(dateTime);
    expect(displayDate(ts, lang)).toBe(date);
    expect(displayShortDateTime(ts, lang)).toBe(short);
  });

  it('gives no short date for an unreadable time', () => {
    expect(displayShortDateTime('', 'en')).toBe('');
  });
});

describe('offset helpers', () => {
  it('adds 8 hours for China time', () => {
    expect(addChinaOffset(0)).toBe(28_800_000);
    expect(formatDate(addChinaOffset(local(2024, 1, 1, 20)))).toBe('2024-01-02 04:00:00');
  });

  it.each([
    [0, 0],
    [1, DAY],
    [30, 30 * DAY],
  ])('subtracts %i days of 24 h', (days, delta) => {
    const now = local(2024, 3, 31, 12);
    expect(subtractDays(now, days)).toBe(now - delta);
  });

  it.each([
    [local(2024, 1, 31, 10), 1, local(2024, 2, 29, 10)],
    [local(2023, 1, 31, 10), 1, local(2023, 2, 28, 10)],
    [local(2024, 1, 31, 10), 3, local(2024, 4, 30, 10)],
    [local(2024, 1, 15, 10), 3, local(2024, 4, 15, 10)],
    [local(2023, 11, 30, 23, 59, 59), 3, local(2024, 2, 29, 23, 59, 59)],
    [local(2024, 10, 31), 3, local(2025, 1, 31)],
    [local(2024, 5, 31), -3, local(2024, 2, 29)],
  ])('adds calendar months with month-end clamping: %s + %i months', (start, months, expected) => {
    expect(addMonths(start, months)).toBe(expected);
  });
});

describe('relativeTime', () => {
  const now = local(2024, 6, 10, 12, 0, 0);

  it.each([
    ['a future time', now + 5 * MINUTE, 'time.justNow', undefined],
    ['the same instant', now, 'time.justNow', undefined],
    ['29.999 s ago', now - 29_999, 'time.justNow', undefined],
    ['30 s ago', now - 30 * SECOND, 'time.minutesAgo', 1],
    ['59 s ago', now - 59 * SECOND, 'time.minutesAgo', 1],
    ['2 min 59 s ago', now - 179 * SECOND, 'time.minutesAgo', 2],
    ['59 min 59 s ago', now - HOUR + SECOND, 'time.minutesAgo', 59],
    ['exactly 1 h ago', now - HOUR, 'time.hoursAgo', 1],
    ['23 h 59 min ago', now - DAY + MINUTE, 'time.hoursAgo', 23],
    ['exactly 24 h ago', now - DAY, 'time.oneDayAgo', undefined],
    ['47 h 59 min ago', now - 2 * DAY + MINUTE, 'time.oneDayAgo', undefined],
  ] as const)('describes %s', (_case, ts, key, count) => {
    for (const lang of ['zh', 'en'] as const) {
      const values = count === undefined ? undefined : { count };
      expect(relativeTime(ts, now, lang)).toBe(translate(lang, key, values));
    }
  });

  it.each([
    ['zh', 30 * SECOND, '1分钟前'],
    ['en', 30 * SECOND, '1 min ago'],
    ['zh', 5 * HOUR, '5小时前'],
    ['en', 5 * HOUR, '5 h ago'],
    ['zh', 0, '刚刚'],
    ['en', 36 * HOUR, '1 day ago'],
  ] as const)('renders %s text for %i ms ago', (lang, ago, text) => {
    expect(relativeTime(now - ago, now, lang)).toBe(text);
  });

  it('shows the date and time once 48 h have passed, in the language format', () => {
    expect(relativeTime(now - 2 * DAY, now, 'zh')).toBe('2024-06-08 12:00:00');
    expect(relativeTime(now - 2 * DAY, now, 'en')).toBe('06/08/2024 12:00:00');
  });

  it('reads 10-digit second timestamps', () => {
    expect(relativeTime(Math.floor((now - 3 * MINUTE) / 1000), now, 'en')).toBe('3 min ago');
  });

  it('gives empty text for an unreadable timestamp', () => {
    expect(relativeTime('n/a', now, 'zh')).toBe('');
  });
});
