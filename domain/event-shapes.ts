// Runtime checks of each event kind's `data` (domain/events.ts), so a report can skip a malformed stored row.
import type { CompartmentBalance, EventData, EventKind, TankReading } from './events';
import { isEventKind } from './events';
import { isProcessState, type ProcessState } from './process-states';
import { isFiniteNumber, isRecord, parseJsonText } from './wire/guards';

type Check<T> = (value: unknown) => value is T;
/** One check per field, every field named: adding a field to a kind without checking it does not compile. */
type Shape<T> = { readonly [K in keyof T]-?: Check<T[K]> };

const num: Check<number> = isFiniteNumber;
const int: Check<number> = (v): v is number => Number.isSafeInteger(v);
const str: Check<string> = (v): v is string => typeof v === 'string';
const bool: Check<boolean> = (v): v is boolean => typeof v === 'boolean';

function oneOf<const T extends readonly (string | number)[]>(...values: T): Check<T[number]> {
  return (v): v is T[number] => values.includes(v as T[number]);
}

function orNull<T>(check: Check<T>): Check<T | null> {
  return (v): v is T | null => v === null || check(v);
}

function either<A, B>(a: Check<A>, b: Check<B>): Check<A | B> {
  return (v): v is A | B => a(v) || b(v);
}

function listOf<T>(check: Check<T>): Check<readonly T[]> {
  return (v): v is readonly T[] => Array.isArray(v) && v.every((item) => check(item));
}

/** Every field present and valid; extra fields pass, so older readers accept newer rows. */
function record<T>(shape: Shape<T>): Check<T> {
  const entries = Object.entries(shape) as [string, Check<unknown>][];
  return (v): v is T => isRecord(v) && entries.every(([key, check]) => check(v[key]));
}

const process: Check<ProcessState> = isProcessState;
const compartment = int;

const tankReading = record<TankReading>({
  compartment, oilCode: int, rawLevelMm: num, levelMm: num, vt: num, v20: num, temperature: num, density: num, tiltDeg: num,
  waterMm: num,
});

const balance = record<CompartmentBalance>({
  compartment, oilCode: int, loaded: num, arrived: num, delivered: num, loss: num, lossRate: num,
});

const EVENT_SHAPES: { readonly [K in EventKind]: Check<EventData[K]> } = {
  load: record({
    taskCode: str, tankSequence: int, depotCode: str, depotName: str, compartment, oilCode: int, mass: num, actualOilCode: int,
    actualMass: num, abnormal: bool, volume: num, v20: num, temperature: num, density: num, mode: oneOf('bottom', 'top'),
    meterNo: orNull(str), meterVolume: orNull(num), area: str,
  }),
  unload: record({
    taskCode: str, stationCode: str, stationName: str, compartment, oilCode: int, volume: num, v20: num, before: num, after: num,
    temperature: num, meterNo: orNull(str), meterVolume: orNull(num), area: str,
  }),
  trip: record({
    taskCode: str, depotName: str, stationName: str, oilCodes: listOf(int), loadVolume: num, unloadVolume: num, deliveredVolume: num, loss: num,
    lossRate: num, highLossRateThreshold: num, abnormal: bool, compartments: listOf(balance), startArea: str, endArea: str,
  }),
  spray: record({ volume: num, distanceKm: num, startArea: str, endArea: str }),
  water_fill: record({ compartment, takenOn: num, before: num, after: num, siteName: str, area: str }),
  switch_cover: record({ compartment, process, abnormal: bool, durationSec: num, area: str }),
  seal_break: record({ compartment, process, area: str, lat: num, lng: num }),
  parking: record({ inPark: bool, parkName: str, durationMin: num, area: str, lat: num, lng: num }),
  offline: record({ durationMin: num, area: str, lat: num, lng: num, lastGpsTime: num }),
  overspeed: record({ maxSpeed: num, limit: num, durationSec: num, area: str }),
  level: record({ tanks: listOf(tankReading), process, area: str }),
  temp_humidity: record({
    compartment, temperature: num, humidity: num, minTemperature: num, maxTemperature: num, maxHumidity: num, abnormal: bool, area: str,
  }),
  mileage: record({ date: str, km: num, drivingMin: num }),
  sign: record({ driverName: str, driverCode: str, workMin: num, km: num }),
  bootup: record({ voltage: num, area: str }),
  undervoltage: record({ voltage: num, area: str }),
  emergency_valve: record({ compartment: orNull(compartment), action: oneOf('close', 'open'), process, area: str, lat: num, lng: num }),
  empty_check: record({
    taskCode: str, compartment, oilCode: int, residualVt: num, residualLevelMm: num, empty: bool, stationName: str, area: str,
  }),
  meter_status: record({ meterNo: str, state: oneOf('normal', 'fault', 'offline'), totaliser: num, area: str }),
  flow_change: record({
    taskCode: str, meterNo: str, compartment, oilCode: int, startTotaliser: num, endTotaliser: num, volume: num,
    process: oneOf('loading', 'unloading'), area: str,
  }),
  power: record({ action: oneOf('on', 'off'), source: oneOf('ignition', 'main_switch'), voltage: num, area: str }),
  lock_open: record({
    compartment, method: oneOf('card', 'password', 'remote', 'key'), operator: str, authorized: bool, process, area: str,
  }),
  box_door: record({ door: oneOf('rear', 'side'), openSec: num, process, abnormal: bool, area: str }),
  product_change: record({ compartment, fromOilCode: int, toOilCode: int, process, area: str }),
  pressure: record({ compartment, oilCode: int, pressureKpa: num, limitKpa: num, abnormal: bool, process, area: str }),
  task_modify: record({
    taskCode: str, tankSequence: orNull(int), field: oneOf('oilCode', 'mass', 'station'), oldValue: either(str, num),
    newValue: either(str, num), operator: str, reason: str,
  }),
  pipe_water: record({ compartment, waterMm: num, waterVolume: num, process, area: str }),
  device_fault: record({
    device: oneOf('probe', 'seal', 'meter', 'valve', 'controller'), deviceNo: str, faultCode: int, recovered: bool, area: str,
  }),
  heartbeat_gap: record({ gapMin: int, voltage: num, area: str }),
  upload: record({
    date: str, statusReports: int, positions: int, heartbeats: int, events: int, alarms: int, firstTime: int, lastTime: int,
  }),
};

/** Whether `data` has every field `kind` declares, each of the declared type. */
export function isEventData<K extends EventKind>(kind: K, data: unknown): data is EventData[K] {
  return EVENT_SHAPES[kind](data);
}

/** A stored row's kind and its `data` column checked together; undefined for an unknown kind, bad JSON or a wrong shape. */
export type ParsedEvent = { readonly [K in EventKind]: { readonly kind: K; readonly data: EventData[K] } }[EventKind];

export function parseEventData(kind: string, json: string): ParsedEvent | undefined {
  if (!isEventKind(kind)) return undefined;
  const data = parseJsonText(json);
  return isEventData(kind, data) ? ({ kind, data } as ParsedEvent) : undefined;
}

/** The kinds a check exists for: the registry test compares them with EVENT_KINDS. */
export const CHECKED_EVENT_KINDS = Object.keys(EVENT_SHAPES) as readonly string[];
