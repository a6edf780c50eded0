// How a truck's simulated state begins: from its live row (seeded, backfilled or left by a previous run), or at its yard.
import { TRUCK_STATUS, isTruckStatusCode } from '../../domain/truck-status';
import { isRecord, type JsonRecord } from '../../domain/wire/guards';
import type { Row } from '../db/schema';
import { areaAt, cellOf, distanceKm, offsetKm } from './city';
import type { TruckSpec } from './fleet';
import { heartbeatState } from './heartbeat-module';
import { Rng, hashSeed } from './random';
import { SEED_EPOCH } from './fleet-seed';
import { pickProduct } from './tanks';
import { chinaDay, inventoryMap, rowKey, shiftMinutes, type ColdZone, type Meter, type Tank, type TruckSim } from './truck-sim';
import { noUploads } from './uploads';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** The air's mean temperature: where a tank or cold box without a stored reading starts. */
const MEAN_AIR = 18;

function readInventory(json: string): JsonRecord {
  try {
    const value: unknown = JSON.parse(json);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

function readNumber(entry: unknown, key: string): number | undefined {
  const value = isRecord(entry) ? entry[key] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * A meter's totaliser grows by about a day's deliveries per day since the fleet's epoch, from a start fixed by the plate,
 * so a restarted simulator carries on near where the last one left it.
 */
function meters(spec: TruckSpec, now: number): Meter[] {
  const start = 400_000 + (hashSeed('totaliser', spec.signCode) % 600_000);
  const since = Math.max(0, (now - SEED_EPOCH) / DAY) * 25_000;
  return Array.from({ length: spec.meters }, (_, i) => ({ no: `FM${String(spec.id).padStart(6, '0')}${i + 1}`, totaliser: Math.round(start + since) }));
}

/** Frozen (−18 °C) and chilled (4 °C) alternate over a truck's cold compartments. */
function coldZones(spec: TruckSpec, stored: JsonRecord, rng: Rng): ColdZone[] {
  return Array.from({ length: spec.coldZones }, (_, i) => {
    const frozen = (spec.id + i) % 2 === 0;
    const setPoint = frozen ? -18 : 4;
    const entry = stored[String(i + 1)];
    return {
      setPoint, minTemperature: frozen ? -25 : 0, maxTemperature: frozen ? -15 : 8, maxHumidity: 95,
      temperature: readNumber(entry, 'temperature') ?? setPoint, humidity: readNumber(entry, 'humidity') ?? rng.int(70, 88), warmUntil: 0,
    };
  });
}

/** Picks up where the live row left off (seeded, backfilled, or a previous run), with a stream of randomness per truck. */
export function createTruckSim(spec: TruckSpec, live: Row<'truckLive'> | undefined, seed: number | string, now: number): TruckSim {
  const rng = new Rng(hashSeed(seed, 'truck', spec.id));
  // A live row from later than `now` (the backfill starts 30 days back) must not put times in the future.
  const past = (time: number | null | undefined): number | null => (time === null || time === undefined ? null : Math.min(time, now));
  const stored = readInventory(live?.inventory ?? '{}');
  const tanks: Tank[] = spec.tanks.map((capacity, i) => {
    const entry = stored[String(i + 1)];
    const oilCode = readNumber(entry, 'oilCode') ?? pickProduct(spec.model, rng);
    const vt = Math.min(capacity, Math.max(0, readNumber(entry, 'vt') ?? 0));
    const temperature = readNumber(entry, 'temperature') ?? MEAN_AIR;
    // A cover left open stays open across a restart; a row without the seal (seeded, older) is sealed when loaded.
    const kept = isRecord(entry) ? entry['sealed'] : undefined;
    const sealed = typeof kept === 'boolean' ? kept : vt > 0;
    return { capacity, oilCode, plannedOilCode: oilCode, vt, target: 0, before: 0, loaded: vt, residual: 0, lossRate: 0, temperature, sealed };
  });
  const cold = coldZones(spec, stored, rng);
  const pos = live ?? offsetKm(spec.home, rng.float(-0.15, 0.15), rng.float(-0.15, 0.15));
  const status = live && isTruckStatusCode(live.status) ? live.status : TRUCK_STATUS.stopped;
  const online = status !== TRUCK_STATUS.offline;
  // The live row has no phase: a truck stopped or offline in its yard is parked; anywhere else it is on a job.
  const active = distanceKm(pos, spec.home) > 1 || status === TRUCK_STATUS.empty || status === TRUCK_STATUS.loaded || status === TRUCK_STATUS.alarm;
  const shiftStart = now - rng.int(0, 2 * 60) * MIN;
  const area = live?.area || areaAt(pos);
  const t: TruckSim = {
    spec, rng,
    phase: active ? 'idle' : 'parked', since: now,
    until: active ? now + rng.int(0, 8) * MIN : now + rng.int(0, 8 * 60) * MIN, resume: 'idle',
    lat: pos.lat, lng: pos.lng, heading: live?.heading ?? rng.int(0, 359), speed: 0,
    cruise: spec.model === 'sprinkler' ? rng.float(35, 45) : rng.float(45, 62),
    area, cell: cellOf(pos), route: null, dest: null, tanks, meters: meters(spec, now), cold, fault: null, mainSwitchOff: false,
    cargo: spec.tanks.length === 0 && status === TRUCK_STATUS.loaded,
    tankIndex: 0, stepStart: now, trip: null, tasks: 0,
    online, offlineSince: past(live?.gpsTime) ?? now, offlineUntil: online ? 0 : now + rng.int(10, 6 * 60) * MIN,
    gpsTime: past(live?.gpsTime), alarmText: live?.alarm ?? '', alarmUntil: 0,
    status, statusTime: past(live?.statusTime) ?? now,
    shown: {
      lat: pos.lat, lng: pos.lng, speed: live?.speed ?? 0, heading: live?.heading ?? 0, area, tanks: {},
    },
    rowDirty: false, lastRowKey: '',
    // Staggered, so a tick carries a slice of the fleet's reports rather than all of them at once.
    nextReport: now + rng.int(0, 29) * 1000, nextPosition: now, nextHeartbeat: now + rng.int(0, 299) * 1000,
    nextSample: now + rng.int(0, 29) * MIN, beat: heartbeatState(spec.heartbeatFault, seed, spec.id, now), wasMoving: false,
    shiftStart, shiftEnd: shiftStart + shiftMinutes(rng) * MIN, shiftKm: 0, workAlarmed: false,
    speeding: null, stopAlarmed: false, cover: null, day: chinaDay(now), dayKm: 0, dayDriveMs: 0,
    uploads: noUploads(),
  };
  t.shown.tanks = inventoryMap(t);
  if (!online && t.phase === 'parked') t.until = Math.max(t.until, t.offlineUntil);
  // An alarm text left over from an earlier run ends with its window; the next report clears it.
  if (t.alarmText !== '') t.alarmUntil = now + rng.int(1, 5) * MIN;
  // A stored row without every reading this run shows (seeded, or from an older version) is written again at the truck's
  // first report, so a parked truck's compartments show their level, V20 and temperature too.
  t.lastRowKey = live && JSON.stringify(t.shown.tanks) === live.inventory ? rowKey(t) : '';
  if (!live) t.rowDirty = true;
  return t;
}
