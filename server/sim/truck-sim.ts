// One truck's simulated state (phase, position, tanks, shift, device), its status code and its status row.
import { TRUCK_STATUS, type TruckStatusCode } from '../../domain/truck-status';
import type { DeviceKind } from '../../domain/events';
import type { ProcessState } from '../../domain/process-states';
import type { TankInventory } from '../../domain/wire/truck-row';
import type { PublishedRow } from '../live/hub';
import { roundCoord } from './city';
import type { Place, TruckSpec } from './fleet';
import type { HeartbeatState } from './heartbeat-module';
import type { Rng } from './random';
import type { Route } from './route';
import { OTHER, levelMm, roundVt, v20 } from './tanks';
import type { TankTable } from '../../domain/params/tank-table';
import { volumeAt } from '../../domain/params/tank-table-math';
import { transmitted, type DayUploads } from './uploads';

/**
 * The simulator's phases, finer than the process states where the truck does different things in one state (driving to
 * a depot, to a station or home are all transporting). A shift: parked → initializing (the console starts) → idle →
 * toDepot → loadTakeOver → loading (compartment by compartment) → loadStopped → toStation → unloadTakeOver → unloading
 * (compartment by compartment; sprinklers spray instead) → unloadStopped → waitEmpty → next trip or toPark. roadStop
 * pauses a drive. Offline is an overlay: the truck keeps going, only its reports stop.
 */
export type Phase =
  | 'parked' | 'initializing' | 'idle' | 'toDepot' | 'loadTakeOver' | 'loading' | 'loadStopped' | 'toStation' | 'unloadTakeOver'
  | 'unloading' | 'unloadStopped' | 'spraying' | 'waitEmpty' | 'toPark' | 'roadStop';

/** The process state (params spec §4) each phase is in, as the console reports it and events are stamped with it. */
const PHASE_PROCESS: { readonly [P in Phase]: ProcessState } = {
  parked: 'idle',
  initializing: 'initializing',
  idle: 'idle',
  toDepot: 'transporting',
  loadTakeOver: 'loading_takeover',
  loading: 'loading',
  loadStopped: 'loading_stopped',
  toStation: 'transporting',
  unloadTakeOver: 'unloading_takeover',
  unloading: 'unloading',
  unloadStopped: 'unloading_stopped',
  // A sprinkler spraying is emptying its tank, on the move.
  spraying: 'unloading',
  waitEmpty: 'waiting_empty',
  toPark: 'transporting',
  roadStop: 'transporting',
};

export const DRIVING: ReadonlySet<Phase> = new Set<Phase>(['toDepot', 'toStation', 'toPark', 'spraying']);

export interface Tank {
  readonly capacity: number;
  oilCode: number;
  plannedOilCode: number;
  vt: number;
  /** What this compartment is filled to in the current loading. */
  target: number;
  /** Vt when the current unloading of this compartment began. */
  before: number;
  /** Vt when the last loading filled it: the trip balance starts here. */
  loaded: number;
  /** What the current unloading leaves behind: 0, or a remainder the empty check will find. */
  residual: number;
  /** This trip's loss rate for this compartment, drawn at the depot and applied on arrival. */
  lossRate: number;
  /** Product temperature, drifting toward the air's. */
  temperature: number;
  sealed: boolean;
}

/** A flow meter on the truck's manifold; its totaliser counts every litre through it. */
export interface Meter {
  readonly no: string;
  totaliser: number;
}

/** One cold compartment of a refrigerated box, with the limits its readings are judged by. */
export interface ColdZone {
  readonly setPoint: number;
  readonly minTemperature: number;
  readonly maxTemperature: number;
  readonly maxHumidity: number;
  temperature: number;
  humidity: number;
  /** The unit cannot hold the set point until then (defrost, fault, door left open). */
  warmUntil: number;
}

/** A device fault under way: its event is written once it recovers, or at the shift's end if it does not. */
interface DeviceFault {
  readonly device: DeviceKind;
  readonly deviceNo: string;
  readonly faultCode: number;
  readonly start: number;
  readonly until: number;
  readonly area: string;
}

export interface Trip {
  readonly taskCode: string;
  readonly depot: Place | null;
  /** Where the task sends the truck; a dispatcher may change it before the truck leaves the depot. */
  plannedStation: Place | null;
  station: Place | null;
  startTime: number;
  startArea: string;
  loadVolume: number;
  /** Drawn at the depot; applied on arrival. Negative is a gain (temperature, meter error). */
  lossRate: number;
  topLoading: boolean;
  sprayKm: number;
}

