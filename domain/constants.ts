// Business constants and limits (§9 of both specs), plus the two band lookups that the reports build on them.

// --- Transport and live data -------------------------------------------------------------

/** Timeout of the shared HTTP client. */
export const REQUEST_TIMEOUT_MS = 100_000;
/** Wait before a stored session's check is asked again when the server could not be reached (ours, not the spec's). */
export const SESSION_CHECK_RETRY_MS = 5_000;
/** Delay before a closed socket reconnects. */
export const SOCKET_RECONNECT_MS = 5_000;
/** After this much silence on a socket an empty message is sent as a heartbeat. */
export const HEARTBEAT_SILENCE_MS = 60_000;
/** `frequency` sent in the truck-status socket's opening frame; its unit is not shown (read it as the server's). */
export const STATUS_FREQUENCY = 30;
/** Administrators poll for not-approved fences this often (15 min). */
export const FENCE_POLL_MS = 900_000;
/** superMan users poll heartbeat-overtime data this often (15 min). */
export const HEARTBEAT_POLL_MS = 900_000;
/** Design: an online truck whose newest device heartbeat is older than this is overtime; a longer silence is a heartbeat gap. */
export const HEARTBEAT_OVERTIME_MS = 30 * 60 * 1000;
/** After a successful password change the user is logged out after this delay (shell spec §4). */
export const PASSWORD_CHANGE_LOGOUT_MS = 800;

// --- Alarms -------------------------------------------------------------------------------

/** The alarm pop-up list keeps at most this many entries, newest on top. */
export const ALARM_POPUP_MAX = 5;
/** How long the urgent-alarm sound plays. */
export const ALARM_SOUND_MS = 1_800;
/** Blink interval of the urgent-alarm icon. */
export const URGENT_BLINK_MS = 180;

// --- Shell --------------------------------------------------------------------------------

/** A viewport narrower than this counts as mobile and collapses the sidebar. */
export const MOBILE_WIDTH_PX = 1024;
/** Maximum height of the status-badge truck tables. */
export const TRUCK_TABLE_MAX_HEIGHT = 200;
/**
 * Fuzzy menu search. Fuse.js 7 dropped its own `maxPatternLength` option, so the search
 * itself must cut the typed pattern to that length before matching.
 */
export const MENU_SEARCH = {
  threshold: 0.4,
  maxPatternLength: 32,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
} as const;
export const TOAST_OFFSET = 20;
export const TOAST_TYPES = ['success', 'warning', 'info', 'error'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
/** Characters in the login verification code. */
export const CAPTCHA_LENGTH = 4;

// --- Formats ------------------------------------------------------------------------------

export const DATE_PATTERNS = {
  dateTime: 'yyyy-MM-dd HH:mm:ss',
  date: 'yyyy-MM-dd',
  month: 'yyyy-MM',
  /** English display is month/day/year. */
  enDateTime: 'MM/dd/yyyy HH:mm:ss',
  enDate: 'MM/dd/yyyy',
  /** Chart time axes: month, day and minute, the year and seconds left out so a tick stays short. */
  shortDateTime: 'MM-dd HH:mm',
  enShortDateTime: 'MM/dd HH:mm',
} as const;
export const LOSS_DECIMALS = 2;
/** Loss rate and its threshold are shown per mille. */
export const LOSS_RATE_FACTOR = 1000;
export const LOSS_RATE_DECIMALS = 4;
export const MINUTES_PER_DAY = 1440;

// --- Form and query limits ----------------------------------------------------------------

/** 1 MB: tank tables may reach it, driver photos must stay under it. */
export const UPLOAD_MAX_BYTES = 1024 * 1024;
export const DRIVER_CODE_MAX = 7;
export const PASSWORD_MIN = 6;
export const PHONE_DIGITS = 11;
/**
 * A truck has at most this many compartments: the console shows them 1 to 10 and stores them 0 to 9 (params spec §3.1,
 * cabinIndex). The report filters, the truck's compartment count, tank tables and the parameter files all use it.
 */
export const COMPARTMENTS_MAX = 10;
export const PLAYBACK_MAX_DAYS = 3;
/** Calendar months, not 90 days. */
export const SPEED_QUERY_MAX_MONTHS = 3;
/** Exports above this many rows ask the user to shorten the range; exactly this many is fine. */
export const EXPORT_WARN_ROWS = 10_000;

// --- Reports ------------------------------------------------------------------------------

/** Loss-difference histogram: 1-unit buckets centred on −10 … 10 plus one open bucket on each side. */
export const LOSS_HISTOGRAM = { min: -10, max: 10, width: 1 } as const;

interface LossHistogramBucket {
  readonly index: number;
  /** Inclusive; −Infinity for the lowest bucket. */
  readonly lower: number;
  /** Exclusive; Infinity for the highest bucket. */
  readonly upper: number;
  /** Language-neutral interval, e.g. `[-0.5,0.5)`. */
  readonly label: string;
}

function buildLossBuckets(): readonly LossHistogramBucket[] {
  const { min, max, width } = LOSS_HISTOGRAM;
  const half = width / 2;
  const buckets: LossHistogramBucket[] = [
    { index: 0, lower: -Infinity, upper: min - half, label: `(-∞,${min - half})` },
  ];
  for (let centre = min; centre <= max; centre += width) {
    const lower = centre - half;
    const upper = centre + half;
    buckets.push({ index: buckets.length, lower, upper, label: `[${lower},${upper})` });
  }
  buckets.push({ index: buckets.length, lower: max + half, upper: Infinity, label: `[${max + half},+∞)` });
  return buckets;
}

/** All 23 buckets in axis order. */
export const LOSS_HISTOGRAM_BUCKETS = buildLossBuckets();

/**
 * The bucket a loss difference falls in. Bounds are half-open [lower, upper), so −10.5 is
 * in the first closed bucket and 10.5 in the open top bucket. NaN belongs to no bucket.
 */
export function lossHistogramBucket(value: number): LossHistogramBucket | undefined {
  if (Number.isNaN(value)) return undefined;
  const { min, width } = LOSS_HISTOGRAM;
  const last = LOSS_HISTOGRAM_BUCKETS.length - 1;
  const raw = Math.floor((value - (min - width / 2)) / width) + 1;
  return LOSS_HISTOGRAM_BUCKETS[Math.min(last, Math.max(0, raw))];
}

/** Offline-duration bands: up to 24 h, more than 24 up to 48 h, more than 48 h. */
const OFFLINE_BANDS = [
  { id: 'upTo24h', maxHours: 24 },
  { id: 'from24To48h', maxHours: 48 },
  { id: 'over48h', maxHours: Infinity },
] as const;
type OfflineBandId = (typeof OFFLINE_BANDS)[number]['id'];

/**
 * The band of an offline duration in hours; each band includes its upper bound (exactly 24 h is
 * still "up to 24 h"). Negative durations (clock skew) count as the first band; NaN has none.
 */
export function offlineBand(hours: number): OfflineBandId | undefined {
  if (Number.isNaN(hours)) return undefined;
  return OFFLINE_BANDS.find((band) => hours <= band.maxHours)?.id;
}
