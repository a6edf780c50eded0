// What a report or analysis screen is, as data: where its rows come from, its filters, columns, sort, summary, chart
// and drill-down. The console's ReportScreen renders a definition and the server's report plugin answers it; neither
// knows any screen by name.
import type { AlarmTypeId } from '../../alarm-types';
import type { EventKind } from '../../events';
import type { LocaleKey } from '../../i18n';
import type { RoutePathOfKind } from '../../routes';
import type { TRUCK_MODELS } from '../entities/fleet';
import type { TimeoutAlarm } from './timeout-alarms';

export type ReportPath = RoutePathOfKind<'report'>;
/**
 * The routes a definition may serve: every report route, and a monitor route whose screen is a report (the water-truck
 * figures). Such a monitor screen keeps its menu entry; the registry holds its definition as any report's.
 */
export type ReportScreenPath = ReportPath | RoutePathOfKind<'monitor'>;
/** The playback screens a row may open, on its truck and its day or span. */
export type PlaybackPath = Extract<RoutePathOfKind<'monitor'>, `${string}playback_track`>;
type TruckModel = (typeof TRUCK_MODELS)[number];

/** How a cell shows its value (spec params §9); the export writes the same text, dates as real Excel dates. */
export type CellFormat =
  | 'text'
  | 'dateTime'
  | 'date'
  | 'month'
  | 'durationSec'
  | 'durationMin'
  | 'loss'
  | 'lossRate'
  | 'fuelCode'
  /** The loading-abnormal table's fuel code: −1 is water. */
  | 'fuelCodeWater'
  | 'volume'
  | 'decimal1'
  | 'decimal2'
  /** A WGS-84 degree, six decimals. */
  | 'coordinate'
  | 'integer'
  | 'speed'
  | 'temperature'
  | 'percent'
  | 'pressure'
  | 'millimetre'
  | 'flag'
  | 'process'
  | 'handling'
  | 'enum'
  /** An alarm type id, shown by its name. */
  | 'alarmType'
  /** A loss-histogram bucket index, shown as its interval. */
  | 'lossBucket'
  /** An alarm level 1–3 (yellow, red, black), shown as its name on its colour. */
  | 'level'
  /** A heading in degrees, shown as its compass point and the degrees. */
  | 'heading'
  /** A score 0–100 on its band's colour (good, fair, poor). */
  | 'score'
  /** A score's deductions (`scores.ts`), each named with its figure and the points it took. */
  | 'reasons';

/** The JSON type of a value in an event's `data`, so SQL compares and sorts it as such on both databases. */
export type DataType = 'number' | 'text' | 'boolean';

/** The tables of position fixes and device heartbeats, as `records` sources read them. */
export const RECORD_FIELDS = {
  position: { time: 'number', lat: 'number', lng: 'number', speed: 'number', heading: 'number', area: 'text' },
  heartbeat: { heartTime: 'number', gpsTime: 'number', voltage: 'number' },
} as const satisfies Record<string, Record<string, DataType>>;
export type RecordTable = keyof typeof RECORD_FIELDS;
export type RecordField = { [T in RecordTable]: keyof (typeof RECORD_FIELDS)[T] }[RecordTable];

const RECORD_FIELD_TYPES: Readonly<Record<RecordField, DataType>> = { ...RECORD_FIELDS.position, ...RECORD_FIELDS.heartbeat };

/** The type of a position or heartbeat field. */
export function recordFieldType(field: RecordField): DataType {
  return RECORD_FIELD_TYPES[field];
}

/** The server functions that compute a report's rows (`computed` sources). */
export type ComputedName = 'heartbeatOvertime' | 'fenceMileage' | 'fenceTotals' | 'driverScore' | 'driverEvents';

/** The scores a report may derive from its row's other cells (`scores.ts`). */
export type ScoreName = 'deviceHealth' | 'driver';