interface Speeding {
  readonly start: number;
  readonly target: number;
  readonly until: number;
  max: number;
  /** When the speed first went over the limit: the overspeed row and its 2 start here. */
  overAt: number | null;
  platformAlarmed: boolean;
  deviceAlarmed: boolean;
}

/** What the status row last showed: frozen while offline, refreshed at each report. */
interface Shown {
  lat: number;
  lng: number;
  speed: number;
  heading: number;
  area: string;
  tanks: Readonly<Record<string, TankInventory>>;
}

export interface TruckSim {
  readonly spec: TruckSpec;
  /**
   * The tank table the truck's level gauge confirmed, which turns each compartment's measured level into
   * the volume it reports; without one the gauge reports the true volume.
   */
  gauge?: TankTable;
  readonly rng: Rng;
  phase: Phase;
  since: number;
  until: number;
  resume: Phase;
  lat: number;
  lng: number;
  heading: number;
  speed: number;
  cruise: number;
  area: string;
  cell: number;
  route: Route | null;
  dest: Place | null;
  readonly tanks: Tank[];
  readonly meters: Meter[];
  /** Cold compartments of a refrigerated truck; empty for every other model. */
  readonly cold: ColdZone[];
  fault: DeviceFault | null;
  /** The battery main switch was turned off at the end of the last shift. */
  mainSwitchOff: boolean;
  /** Goods on board, for trucks without tanks. */
  cargo: boolean;
  tankIndex: number;
  stepStart: number;
  trip: Trip | null;
  tasks: number;
  online: boolean;
  offlineSince: number;
  offlineUntil: number;
  gpsTime: number | null;
  alarmText: string;
  alarmUntil: number;
  status: TruckStatusCode;
  statusTime: number;
  shown: Shown;
  /** The status row needs writing and publishing (a report fell due, or status or alarm changed). */
  rowDirty: boolean;
  lastRowKey: string;
  nextReport: number;
  nextPosition: number;
  nextHeartbeat: number;
  nextSample: number;
  /** The device's heartbeat module: its failures and its last heartbeat. */
  readonly beat: HeartbeatState;
  /** Moving at the last step: the fix taken when the truck stops is stored too. */
  wasMoving: boolean;
  shiftStart: number;
  shiftEnd: number;
  shiftKm: number;
  workAlarmed: boolean;
  speeding: Speeding | null;
  stopAlarmed: boolean;
  cover: { readonly compartment: number; readonly start: number; readonly until: number } | null;
  day: number;
  dayKm: number;
  dayDriveMs: number;
  /** What the device has uploaded since the China day began. */
  uploads: DayUploads;
}

const HOUR = 3_600_000;
const CHINA_OFFSET = 8 * HOUR;

/** A shift's planned length: mostly 6–9 hours; one in twenty drivers stays on for 11–13 (which ends in a 203). */
export function shiftMinutes(rng: Rng): number {
  return rng.chance(0.05) ? rng.int(11 * 60, 13 * 60) : rng.int(6 * 60, 9 * 60);
}

/** Days counted in China time, where the fleet's day (and its mileage report) turns over. */
export function chinaDay(time: number): number {
  return Math.floor((time + CHINA_OFFSET) / (24 * HOUR));
}

export function hasLoad(t: TruckSim): boolean {
  if (t.tanks.length === 0) return t.cargo;
  for (const tank of t.tanks) if (tank.vt > 0) return true;
  return false;
}

/** Status code from the state: offline 0; alarm 3 for a while after an alarm; stopped 4 when parked; loaded 2; else empty 1. */
export function statusOf(t: TruckSim, now: number): TruckStatusCode {
  if (!t.online) return TRUCK_STATUS.offline;
  if (t.alarmUntil > now) return TRUCK_STATUS.alarm;
  if (t.phase === 'parked' || t.phase === 'roadStop') return TRUCK_STATUS.stopped;
  return hasLoad(t) ? TRUCK_STATUS.loaded : TRUCK_STATUS.empty;
}

/** The truck's process state now, as the events it writes are stamped. */
export function processOf(t: Pick<TruckSim, 'phase'>): ProcessState {
  return PHASE_PROCESS[t.phase];
}

/**
 * The volume compartment `index` reports: its level (what the probe measures) read through the confirmed tank table,
 * or the true volume when the device has none.
 */
