// The scores a report derives from its row's counts (docs/scores.md): a device's health and a driver's score, each 100
// less capped deductions per unit of exposure (a week of activity, 100 km), with the deductions kept as its reasons.
import type { LocaleKey } from '../../i18n';
import type { ReportColumn, ScoreName } from './definition';
import type { ReportCell } from './wire';

/** One deduction: `weight` points per count per exposure unit, at most `cap` points. */
interface ScoreTerm {
  /** The reason's name: `report.reason.<key>` says it. */
  readonly key: ReasonKey;
  /** The row's column holding the count. */
  readonly column: string;
  readonly weight: number;
  readonly cap: number;
}

interface ScoreDef {
  readonly terms: readonly ScoreTerm[];
  /**
   * Counts are rated per `unit` of the row's `column` (days active, km), and never over less than `atLeast`: a driver's
   * one overspeed in 5 km weighs as one in 100 km.
   */
  readonly exposure: { readonly column: string; readonly unit: number; readonly atLeast: number };
}

export const REASON_KEYS = ['heartbeatGaps', 'linkDrops', 'undervoltages', 'deviceFaults', 'overspeeds', 'harsh', 'fatigue', 'adas'] as const;
type ReasonKey = (typeof REASON_KEYS)[number];

export const SCORES: Readonly<Record<ScoreName, ScoreDef>> = {
  // Per week of activity (days the device uploaded anything), a week at least: a day's row is rated as a week's.
  deviceHealth: {
    exposure: { column: 'activeDays', unit: 7, atLeast: 7 },
    terms: [
      { key: 'heartbeatGaps', column: 'heartbeatGaps', weight: 8, cap: 30 },
      { key: 'linkDrops', column: 'offlines', weight: 4, cap: 20 },
      { key: 'undervoltages', column: 'undervoltages', weight: 10, cap: 20 },
      { key: 'deviceFaults', column: 'deviceFaults', weight: 6, cap: 30 },
    ],
  },
  // Per 100 km driven, 100 km at least.
  driver: {
    exposure: { column: 'km', unit: 100, atLeast: 100 },
    terms: [
      { key: 'overspeeds', column: 'overspeeds', weight: 10, cap: 40 },
      { key: 'harsh', column: 'harshEvents', weight: 4, cap: 20 },
      { key: 'fatigue', column: 'fatigueEvents', weight: 15, cap: 40 },
      { key: 'adas', column: 'adasEvents', weight: 2, cap: 20 },
    ],
  },
};

/** Scores from this up are good, from `fair` up fair, below it poor (the cell's colour). */
const SCORE_BANDS = { good: 90, fair: 70 } as const;
type ScoreBand = 'good' | 'fair' | 'poor';

export function scoreBand(score: number): ScoreBand {
  return score >= SCORE_BANDS.good ? 'good' : score >= SCORE_BANDS.fair ? 'fair' : 'poor';
}

interface Deduction {
  readonly key: ReasonKey;
  /** The count per exposure unit, two decimals. */
  readonly rate: number;
  /** Points taken, one decimal. */
  readonly points: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function numberOf(cell: ReportCell | undefined): number {
  const n = Number(cell ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** The deductions a row's counts make, largest first; none for counts of zero. */
export function deductionsOf(def: ScoreDef, row: Readonly<Record<string, ReportCell>>): Deduction[] {
  const exposure = Math.max(numberOf(row[def.exposure.column]), def.exposure.atLeast) / def.exposure.unit;
  return def.terms
    .map((term) => {
      const rate = numberOf(row[term.column]) / exposure;
      return { key: term.key, rate: round(rate, 2), points: round(Math.min(term.cap, term.weight * rate), 1) };
    })
    .filter((deduction) => deduction.points > 0)
    .sort((a, b) => b.points - a.points);
}

export function scoreOf(def: ScoreDef, row: Readonly<Record<string, ReportCell>>): number {
  const taken = deductionsOf(def, row).reduce((total, deduction) => total + deduction.points, 0);
  return Math.max(0, round(100 - taken, 1));
}

/** The deductions as a language-neutral cell: `key:rate:points` joined by `;` (the export and grid say them). */
export function reasonsCode(deductions: readonly Deduction[]): string {
  return deductions.map((deduction) => `${deduction.key}:${deduction.rate}:${deduction.points}`).join(';');
}

function isReasonKey(value: string): value is ReasonKey {
  return (REASON_KEYS as readonly string[]).includes(value);
}

/** A reasons cell read back; parts that are not a known reason are left out. */
export function parseReasons(code: string): Deduction[] {
  return code.split(';').flatMap((part) => {
    const [key = '', rate, points] = part.split(':');
    if (!isReasonKey(key)) return [];
    const [r, p] = [Number(rate), Number(points)];
    return Number.isFinite(r) && Number.isFinite(p) ? [{ key, rate: r, points: p }] : [];
  });
}

export function reasonLabelKey(key: ReasonKey): LocaleKey {
  return `report.reason.${key}`;
}

/** A row with its derived cells (scores and their reasons) filled in from its other cells. */
export function withDerived(columns: readonly Pick<ReportColumn, 'key' | 'value'>[], row: Record<string, ReportCell>): Record<string, ReportCell> {
  for (const column of columns) {
    const value = column.value;
    if (value.from === 'score') row[column.key] = scoreOf(SCORES[value.score], row);
    else if (value.from === 'reasons') row[column.key] = reasonsCode(deductionsOf(SCORES[value.score], row));
  }
  return row;
}
