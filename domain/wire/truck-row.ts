// The truck status row of the status socket, onlineTruck and getTruckBarData, and its runtime parser (spec §3).
import { isTruckStatusCode, type TruckStatusCode } from '../truck-status';
import type { WireTime } from './entities';
import { isFiniteNumber, isRecord, isSafeInteger, isWireTime, readText } from './guards';

/**
 * One compartment's last inventory reading. The optional readings are our additions for the real-time tank and
 * temperature/humidity screens; the legacy backend may not send them. A refrigerated truck's cold compartments have
 * oilCode −1 and Vt 0, with temperature and humidity.
 */
export interface TankInventory {
  readonly oilCode: number;
  /** Volume (Vt), litres; shown rounded up. */
  readonly vt: number;
  /** Corrected level, mm. */
  readonly levelMm?: number;
  /** Volume at 20 °C, litres. */
  readonly v20?: number;
  /** °C. */
  readonly temperature?: number;
  /** Relative humidity, %, of a cold compartment. */
  readonly humidity?: number;
  /** Our addition for the liquid-level screens: the compartment's capacity, litres, to draw how full it is. */
  readonly capacity?: number;
  /** Our addition for the liquid-level screens: the compartment's seal is on (false: its cover or valve was opened). */
  readonly sealed?: boolean;
}

const OPTIONAL_READINGS = ['levelMm', 'v20', 'temperature', 'humidity', 'capacity'] as const;

export interface TruckStatusRow {
  readonly status: TruckStatusCode;
  /** The plate. */
  readonly signCode: string;
  readonly truckCompany: string;
  /** Design: the truck's current alarm text, empty when none. */
  readonly alarm: string;
  /** Null for a truck that has never reported. */
  readonly gpsTime: WireTime | null;
  readonly statusTime: WireTime | null;
  readonly speed: number;
  /** Real-time address. */
  readonly area: string;
  /** Our addition: a stable key for merging changed rows; the legacy backend may omit it. */
  readonly truckId?: number;
  /**
   * Our addition for the live map: the last fix's WGS-84 latitude, degrees (−90 to 90). Absent from the legacy backend
   * and for a truck that has never reported.
   */
  readonly lat?: number;
  /** Our addition for the live map: the last fix's WGS-84 longitude, degrees (−180 to 180); our server sends it with `lat`. */
  readonly lng?: number;
  /** Our addition for the live map: the last fix's heading, degrees clockwise from north (0 to 360). */
  readonly heading?: number;
  /** Per tank, keyed by compartment number. The spec's misspelling is the wire name. */
  readonly lastIventoryMap: Readonly<Record<string, TankInventory>>;
}

/** An optional reading may be absent or null (left out of the copy); any other non-number (non-boolean seal) spoils the tank. */
function parseTank(value: unknown): TankInventory | undefined {
  if (!isRecord(value)) return undefined;
  const { oilCode, vt } = value;
  if (!isFiniteNumber(oilCode) || !isFiniteNumber(vt)) return undefined;
  const tank: { -readonly [K in keyof TankInventory]: TankInventory[K] } = { oilCode, vt };
  for (const key of OPTIONAL_READINGS) {
    const reading = value[key];
    if (reading === undefined || reading === null) continue;
    if (!isFiniteNumber(reading)) return undefined;
    tank[key] = reading;
  }
  const { sealed } = value;
  if (sealed !== undefined && sealed !== null) {
    if (typeof sealed !== 'boolean') return undefined;
    tank.sealed = sealed;
  }
  return tank;
}

/** A null map is a truck without tank readings; any other non-object, or one bad tank, spoils the row. */
function parseInventory(value: unknown): Record<string, TankInventory> | undefined {
  if (value === null) return {};
  if (!isRecord(value)) return undefined;
  const tanks: Record<string, TankInventory> = {};
  for (const [key, raw] of Object.entries(value)) {
    const tank = parseTank(raw);
    if (!tank) return undefined;
    tanks[key] = tank;
  }
  return tanks;
}

const POSITION_FIELDS = ['lat', 'lng', 'heading'] as const;
/** The range each live-map field must fall in, ends included (a heading of 360 is north, as 0 is). */
const POSITION_RANGES: Readonly<Record<(typeof POSITION_FIELDS)[number], readonly [min: number, max: number]>> = {
  lat: [-90, 90], lng: [-180, 180], heading: [0, 360],
};

function readTime(value: unknown): WireTime | null | undefined {
  if (value === null) return null;
  return isWireTime(value) ? value : undefined;
}

/**
 * Checks every field of an untrusted status row and returns a clean copy, or undefined.
 * Texts may be null (shown empty) and times null (never reported); a missing field, a wrong type,
 * an unknown status code or a malformed tank rejects the row. Our extensions (truckId, lat, lng, heading) may be
 * absent, but one present must be valid or it rejects the row, as a bad tank reading does: only our server sends
 * them, and a bad one says the row did not come from it. Null counts as bad here, not as absent: our server leaves a
 * field out rather than sending null (it is the legacy backend that sends null for an empty reading).
 */
export function parseTruckStatusRow(value: unknown): TruckStatusRow | undefined {
  if (!isRecord(value)) return undefined;
  const { status, signCode, speed, truckId } = value;
  if (!isTruckStatusCode(status) || typeof signCode !== 'string' || !isFiniteNumber(speed)) return undefined;
  const truckCompany = readText(value['truckCompany']);
  const alarm = readText(value['alarm']);
  const area = readText(value['area']);
  const gpsTime = readTime(value['gpsTime']);
  const statusTime = readTime(value['statusTime']);
  const lastIventoryMap = parseInventory(value['lastIventoryMap']);
  if (truckCompany === undefined || alarm === undefined || area === undefined) return undefined;
  if (gpsTime === undefined || statusTime === undefined || lastIventoryMap === undefined) return undefined;
  if (truckId !== undefined && !isSafeInteger(truckId)) return undefined;
  const row: { -readonly [K in keyof TruckStatusRow]: TruckStatusRow[K] } = {
    status, signCode, truckCompany, alarm, gpsTime, statusTime, speed, area, lastIventoryMap,
  };
  if (truckId !== undefined) row.truckId = truckId;
  for (const key of POSITION_FIELDS) {
    const reading = value[key];
    if (reading === undefined) continue;
    const [min, max] = POSITION_RANGES[key];
    if (!isFiniteNumber(reading) || reading < min || reading > max) return undefined;
    row[key] = reading;
  }
  return row;
}

interface ParsedTruckFrame {
  readonly rows: readonly TruckStatusRow[];
  /** Rows dropped as malformed; the worker counts them. */
  readonly invalid: number;
}

/** A status-socket frame is an array of rows; a non-array frame is undefined, bad rows are dropped and counted. */
export function parseTruckStatusRows(value: unknown): ParsedTruckFrame | undefined {
  if (!Array.isArray(value)) return undefined;
  const rows: TruckStatusRow[] = [];
  for (const raw of value) {
    const row = parseTruckStatusRow(raw);
    if (row) rows.push(row);
  }
  return { rows, invalid: value.length - rows.length };
}
