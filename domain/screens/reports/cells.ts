// A report cell as text (the grid, the summary row, the export's text columns) and as an Excel value, from the
// column's format: one place, so the screen and the file never disagree.
import { alarmTypeLabelKey, isAlarmTypeId } from '../../alarm-types';
import { LOSS_HISTOGRAM_BUCKETS } from '../../constants';
import { fuelLabelKey, roundVolume } from '../../fuel';
import { compassName, displayDate, displayDateTime, formatDuration, formatLoss, formatLossRate, toFixedDecimal, toPerMille } from '../../format';
import { translate, type Lang, type LocaleKey } from '../../i18n';
import { isProcessState, processLabelKey } from '../../process-states';
import type { CellFormat, ReportColumn } from './definition';
import { parseReasons, reasonLabelKey } from './scores';
import type { ReportCell } from './wire';

const HANDLING_KEYS: Readonly<Record<string, LocaleKey>> = {
  0: 'report.handling.unconfirmed',
  1: 'report.handling.normal',
  2: 'report.handling.abnormal',
};

/** Alarm levels (ADAS): 1 yellow, 2 red, 3 black. */
const LEVEL_KEYS: Readonly<Record<string, LocaleKey>> = {
  1: 'report.level.1',
  2: 'report.level.2',
  3: 'report.level.3',
};

function asNumber(value: ReportCell): number | undefined {
  if (value === null || value === '' || typeof value === 'boolean') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function labelOf(keys: Readonly<Record<string, LocaleKey>> | undefined, value: ReportCell, lang: Lang): string {
  if (value === null) return '';
  const key = keys?.[String(value)];
  return key ? translate(lang, key) : String(value);
}

/**
 * A China-time day or month the server grouped by ('2026-11-05', '2026-11'), in the language's order: English
 * '11/05/2026' and '11/2026'. Read as text, not as a time, so the browser's zone cannot move it to another day.
 */
function bucketText(value: string, lang: Lang): string {
  if (lang !== 'en') return value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return `${day[2]}/${day[3]}/${day[1]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  return month ? `${month[2]}/${month[1]}` : value;
}

/** A score's deductions, largest first: '心跳中断 1.5 次/周 −12；…'. */
function reasonsText(code: string, lang: Lang): string {
  const parts = parseReasons(code).map((deduction) =>
    translate(lang, reasonLabelKey(deduction.key), { rate: toFixedDecimal(deduction.rate, 2), points: toFixedDecimal(deduction.points, 1) }),
  );
  return parts.join(lang === 'zh' ? '；' : '; ');
}

/** The text a cell shows in this language; '' for a missing value, never 'NaN' or 'null'. */
export function cellText(column: Pick<ReportColumn, 'format' | 'options'>, value: ReportCell, lang: Lang): string {
  if (value === null || value === undefined) return '';
  const n = asNumber(value);
  switch (column.format) {
    case 'text':
      return String(value);
    case 'month':
      return bucketText(String(value), lang);
    case 'dateTime':
      return n === undefined ? '' : displayDateTime(n, lang);
    case 'date':
      return typeof value === 'string' && !/^\d+$/.test(value) ? bucketText(value, lang) : n === undefined ? '' : displayDate(n, lang);
    case 'durationSec':
      return n === undefined ? '' : formatDuration(n, 'seconds', lang);
    case 'durationMin':
      return n === undefined ? '' : formatDuration(n, 'minutes', lang);
    case 'loss':
      return formatLoss(n);
    case 'lossRate':
      return formatLossRate(n);
    case 'fuelCode':
      return n === undefined ? '' : translate(lang, fuelLabelKey(n));
    case 'fuelCodeWater':
      return n === undefined ? '' : translate(lang, fuelLabelKey(n, 'loadingAbnormal'));
    case 'volume':
      return n === undefined ? '' : String(roundVolume(n));
    case 'integer':
    case 'millimetre':
      return n === undefined ? '' : String(Math.round(n));
    case 'decimal1':
    case 'temperature':
    case 'pressure':
    case 'speed':
      return n === undefined ? '' : toFixedDecimal(n, 1);
    case 'decimal2':
      return n === undefined ? '' : toFixedDecimal(n, 2);
    case 'coordinate':
      return n === undefined ? '' : toFixedDecimal(n, 6);
    case 'percent':
      return n === undefined ? '' : `${toFixedDecimal(n * 100, 1)}%`;
    case 'flag':
      return translate(lang, value === true || n === 1 ? 'report.flag.yes' : 'report.flag.no');
    case 'process':
      return isProcessState(value) ? translate(lang, processLabelKey(value)) : String(value);
    case 'handling':
      return labelOf(HANDLING_KEYS, value, lang);
    case 'enum':
      return labelOf(column.options, value, lang);
    case 'alarmType':
      return n !== undefined && isAlarmTypeId(n) ? translate(lang, alarmTypeLabelKey(n)) : String(value);
    case 'lossBucket':
      return n === undefined ? '' : (LOSS_HISTOGRAM_BUCKETS[n]?.label ?? '');
    case 'level':
      return labelOf(LEVEL_KEYS, value, lang);
    case 'heading':
      return n === undefined ? '' : `${compassName(n, lang)} ${(((Math.round(n) % 360) + 360) % 360)}°`;
    case 'score':
      return n === undefined ? '' : toFixedDecimal(n, 1);
    case 'reasons':
      return reasonsText(String(value), lang);
  }
}

/** Formats whose export cell is a number with an Excel number format rather than text. */
const NUMBER_FORMATS: Partial<Record<CellFormat, string>> = {
  loss: '0.00',
  lossRate: '0.0000',
  volume: '0',
  integer: '0',
  millimetre: '0',
  decimal1: '0.0',
  temperature: '0.0',
  pressure: '0.0',
  speed: '0.0',
  decimal2: '0.00',
  coordinate: '0.000000',
  percent: '0.0%',
  score: '0.0',
};

/** Formats shown as figures (right-aligned in the grid): the export's number formats and the durations. */
export function isFigureFormat(format: CellFormat): boolean {
  return NUMBER_FORMATS[format] !== undefined || format === 'durationSec' || format === 'durationMin';
}

type ExcelCell =
  | { readonly kind: 'date'; readonly ms: number }
  | { readonly kind: 'number'; readonly value: number; readonly numFmt: string }
  | { readonly kind: 'text'; readonly value: string };

/** What the export writes for a cell: real dates and numbers where the format is one, else the shown text. */
export function excelCell(column: Pick<ReportColumn, 'format' | 'options'>, value: ReportCell, lang: Lang): ExcelCell {
  const n = asNumber(value);
  if (column.format === 'dateTime' && n !== undefined) return { kind: 'date', ms: n };
  const numFmt = NUMBER_FORMATS[column.format];
  if (numFmt !== undefined && n !== undefined) {
    if (column.format === 'volume') return { kind: 'number', value: roundVolume(n), numFmt };
    // Per mille in the file as on screen: the number is the shown one, not the raw fraction.
    if (column.format === 'lossRate') return { kind: 'number', value: toPerMille(n), numFmt };
    return { kind: 'number', value: n, numFmt };
  }
  return { kind: 'text', value: cellText(column, value, lang) };
}