/** Where the server reads a column's value. */
export type ValueSource =
  /**
   * The event row's own times; `duration` is end − start in seconds; `day`/`month` are China-time buckets of start;
   * `kind` is the event kind (a source of several kinds).
   */
  | { readonly from: 'event'; readonly field: 'startTime' | 'endTime' | 'duration' | 'day' | 'month' | 'kind' }
  | { readonly from: 'truck'; readonly field: 'signCode' | 'companyName' }
  /** A column of the position or heartbeat row (`records` sources). */
  | { readonly from: 'record'; readonly field: RecordField }
  /** A field of the rows a server function computed (`computed` sources). */
  | { readonly from: 'computed'; readonly field: string; readonly type: DataType }
  /** 1 when the value is above the limit, else 0 (a fix over the speed limit). */
  | { readonly from: 'over'; readonly value: NumericSource; readonly limit: number }
  /**
   * Derived from the row's other cells once it is read (never SQL): a score 0–100, or its deductions as codes
   * (`scores.ts`). Rows ordered by one are ordered and paged in memory.
   */
  | { readonly from: 'score' | 'reasons'; readonly score: ScoreName }
  /** A field of the event's JSON `data`; `path` is dot-separated. */
  | { readonly from: 'data'; readonly path: string; readonly type: DataType }
  /** A field of the array element the source expands (one row per element). */
  | { readonly from: 'item'; readonly path: string; readonly type: DataType }
  /** Live sources: the truck's live row, and the compartment number its inventory is keyed by. */
  | { readonly from: 'live'; readonly field: 'statusTime' | 'area' | 'status' }
  | { readonly from: 'itemKey' }
  /** The operator's handling of the event (unsealing): state, description, who and when. */
  | { readonly from: 'handling'; readonly field: 'state' | 'description' | 'handler' | 'handledAt' }
  /** Grouped reports: an aggregate over the group's rows. */
  | { readonly from: 'count' }
  | { readonly from: 'sum' | 'avg' | 'max' | 'min'; readonly of: NumericSource }
  /**
   * Grouped reports: sum(numerator) / sum(denominator) × scale (1 unless given), empty when the denominator sums to 0
   * (a loss rate; exceptions per 100 km).
   */
  | { readonly from: 'ratio'; readonly numerator: NumericSource; readonly denominator: NumericSource; readonly scale?: number }
  /** Grouped reports: the group's share of all rows, 0…1. */
  | { readonly from: 'share' }
  /** The fuel kind of an oil code (gasoline above 0, other at −1, else diesel), for the fuel select. */
  | { readonly from: 'fuelKind'; readonly of: NumericSource }
  /** Grouped reports: how many trucks the group's rows come from. */
  | { readonly from: 'distinctTrucks' }
  /** Alarm sources: the alarm's type id. */
  | { readonly from: 'alarmType' }
  /**
   * Events: the timeout the alarm judges the event by (timeout-alarms.ts), in minutes, as it was in force for the
   * event's company when the event began (the threshold history); the default where none was recorded.
   */
  | { readonly from: 'timeout'; readonly alarm: TimeoutAlarm }
  | RaisesSource
  /** Grouped reports: the loss-difference histogram bucket (0…22) of a number. */
  | { readonly from: 'bucket'; readonly of: NumericSource }
  /** 1 when |value| is above the limit, else 0 (a loss rate against its threshold), shown as a flag. */
  | { readonly from: 'exceeds'; readonly value: NumericSource; readonly limit: NumericSource }
  /**
   * Grouped reports: how many of the group's rows have a value above `above` and at most `atMost` (each if given), or
   * equal to `equals` (an event kind, a device).
   */
  | {
    readonly from: 'countWhen';
    readonly value: NumericSource | Extract<ValueSource, { readonly from: 'data' }> | { readonly from: 'event'; readonly field: 'kind' };
    readonly above?: number;
    readonly atMost?: number;
    readonly equals?: string | number;
  }
  | DifferenceSource
  | WhenSource;

/** A number less others (a fuel balance: loaded − delivered − loss); empty when any part is. */
interface DifferenceSource {
  readonly from: 'difference';
  readonly of: NumericSource;
  readonly minus: readonly NumericSource[];
}

/**
 * 1 for an event that raised (or, with alarms thinned, would raise) the alarm: of its kind, and lasting at least the
 * timeout in force for its company when it began (timeout-alarms.ts); else 0. A count's numerator.
 */
interface RaisesSource {
  readonly from: 'raises';
  readonly alarm: TimeoutAlarm;
}

export type NumericSource =
  | Extract<ValueSource, { readonly from: 'data' | 'item' | 'record' }>
  | { readonly from: 'event'; readonly field: 'duration' }
  | DifferenceSource
  | WhenSource
  | RaisesSource;

