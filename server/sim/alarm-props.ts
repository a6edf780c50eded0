// Alarms as the simulator raises them: their rates, and properties shaped as the wire contract types them (202, 203, 205).
import type { AlarmTypeId } from '../../domain/alarm-types';
import { DEFAULT_LIMITS } from '../thresholds/threshold-snapshot';
import type { AbnormalOilProperties, HighLossProperties, OverlongWorkProperties } from '../../domain/wire/live-alarm';
import type { NewAlarm } from '../store/alarms';
import { roundCoord } from './city';
import type { TruckSpec } from './fleet';

/** Where and how the truck was when the alarm fired; every alarm's properties carry it. */
interface AlarmSubject {
  readonly spec: TruckSpec;
  readonly lat: number;
  readonly lng: number;
  readonly speed: number;
  readonly area: string;
}

/**
 * The defaults of a company's thresholds (docs/thresholds.md): the detection reads each company's own from its
 * threshold rows (server/sim/thresholds.ts); these stay for what has no company to ask (POST /sim/alarm's made-up alarms).
 */
export const SPEED_LIMIT = DEFAULT_LIMITS.overspeedKmh;
/** The device's own overspeed alarm (45) fires above this, whatever the company's threshold for the platform's (2). */
export const DEVICE_SPEED_LIMIT = 90;
export const OVERLONG_WORK_MIN = DEFAULT_LIMITS.overlongWorkMin;

/**
 * Alarms that strike at random while driving, per driving hour at alarmRate 1. ADAS events (8–37) dominate,
 * as on real fleets; the urgent buttons (44, 201) are pressed a few times a month across a fleet.
 */
export const DRIVING_ALARM_RATES: readonly (readonly [AlarmTypeId, number])[] = [
  [8, 0.03],
  ...([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37] as const).map(
    (id) => [id, 0.01] as const,
  ),
  [5, 0.05],
  [6, 0.03],
  [206, 0.01],
  [44, 0.004],
  [201, 0.003],
];

export const DRIVING_ALARM_TOTAL = DRIVING_ALARM_RATES.reduce((sum, [, rate]) => sum + rate, 0);

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function base(s: AlarmSubject): Record<string, unknown> {
  return { area: s.area, lat: roundCoord(s.lat), lng: roundCoord(s.lng), speed: Math.round(s.speed) };
}

function alarm(s: AlarmSubject, type: AlarmTypeId, time: number, properties: Readonly<Record<string, unknown>>, remark = ''): NewAlarm {
  return { type, truckId: s.spec.id, signCode: s.spec.signCode, companyCode: s.spec.companyCode, startTime: time, remark, properties };
}

/** Any type without typed properties: position and speed, plus what the caller knows (compartment, durations…). */
export function genericAlarm(s: AlarmSubject, type: AlarmTypeId, time: number, extra: Readonly<Record<string, unknown>> = {}, remark = ''): NewAlarm {
  return alarm(s, type, time, { ...base(s), ...extra }, remark);
}

interface TripFacts {
  readonly loadVolume: number;
  readonly loss: number;
  readonly startTime: number;
  readonly endTime: number;
  readonly startArea: string;
  readonly endArea: string;
}

/** `time`: the trip's start when a trip event goes with it (the console finds the row by truck and startTime). */
export function highLossAlarm(s: AlarmSubject, trip: TripFacts, time: number, threshold = DEFAULT_LIMITS.highLossRate): NewAlarm {
  const lossRate = trip.loadVolume > 0 ? trip.loss / trip.loadVolume : 0;
  const properties = {
    loss: round(trip.loss, 2),
    lossRate: round(lossRate, 6),
    highLossRateThreshold: threshold,
    startTime: trip.startTime,
    endTime: trip.endTime,
    startArea: trip.startArea,
    endArea: trip.endArea,
    signCode: s.spec.signCode,
  } satisfies HighLossProperties;
  const remark = trip.loss >= 0 ? `损耗 ${properties.loss} L` : `溢出 ${-properties.loss} L`;
  return alarm(s, 202, time, properties, remark);
}

export function overlongWorkAlarm(s: AlarmSubject, time: number, minutes: number): NewAlarm {
  const properties = {
    companyName: s.spec.companyName,
    driverWorkingDuration: Math.round(minutes),
    driver: { name: s.spec.driverName },
  } satisfies OverlongWorkProperties;
  return alarm(s, 203, time, properties, `${s.spec.driverName} 已连续工作 ${Math.round(minutes)} 分钟`);
}

export function abnormalOilAlarm(s: AlarmSubject, time: number, facts: AbnormalOilProperties): NewAlarm {
  const properties = {
    taskCode: facts.taskCode,
    tankSequence: facts.tankSequence,
    oilCode: facts.oilCode,
    mass: round(facts.mass, 1),
    actualOilCode: facts.actualOilCode,
    actualMass: round(facts.actualMass, 1),
  } satisfies AbnormalOilProperties;
  return alarm(s, 205, time, properties);
}

/** `platformLimit`: the company's overspeed threshold, for the platform's alarm (2). */
export function overspeedAlarm(s: AlarmSubject, type: 2 | 45, time: number, platformLimit = SPEED_LIMIT): NewAlarm {
  const limit = type === 45 ? DEVICE_SPEED_LIMIT : platformLimit;
  return genericAlarm(s, type, time, { limit }, `车速 ${Math.round(s.speed)} km/h，限速 ${limit} km/h`);
}
