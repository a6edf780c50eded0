// The event catalogue: each kind the simulator writes to the `event` table and the JSON `data` a report reads from it.
// Times live in the row (startTime, endTime); volumes are litres (Vt, one decimal), masses kg, temperatures °C,
// levels mm, pressures kPa, speeds km/h, areas the real-time address text ('浦东新区世纪大道'). Screens per kind:
// docs/events.md. oilCode per params spec §9: above 0 gasoline, 0 diesel, −1 other (water). `process` is the truck's
// process state when the event happened (domain/process-states.ts).
import type { ProcessState, TransferProcess } from './process-states';

/** One compartment's gauge reading (tank inventory record, params spec §3.2). */
export interface TankReading {
  readonly compartment: number;
  readonly oilCode: number;
  /** What the probe measured, before tilt and temperature correction. */
  readonly rawLevelMm: number;
  /** The corrected level the volume is computed from. */
  readonly levelMm: number;
  readonly vt: number;
  /** Volume at 20 °C. */
  readonly v20: number;
  readonly temperature: number;
  /** kg/L at 20 °C. */
  readonly density: number;
  readonly tiltDeg: number;
  /** Water at the bottom of the compartment. */
  readonly waterMm: number;
}

/** One compartment's balance over a delivery. lossRate = loss / loaded; negative is a gain. */
export interface CompartmentBalance {
  readonly compartment: number;
  readonly oilCode: number;
  /** Vt when the compartment was full at the depot. */
  readonly loaded: number;
  /** Vt on arrival at the station, before unloading. */
  readonly arrived: number;
  /** What went into the station's tank: arrived minus what stayed in the compartment. */
  readonly delivered: number;
  /** loaded − arrived: what the road cost. */
  readonly loss: number;
  readonly lossRate: number;
}

export type DeviceKind = 'probe' | 'seal' | 'meter' | 'valve' | 'controller';