/** 1 when the row's value equals `equals` (or lies above `above` and at most `atMost`), else 0: a count's numerator. */
export interface WhenSource {
  readonly from: 'when';
  readonly value: Extract<ValueSource, { readonly from: 'data' }> | { readonly from: 'event'; readonly field: 'kind' };
  readonly equals?: string | number;
  readonly above?: number;
  readonly atMost?: number;
}

/** Values derived from the row's cells after it is read: the server computes them, never the SQL. */
export function isDerived(value: ValueSource): value is Extract<ValueSource, { readonly from: 'score' | 'reasons' }> {
  return value.from === 'score' || value.from === 'reasons';
}

const AGGREGATE_SOURCES = ['count', 'sum', 'avg', 'max', 'min', 'ratio', 'share', 'distinctTrucks', 'countWhen'] as const;
type Aggregate = Extract<ValueSource, { readonly from: (typeof AGGREGATE_SOURCES)[number] }>;

export function isAggregate(value: ValueSource): value is Aggregate {
  return (AGGREGATE_SOURCES as readonly string[]).includes(value.from);
}

export interface ReportColumn {
  /** The row field on the wire and the export's field name. */
  readonly key: string;
  readonly labelKey: LocaleKey;
  readonly format: CellFormat;
  readonly value: ValueSource;
  /** Columns sort unless told otherwise; the server refuses a sort key no column offers. */
  readonly sortable?: boolean;
  /** The summary row shows this over every row of the filtered set, not only the page. */
  readonly summary?: 'sum' | 'count';
  /** Options of an `enum` cell: the stored value → its label. */
  readonly options?: Readonly<Record<string, LocaleKey>>;
}

/** Fixed conditions of a source on its data (an exception report is the abnormal part of an event kind). */
export type DataCondition =
  | { readonly value: Extract<ValueSource, { readonly from: 'data' | 'item' }>; readonly equals: string | number | boolean }
  /** The field is present and not null (unloads measured by a flow meter). */
  | { readonly value: Extract<ValueSource, { readonly from: 'data' | 'item' }>; readonly present: true };

/** Conditions of an event source: on its data, or that the event raised an alarm under the timeout in force when it began. */
export type EventCondition = DataCondition | { readonly raises: TimeoutAlarm };

/**
 * Fixed conditions of a source on the event's truck: only trucks of this model (a sprinkler's screens). The model is a
 * column of the truck table, so the condition is plain SQL on both databases and no event need carry it.
 */
interface TruckCondition {
  readonly model: TruckModel;
}

interface EventRowsSource {
  /** One row per event (or per element of `expand`). */
  readonly type: 'events';
  readonly kinds: readonly EventKind[];
  readonly where?: readonly EventCondition[];
  readonly trucks?: TruckCondition;
  /** A JSON array in `data` whose elements become the rows (a reading's compartments). */
  readonly expand?: string;
}

export interface GroupedSource {
  /** One row per group: the columns without an aggregate are the group's key. */
  readonly type: 'groups';
  readonly kinds: readonly EventKind[];
  readonly where?: readonly EventCondition[];
  readonly trucks?: TruckCondition;
  readonly expand?: string;
}

/** One row per alarm of these types, or one per group of them; `data` columns read the alarm's properties. */
interface AlarmRowsSource {
  readonly type: 'alarms' | 'alarmGroups';
  readonly alarmTypes: readonly AlarmTypeId[];
}

/** Rows from the live status rows (the worker's trucks), one per compartment; the server answers from truck_live. */
interface LiveRowsSource {
  readonly type: 'live';
  /** Keeps the compartments that carry these readings (the cold ones of refrigerated trucks). */
  readonly where?: readonly DataCondition[];
}

/** One row per position fix or heartbeat of the trucks (GPS history, heartbeats, the voltage line). */
interface RecordRowsSource {
  readonly type: 'records';
  readonly table: RecordTable;
}

/**
 * Rows a server function computes from several tables (fence mileage from positions and fence shapes, driver scores
 * from shifts and alarms, the overdue heartbeats): every row of the filters at once, ordered and paged in memory.
 */
interface ComputedRowsSource {
  readonly type: 'computed';
  readonly name: ComputedName;
}

type ReportSource = EventRowsSource | GroupedSource | AlarmRowsSource | LiveRowsSource | RecordRowsSource | ComputedRowsSource;

/** Sources whose rows are groups: their columns without an aggregate are the group's key. */
export function isGrouped(source: ReportSource): boolean {
  return source.type === 'groups' || source.type === 'alarmGroups';
}

