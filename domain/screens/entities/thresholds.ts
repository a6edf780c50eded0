// The alarm-threshold screens as entity definitions (docs/thresholds.md): the company's
// alarm parameters (manage_patameter), the areas where an opened cover is not abnormal (no_abnormal), the parking,
// offline and overspeed thresholds (threshold), the loading tolerances (st_abnormal_oil_loading) and the product list
// sent to the consoles (oil_send). The server's alarm detection reads the first four (server/thresholds/).
import type { EntityDef, EntityField, EntityPath } from './definition';
import { field } from './field';

const BASE = '/setting/alarm_threshold';

/** What detection uses for a company without an enabled row: the constants the simulator had before thresholds. */
export const DEFAULT_THRESHOLDS = {
  /** The platform's overspeed alarm (2) fires above this, km/h. */
  overspeedKmh: 80,
  /** A roadside stop this long raises the stop alarm (4), minutes. */
  parkingTimeoutMin: 20,
  /** An offline spell this long raises the offline alarm (7), minutes; 0: at once. */
  offlineTimeoutMin: 0,
  /** A trip's loss or gain beyond this raises 202, per mille (HIGH_LOSS_RATE, 3‰). */
  highLossPermille: 3,
  /** A shift this long raises overlong working hours (203), minutes. */
  overlongWorkMin: 600,
  /** A loaded compartment off its plan by more than the larger of these is abnormal (205): litres, and per mille of the plan. */
  toleranceL: 0,
  tolerancePermille: 10,
} as const;

/**
 * One row per company: the company field is unique within its company (the one value it can hold there), so a second
 * row of a company is refused with 'has existed'.
 */
const company = field('companyCode', 'company', { required: true, unique: 'company', list: true, search: true });
const minutes = (key: string, max: number): EntityField => field(key, 'integer', { required: true, min: 0, max, list: true });
const litres = (key: string): EntityField => field(key, 'integer', { required: true, min: 0, max: 10_000, list: true });
const permille = (key: string): EntityField => field(key, 'decimal', { required: true, min: 0, max: 1000, list: true });

type ThresholdPath = `${typeof BASE}/${'manage_patameter' | 'no_abnormal' | 'threshold' | 'st_abnormal_oil_loading' | 'oil_send'}`;

export const THRESHOLD_ENTITIES = {
  [`${BASE}/manage_patameter`]: {
    path: `${BASE}/manage_patameter`,
    table: 'alarmParameter',
    key: 'id',
    scope: 'company',
    fields: [company, permille('highLossPermille'), minutes('overlongWorkMin', 24 * 60)],
    sort: { key: 'companyCode', order: 'asc' },
  },
  [`${BASE}/no_abnormal`]: {
    path: `${BASE}/no_abnormal`,
    table: 'noAbnormalArea',
    key: 'id',
    scope: 'company',
    fields: [
      field('name', 'text', { required: true, maxLength: 100, unique: 'company', list: true, search: true }),
      field('companyCode', 'company', { required: true, list: true, search: true }),
      field('lat', 'latitude', { required: true, list: true }),
      field('lng', 'longitude', { required: true, list: true }),
      field('radiusM', 'integer', { required: true, min: 1, max: 100_000, list: true }),
      field('address', 'text', { maxLength: 200, list: true }),
    ],
    sort: { key: 'name', order: 'asc' },
  },
  [`${BASE}/threshold`]: {
    path: `${BASE}/threshold`,
    table: 'alarmThreshold',
    key: 'id',
    scope: 'company',
    fields: [
      company,
      minutes('parkingTimeoutMin', 24 * 60),
      minutes('offlineTimeoutMin', 7 * 24 * 60),
      field('overspeedKmh', 'integer', { required: true, min: 1, max: 200, list: true }),
      // Params spec §5: "Seal-break count and open values: non-negative integer", with the company's other alarm
      // thresholds; kept, not yet read by detection (docs/thresholds.md). At most the console's seal times (99) and a
      // seal sensor's value (65535).
      field('sealBreakCount', 'integer', { min: 0, max: 99, list: true }),
      field('openValue', 'integer', { min: 0, max: 65_535, list: true }),
    ],
    sort: { key: 'companyCode', order: 'asc' },
  },
  [`${BASE}/st_abnormal_oil_loading`]: {
    path: `${BASE}/st_abnormal_oil_loading`,
    table: 'loadingTolerance',
    key: 'id',
    scope: 'company',
    fields: [
      company,
      litres('gasolineToleranceL'), permille('gasolineTolerancePermille'),
      litres('dieselToleranceL'), permille('dieselTolerancePermille'),
    ],
    sort: { key: 'companyCode', order: 'asc' },
  },
  [`${BASE}/oil_send`]: {
    path: `${BASE}/oil_send`,
    table: 'productSend',
    key: 'id',
    scope: 'company',
    fields: [
      field('companyCode', 'company', { required: true, list: true, search: true }),
      field('ptNo', 'integer', { required: true, min: -1, max: 999, list: true }),
      field('ptName', 'text', { required: true, maxLength: 50, list: true, search: true }),
      field('ptVec', 'decimal', { required: true, min: 0, max: 0.01, list: true }),
      field('ptDensity', 'decimal', { required: true, min: 0.5, max: 1.5, list: true }),
    ],
    sort: { key: 'ptNo', order: 'asc' },
  },
} as const satisfies Record<ThresholdPath, EntityDef> & Partial<Record<EntityPath, EntityDef>>;
