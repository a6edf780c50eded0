// The live alarm of the alarm socket and /alarmInfo, a union on `type` with typed properties, and its parser (spec §3).
import { isAlarmTypeId, type AlarmTypeId } from '../alarm-types';
import type { WireTime } from './entities';
import { isFiniteNumber, isRecord, isSafeInteger, isSeq, isWireTime, readText, type JsonRecord } from './guards';

interface AlarmOf<T extends AlarmTypeId, P> {
  readonly type: T;
  readonly signCode: string;
  readonly startTime: WireTime;
  readonly truckId: number;
  readonly insertTime: WireTime;
  readonly remark: string;
  /** Our extension: increases monotonically per server, so a reconnecting client can ask for what it missed. */
  readonly seq?: number;
  readonly properties: P;
}

/** 202 high loss or gain over a trip. Loss has 2 decimals; rate and threshold are shown ×1000 (per mille). */
export interface HighLossProperties {
  readonly loss: number;
  readonly lossRate: number;
  readonly highLossRateThreshold: number;
  readonly startTime: WireTime;
  readonly endTime: WireTime;
  readonly startArea: string;
  readonly endArea: string;
  readonly signCode: string;
}

/** 203 overlong working hours. */
export interface OverlongWorkProperties {
  readonly companyName: string;
  /** Design: minutes, shown with the minutes-mode duration formatter. */
  readonly driverWorkingDuration: number;
  readonly driver: { readonly name: string };
}

/** 205 abnormal oil: what the task planned against what was loaded. */
export interface AbnormalOilProperties {
  readonly taskCode: string;
  readonly tankSequence: number;
  readonly oilCode: number;
  readonly mass: number;
  readonly actualOilCode: number;
  readonly actualMass: number;
}

type TypedAlarmTypeId = 202 | 203 | 205;
type GenericAlarmTypeId = Exclude<AlarmTypeId, TypedAlarmTypeId>;

type HighLossAlarm = AlarmOf<202, HighLossProperties>;
type OverlongWorkAlarm = AlarmOf<203, OverlongWorkProperties>;
type AbnormalOilAlarm = AlarmOf<205, AbnormalOilProperties>;
/** Every other type: properties are whatever the device reported, untyped. */
export type GenericAlarm = AlarmOf<GenericAlarmTypeId, JsonRecord>;

export type LiveAlarm = HighLossAlarm | OverlongWorkAlarm | AbnormalOilAlarm | GenericAlarm;

function parseHighLoss(p: JsonRecord): HighLossProperties | undefined {
  const { loss, lossRate, highLossRateThreshold, startTime, endTime, signCode } = p;
  const startArea = readText(p['startArea']);
  const endArea = readText(p['endArea']);
  if (!isFiniteNumber(loss) || !isFiniteNumber(lossRate) || !isFiniteNumber(highLossRateThreshold)) return undefined;
  if (!isWireTime(startTime) || !isWireTime(endTime) || typeof signCode !== 'string') return undefined;
  if (startArea === undefined || endArea === undefined) return undefined;
  return { loss, lossRate, highLossRateThreshold, startTime, endTime, startArea, endArea, signCode };
}

function parseOverlongWork(p: JsonRecord): OverlongWorkProperties | undefined {
  const { driverWorkingDuration, driver } = p;
  const companyName = readText(p['companyName']);
  if (companyName === undefined || !isFiniteNumber(driverWorkingDuration) || !isRecord(driver)) return undefined;
  const name = readText(driver['name']);
  return name === undefined ? undefined : { companyName, driverWorkingDuration, driver: { name } };
}

function parseAbnormalOil(p: JsonRecord): AbnormalOilProperties | undefined {
  const { taskCode, tankSequence, oilCode, mass, actualOilCode, actualMass } = p;
  if (typeof taskCode !== 'string' || !isSafeInteger(tankSequence)) return undefined;
  if (!isFiniteNumber(oilCode) || !isFiniteNumber(actualOilCode)) return undefined;
  if (!isFiniteNumber(mass) || !isFiniteNumber(actualMass)) return undefined;
  return { taskCode, tankSequence, oilCode, mass, actualOilCode, actualMass };
}

/**
 * Checks every field of an untrusted alarm and returns a clean copy, or undefined. An unknown type id is
 * rejected (the console could neither label nor group it). A missing or null remark reads as empty, and
 * null or missing properties as `{}` for the untyped kinds; 202, 203 and 205 need their typed properties.
 */
export function parseLiveAlarm(value: unknown): LiveAlarm | undefined {
  if (!isRecord(value)) return undefined;
  const { type, signCode, startTime, truckId, insertTime, seq, properties } = value;
  const remark = value['remark'] === undefined ? '' : readText(value['remark']);
  if (!isAlarmTypeId(type) || typeof signCode !== 'string' || !isSafeInteger(truckId)) return undefined;
  if (!isWireTime(startTime) || !isWireTime(insertTime) || remark === undefined) return undefined;
  if (seq !== undefined && !isSeq(seq)) return undefined;
  const base = { signCode, startTime, truckId, insertTime, remark, ...(seq === undefined ? {} : { seq }) };

  if (type === 202 || type === 203 || type === 205) {
    if (!isRecord(properties)) return undefined;
    if (type === 202) {
      const typed = parseHighLoss(properties);
      return typed && { ...base, type, properties: typed };
    }
    if (type === 203) {
      const typed = parseOverlongWork(properties);
      return typed && { ...base, type, properties: typed };
    }
    const typed = parseAbnormalOil(properties);
    return typed && { ...base, type, properties: typed };
  }
  if (properties === undefined || properties === null) return { ...base, type, properties: {} };
  return isRecord(properties) ? { ...base, type, properties: { ...properties } } : undefined;
}


/**
 * What tells one alarm from another, for dedup across reconnects, stored rows, pop-up dismissals and notification tags.
 * seq identifies an alarm on our server, with type, truck and start time beside it: a recreated server database issues
 * the same seqs again for other alarms. The legacy backend sends no seq, and type, truck and start time then do.
 */
export function alarmKey(alarm: Pick<LiveAlarm, 'seq' | 'type' | 'truckId' | 'startTime'>): string {
  const identity = `${alarm.type}:${alarm.truckId}:${alarm.startTime}`;
  return alarm.seq === undefined ? `t:${identity}` : `s:${alarm.seq}:${identity}`;
}