export interface EventData {
  /**
   * One compartment filled at a depot against its task (atg/meter loading, bp_task, bz_abnormal_oil_loading). oilCode
   * and mass are the task's plan, actual* what went in; abnormal when they differ (205 fires with the same startTime).
   */
  readonly load: {
    readonly taskCode: string; readonly tankSequence: number; readonly depotCode: string; readonly depotName: string;
    readonly compartment: number; readonly oilCode: number; readonly mass: number; readonly actualOilCode: number;
    readonly actualMass: number; readonly abnormal: boolean; readonly volume: number; readonly v20: number;
    readonly temperature: number; readonly density: number; readonly mode: 'bottom' | 'top';
    readonly meterNo: string | null; readonly meterVolume: number | null; readonly area: string;
  };
  /** One compartment emptied at a station (meter_unload, atg_unload). `before`/`after` are the gauge's Vt; meter* null without a meter. */
  readonly unload: {
    readonly taskCode: string; readonly stationCode: string; readonly stationName: string; readonly compartment: number;
    readonly oilCode: number; readonly volume: number; readonly v20: number; readonly before: number; readonly after: number;
    readonly temperature: number; readonly meterNo: string | null; readonly meterVolume: number | null; readonly area: string;
  };
  /** A whole delivery, depot to station (oil_loss, truck_loss, level_change, alm_high_loss). 202 fires with the same startTime. */
  readonly trip: {
    readonly taskCode: string; readonly depotName: string; readonly stationName: string; readonly oilCodes: readonly number[];
    readonly loadVolume: number; readonly unloadVolume: number; readonly deliveredVolume: number; readonly loss: number;
    readonly lossRate: number;
    readonly highLossRateThreshold: number; readonly abnormal: boolean; readonly compartments: readonly CompartmentBalance[];
    readonly startArea: string; readonly endArea: string;
  };
  /** A sprinkler's spraying run from full to empty (sprinkler_statistics). */
  readonly spray: {
    readonly volume: number; readonly distanceKm: number; readonly startArea: string; readonly endArea: string;
  };
  /**
   * A sprinkler's compartment filled with water at its yard (sprinkler_inventory): `takenOn` L went in, from `before`
   * to `after` L on board. Not a `load`: that is a fuel tanker's delivery task, and the fuel screens read it.
   */
  readonly water_fill: {
    readonly compartment: number; readonly takenOn: number; readonly before: number; readonly after: number; readonly siteName: string;
    readonly area: string;
  };
  /** A manhole cover opened and closed (switch_cover_flow, switchCover); abnormal on the road, when 1 fires with the same startTime. */
  readonly switch_cover: {
    readonly compartment: number; readonly process: ProcessState; readonly abnormal: boolean; readonly durationSec: number;
    readonly area: string;
  };
  /** An electronic seal broken outside a depot or station (alarm_break_seal). */
  readonly seal_break: {
    readonly compartment: number; readonly process: ProcessState; readonly area: string; readonly lat: number; readonly lng: number;
  };
  /** A stop with the engine off or idling (parking_source, alarm_parking); inPark false for roadside stops. */
  readonly parking: {
    readonly inPark: boolean; readonly parkName: string; readonly durationMin: number; readonly area: string;
    readonly lat: number; readonly lng: number;
  };
  /** A spell without reports (alarm_off_line, off_line_analysis). Start: last fix; end: back online. */
  readonly offline: {
    readonly durationMin: number; readonly area: string; readonly lat: number; readonly lng: number; readonly lastGpsTime: number;
  };
  /** An overspeed episode (alarm_over_speed). */
  readonly overspeed: {
    readonly maxSpeed: number; readonly limit: number; readonly durationSec: number; readonly area: string;
  };
  /** A periodic gauge reading of every compartment while loaded (tank_inventory, level_trend, real_tank_inventory). */
  readonly level: { readonly tanks: readonly TankReading[]; readonly process: ProcessState; readonly area: string };
  /** A periodic reading of one cold compartment of a refrigerated truck (temp_humidity, alarm_temp_hum). */
  readonly temp_humidity: {
    readonly compartment: number; readonly temperature: number; readonly humidity: number; readonly minTemperature: number;
    readonly maxTemperature: number; readonly maxHumidity: number; readonly abnormal: boolean; readonly area: string;
  };
  /** A truck's day, China time (truck_daily_mile). */
  readonly mileage: { readonly date: string; readonly km: number; readonly drivingMin: number };
  /** A driver's shift from sign-on to sign-off (sign_dura). */
  readonly sign: { readonly driverName: string; readonly driverCode: string; readonly workMin: number; readonly km: number };
  /** The console powered up with the ignition (bz_bootup). */
  readonly bootup: { readonly voltage: number; readonly area: string };
  /** Supply voltage below 22 V on a 24 V truck (alarm_undervolitage). */
  readonly undervoltage: { readonly voltage: number; readonly area: string };
  /** The emergency shut-off valve closed or opened again (emergency_shut_off_valve); compartment null: all of them. */
  readonly emergency_valve: {
    readonly compartment: number | null; readonly action: 'close' | 'open'; readonly process: ProcessState;
    readonly area: string; readonly lat: number; readonly lng: number;
  };
  /** A compartment checked after unloading (empty, alarm_not_empty): empty when at most EMPTY_TOLERANCE_L is left. */
  readonly empty_check: {
    readonly taskCode: string; readonly compartment: number; readonly oilCode: number; readonly residualVt: number;
    readonly residualLevelMm: number; readonly empty: boolean; readonly stationName: string; readonly area: string;
  };
  /** A flow meter's state at power-up (meter_status); totaliser in litres. */
  readonly meter_status: {
    readonly meterNo: string; readonly state: 'normal' | 'fault' | 'offline'; readonly totaliser: number; readonly area: string;
  };
  /** One metered transfer of a compartment (flow_change); volume = endTotaliser − startTotaliser. */
  readonly flow_change: {
    readonly taskCode: string; readonly meterNo: string; readonly compartment: number; readonly oilCode: number;
    readonly startTotaliser: number; readonly endTotaliser: number; readonly volume: number;
    readonly process: TransferProcess; readonly area: string;
  };
  /** The console's supply switched (switch_electricity). */
  readonly power: {
    readonly action: 'on' | 'off'; readonly source: 'ignition' | 'main_switch'; readonly voltage: number; readonly area: string;
  };
  /** A compartment lock opened (useing_open); a mechanical key bypasses the authorisation. */
  readonly lock_open: {
    readonly compartment: number; readonly method: 'card' | 'password' | 'remote' | 'key'; readonly operator: string;
    readonly authorized: boolean; readonly process: ProcessState; readonly area: string;
  };
  /** A refrigerated box's door opened and closed (box_door); abnormal on the road. */
  readonly box_door: {
    readonly door: 'rear' | 'side'; readonly openSec: number; readonly process: ProcessState; readonly abnormal: boolean;
    readonly area: string;
  };
  /** A compartment set to another product (switch_variety). */
  readonly product_change: {
    readonly compartment: number; readonly fromOilCode: number; readonly toOilCode: number; readonly process: ProcessState;
    readonly area: string;
  };
  /** A compartment's vapour pressure reported by its sensor (bz_pressure, alarm_high_pressure); abnormal above the limit. */
  readonly pressure: {
    readonly compartment: number; readonly oilCode: number; readonly pressureKpa: number; readonly limitKpa: number;
    readonly abnormal: boolean; readonly process: ProcessState; readonly area: string;
  };
  /** A dispatcher changed a task after it was issued (bp_modify_record, bp_task_exceptions); tankSequence null: the whole task. */
  readonly task_modify: {
    readonly taskCode: string; readonly tankSequence: number | null; readonly field: 'oilCode' | 'mass' | 'station';
    readonly oldValue: string | number; readonly newValue: string | number; readonly operator: string; readonly reason: string;
  };
  /** Water found in the unloading pipe before a compartment is unloaded (alarm_pipe_water); 3 fires with the same startTime. */
  readonly pipe_water: {
    readonly compartment: number; readonly waterMm: number; readonly waterVolume: number; readonly process: ProcessState;
    readonly area: string;
  };
  /**
   * Heartbeats resumed after a silence longer than HEARTBEAT_OVERTIME_MS while the truck stayed online (the device-health
   * screens). Start: the last heartbeat before the silence; end: the resumed one, whose voltage (V) this is.
   */
  readonly heartbeat_gap: { readonly gapMin: number; readonly voltage: number; readonly area: string };
  /**
   * What a truck's device uploaded over one China day (upload_statistic), written at the day's turnover for days it sent
   * anything: status reports, fixes stored, heartbeats, event rows and alarms, and the day's first and last transmission.
   */
  readonly upload: {
    readonly date: string; readonly statusReports: number; readonly positions: number; readonly heartbeats: number;
    readonly events: number; readonly alarms: number; readonly firstTime: number; readonly lastTime: number;
  };
  /** An on-board device failed (device_alarm); start: the fault; end: recovery, null when it outlasted the shift. */
  readonly device_fault: {
    readonly device: DeviceKind; readonly deviceNo: string; readonly faultCode: number; readonly recovered: boolean;
    readonly area: string;
  };
}

