// The event catalogue: each kind the simulator writes to the `event` table and the JSON `data` a report reads from it.
// Times live in the row (startTime, endTime); volumes are litres (Vt, one decimal), masses kg, temperatures °C,
// levels mm, speeds km/h, areas the real-time address text ('浦东新区世纪大道'). Kinds and fields: docs/events.md.

export type LoadProcess = 'loading' | 'unloading' | 'transporting';

export interface EventData {
  /** One compartment filled at a depot (atg/meter loading, bp_task). Start: compartment started; end: full. */
  readonly load: {
    readonly taskCode: string; readonly depotCode: string; readonly depotName: string; readonly compartment: number;
    readonly oilCode: number; readonly plannedOilCode: number; readonly volume: number; readonly v20: number;
    readonly mass: number; readonly temperature: number; readonly density: number; readonly mode: 'bottom' | 'top';
    readonly area: string;
  };
  /** One compartment emptied at a station (meter_unload, atg_unload). `before`/`after` are the gauge's Vt. */
  readonly unload: {
    readonly taskCode: string; readonly stationCode: string; readonly stationName: string; readonly compartment: number;
    readonly oilCode: number; readonly volume: number; readonly v20: number; readonly before: number; readonly after: number;
    readonly temperature: number; readonly area: string;
  };
  /** A whole delivery, depot to station (oil_loss, truck_loss, alm_high_loss). lossRate = loss / loadVolume; negative is a gain. */
  readonly trip: {
    readonly taskCode: string; readonly depotName: string; readonly stationName: string; readonly oilCodes: readonly number[];
    readonly loadVolume: number; readonly unloadVolume: number; readonly loss: number; readonly lossRate: number;
    readonly startArea: string; readonly endArea: string;
  };
  /** A sprinkler's spraying run from full to empty (sprinkler_statistics). */
  readonly spray: {
    readonly volume: number; readonly distanceKm: number; readonly startArea: string; readonly endArea: string;
  };
  /** A manhole cover opened and closed (switch_cover_flow, switchCover); abnormal when it happens on the road. */
  readonly switch_cover: {
    readonly compartment: number; readonly process: LoadProcess; readonly abnormal: boolean; readonly durationSec: number;
    readonly area: string;
  };
  /** An electronic seal broken outside a depot or station (alarm_break_seal). */
  readonly seal_break: {
    readonly compartment: number; readonly process: LoadProcess; readonly area: string; readonly lat: number; readonly lng: number;
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
  /** A periodic gauge reading of every compartment while loaded (level_trend, tank_inventory). */
  readonly level: {
    readonly tanks: readonly {
      readonly compartment: number; readonly oilCode: number; readonly vt: number; readonly levelMm: number;
      readonly temperature: number;
    }[];
    readonly area: string;
  };
  /** A periodic cargo-box reading of refrigerated trucks (temp_humidity). */
  readonly temp_humidity: { readonly temperature: number; readonly humidity: number; readonly area: string };
  /** A truck's day, China time (truck_daily_mile). */
  readonly mileage: { readonly date: string; readonly km: number; readonly drivingMin: number };
  /** A driver's shift from sign-on to sign-off (sign_dura). */
  readonly sign: { readonly driverName: string; readonly driverCode: string; readonly workMin: number; readonly km: number };
  /** The console powered up with the ignition (bz_bootup). */
  readonly bootup: { readonly voltage: number; readonly area: string };
  /** Supply voltage below 22 V on a 24 V truck (alarm_undervolitage). */
  readonly undervoltage: { readonly voltage: number; readonly area: string };
}

export type EventKind = keyof EventData;

export const EVENT_KINDS = [
  'load', 'unload', 'trip', 'spray', 'switch_cover', 'seal_break', 'parking', 'offline', 'overspeed', 'level',
  'temp_humidity', 'mileage', 'sign', 'bootup', 'undervoltage',
] as const satisfies readonly EventKind[];