export function gaugedVt(t: Pick<TruckSim, 'gauge'>, index: number, tank: Pick<Tank, 'vt' | 'capacity'>): number {
  const vt = roundVt(tank.vt);
  if (!t.gauge || vt <= 0) return vt;
  const volume = volumeAt(t.gauge, index + 1, levelMm(vt, tank.capacity));
  return volume === undefined ? vt : roundVt(volume);
}

function tankUnchanged(t: TruckSim, index: number, tank: Tank, shown: TankInventory | undefined): boolean {
  return shown !== undefined && shown.vt === gaugedVt(t, index, tank) && shown.oilCode === tank.oilCode
    && shown.temperature === Math.round(tank.temperature * 10) / 10 && shown.sealed === tank.sealed;
}

function zoneUnchanged(zone: ColdZone, shown: TankInventory | undefined): boolean {
  return shown !== undefined && shown.temperature === zone.temperature && shown.humidity === zone.humidity;
}

/** Whether the row already shows every tank and cold compartment as they are: most reports change none. */
function inventoryUnchanged(t: TruckSim): boolean {
  const shown = t.shown.tanks;
  for (let i = 0; i < t.tanks.length; i += 1) {
    const tank = t.tanks[i];
    if (!tank || !tankUnchanged(t, i, tank, shown[i + 1])) return false;
  }
  for (let i = 0; i < t.cold.length; i += 1) {
    const zone = t.cold[i];
    if (!zone || !zoneUnchanged(zone, shown[i + 1])) return false;
  }
  return t.tanks.length + t.cold.length > 0;
}

/**
 * The status row's inventory: per tank its Vt, level, V20, temperature, capacity and seal; a refrigerated truck's cold
 * compartments carry no volume (oilCode −1, Vt 0), only temperature and humidity. The shown map is kept while nothing changed.
 */
export function inventoryMap(t: TruckSim): Readonly<Record<string, TankInventory>> {
  if (inventoryUnchanged(t)) return t.shown.tanks;
  const map: Record<string, TankInventory> = {};
  t.tanks.forEach((tank, i) => {
    const vt = gaugedVt(t, i, tank);
    const temperature = Math.round(tank.temperature * 10) / 10;
    const level = levelMm(roundVt(tank.vt), tank.capacity);
    map[String(i + 1)] = {
      oilCode: tank.oilCode, vt, levelMm: level, v20: v20(vt, temperature, tank.oilCode), temperature, capacity: tank.capacity, sealed: tank.sealed,
    };
  });
  t.cold.forEach((zone, i) => {
    map[String(i + 1)] = { oilCode: OTHER, vt: 0, temperature: zone.temperature, humidity: zone.humidity };
  });
  return map;
}

export function rowKey(t: Pick<TruckSim, 'status' | 'alarmText' | 'gpsTime' | 'statusTime' | 'shown'>): string {
  const s = t.shown;
  return `${t.status}|${t.alarmText}|${t.gpsTime}|${t.statusTime}|${s.speed}|${s.area}|${s.lat}|${s.lng}|${s.heading}|${JSON.stringify(s.tanks)}`;
}

/**
 * The row as the status socket sends it, with its company for the socket's per-user filter. Its fix is the shown one,
 * as truckLive stores it (report() rounds it), so a published row and the same row read back agree; a truck that has
 * not reported yet has no fix to send, as statusRows leaves it out too.
 */
export function statusRow(t: TruckSim): PublishedRow {
  const s = t.shown;
  const fix = t.gpsTime === null ? {} : { lat: s.lat, lng: s.lng, heading: s.heading };
  return {
    companyCode: t.spec.companyCode,
    row: {
      truckId: t.spec.id, status: t.status, signCode: t.spec.signCode, truckCompany: t.spec.companyName, alarm: t.alarmText,
      gpsTime: t.gpsTime, statusTime: t.statusTime, speed: s.speed, area: s.area, lastIventoryMap: s.tanks, ...fix,
    },
  };
}

/** A position report: the row shows where the truck is now, and its fix time moves on. */
export function report(t: TruckSim, now: number): void {
  transmitted(t.uploads, 'statusReports', now);
  t.gpsTime = now;
  t.shown = {
    lat: roundCoord(t.lat), lng: roundCoord(t.lng), speed: Math.round(t.speed), heading: t.heading, area: t.area, tanks: inventoryMap(t),
  };
  t.rowDirty = true;
}