export type EventKind = keyof EventData;

export const EVENT_KINDS = [
  'load', 'unload', 'trip', 'spray', 'water_fill', 'switch_cover', 'seal_break', 'parking', 'offline', 'overspeed', 'level',
  'temp_humidity', 'mileage', 'sign', 'bootup', 'undervoltage', 'emergency_valve', 'empty_check', 'meter_status',
  'flow_change', 'power', 'lock_open', 'box_door', 'product_change', 'pressure', 'task_modify', 'pipe_water', 'device_fault',
  'heartbeat_gap', 'upload',
] as const satisfies readonly EventKind[];

/** The kinds whose data carries the truck's `process`. */
type ProcessKind = { [K in EventKind]: 'process' extends keyof EventData[K] ? K : never }[EventKind];

/** Every kind with a `process`, named once: a kind that gains or loses one without this table changing does not compile. */
const PROCESS_KINDS: { readonly [K in ProcessKind]: true } = {
  switch_cover: true, seal_break: true, level: true, emergency_valve: true, flow_change: true, lock_open: true, box_door: true,
  product_change: true, pressure: true, pipe_water: true,
};

/** Whether rows of this kind carry a process: a report over only such kinds shows and filters it. */
export function carriesProcess(kind: EventKind): kind is ProcessKind {
  return Object.hasOwn(PROCESS_KINDS, kind);
}

/** A loss rate beyond ±3‰ is a high loss or gain (202, alm_high_loss). */
export const HIGH_LOSS_RATE = 0.003;
/** Litres a compartment may keep after unloading and still count as empty (gauge noise, wetted walls). */
export const EMPTY_TOLERANCE_L = 5;

export function isEventKind(value: unknown): value is EventKind {
  return typeof value === 'string' && (EVENT_KINDS as readonly string[]).includes(value);
}