export const RANGE_PRESETS = ['today', 'yesterday', 'last7Days', 'last30Days', 'thisMonth', 'thisYear'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/**
 * A choice of a select: a translated label, or a language-neutral one (a histogram interval); `emptyKey` is what an
 * empty result says while it is chosen (GPS history's overspeed fixes: 'no overspeed record for the period').
 */
export type SelectOption = ({ readonly value: string; readonly labelKey: LocaleKey } | { readonly value: string; readonly label: string }) & {
  readonly emptyKey?: LocaleKey;
};

export type ReportFilter =
  /** Company tree: only the user's companies. */
  | { readonly type: 'company' }
  /** Plate picker with type-ahead over the user's trucks. */
  | { readonly type: 'plate' }
  /**
   * Start and end of the event's start time; `maxDays` refuses longer ranges, `maxMonths` ends later than that many
   * calendar months after the start (speed info: 3 months).
   */
  | { readonly type: 'range'; readonly preset: RangePreset; readonly maxDays?: number; readonly maxMonths?: number }
  /**
   * A calendar year of the fleet's zone (China) in place of a range: the range is that year, the current one unless
   * told; the years offered are those the report's rows cover (params spec §9, "year selection for truck loss").
   */
  | { readonly type: 'year' }
  /** A per-report select over one value; the empty choice means all. */
  | { readonly type: 'select'; readonly key: string; readonly labelKey: LocaleKey; readonly value: ValueSource; readonly options: readonly SelectOption[] }
  /** A typed value the rows' value must equal (a driver's code, a fence's name); a drill-down fills it in. */
  | { readonly type: 'text'; readonly key: string; readonly labelKey: LocaleKey; readonly value: ValueSource; readonly maxLength: number };

export interface ReportSort {
  readonly key: string;
  readonly order: 'asc' | 'desc';
}

export type ChartKind = 'line' | 'bar' | 'histogram';

export interface ReportChart {
  readonly kind: ChartKind;
  /** The column along the x axis (a time, a month, a plate, a bucket). */
  readonly x: string;
  /** Columns drawn as series. */
  readonly series: readonly string[];
  /** Line charts: one line per value of this column (a compartment), instead of one per series column. */
  readonly splitBy?: string;
  /** Bars and buckets: a click opens this report filtered by the bar's x value. */
  readonly drillDown?: DrillDown;
}

/**
 * Where a drill-down leads: one report, or the alarm screen of the alarm type in a column of the row (each alarm type
 * has its exception screen, as an alarm pop-up's click has).
 */
type DrillTarget = ReportScreenPath | { readonly alarmScreenOf: string } | PlaybackTarget;

/**
 * A playback screen on the row's truck (`params.plate` names the plate column) over the row's `day` or from its
 * `from` to its `to` column; the report's own filters do not go along (the playback has none of them).
 */
interface PlaybackTarget {
  readonly playback: PlaybackPath;
}

/** A link from a row or a bar to another report, the row's values becoming that report's filters. */
export interface DrillDown {
  readonly to: DrillTarget;
  /** The tab of the target screen to open (a screen of several tabs); its first tab unless given. */
  readonly tab?: string;
  /**
   * Target query key → this row's column key. The keys `day` and `month` are not filters: they set the target's
   * range to that day or month.
   */
  readonly params: Readonly<Record<string, string>>;
}

/** One tab of a screen of several: its key (the URL's `tab`) and its label. */
export interface ReportTab {
  readonly key: string;
  readonly labelKey: LocaleKey;
}

export interface ReportDef {
  readonly path: ReportScreenPath;
  /**
   * A screen of several tabs: the route's own definition names its first tab here and lists the others in `tabs`;
   * each of those names its own (its calls are below the route's, `/report<path>/<key>`).
   */
  readonly tab?: ReportTab;
  readonly tabs?: readonly ReportDef[];
  readonly source: ReportSource;
  readonly filters: readonly ReportFilter[];
  readonly columns: readonly ReportColumn[];
  readonly sort: ReportSort;
  readonly chart?: ReportChart;
  readonly drillDown?: DrillDown;
  /** Unsealing screens: rows can be selected and handled (state and description) in a batch. */
  readonly handling?: boolean;
  /** What an empty result says, where the spec names it (overspeed); else 'no record for the period'. */
  readonly emptyKey?: LocaleKey;
}
