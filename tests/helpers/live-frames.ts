// Builders for live frames: valid status rows and alarms, seeded random junk, and large fleets for the benchmark.
import { TRUCK_STATUS_CODES } from '../../domain/truck-status';
import type { GenericAlarm } from '../../domain/wire/live-alarm';
import type { TruckStatusRow } from '../../domain/wire/truck-row';
import type { InboundFrame } from '../../streams/frames';

export const T0 = Date.UTC(2025, 5, 1, 2);

export function statusRow(overrides: Partial<TruckStatusRow> = {}): TruckStatusRow {
  return {
    truckId: 1,
    status: 1,
    signCode: '京A10001',
    truckCompany: '东城油品运输有限公司',
    alarm: '',
    gpsTime: T0,
    statusTime: T0,
    speed: 0,
    area: '东城区',
    lastIventoryMap: { '1': { oilCode: 92, vt: 10.2 } },
    ...overrides,
  };
}

/** A row as the legacy backend sends it: no truckId. */
export function legacyRow(overrides: Partial<Omit<TruckStatusRow, 'truckId'>> = {}): TruckStatusRow {
  const row = statusRow(overrides);
  return {
    status: row.status, signCode: row.signCode, truckCompany: row.truckCompany, alarm: row.alarm, gpsTime: row.gpsTime,
    statusTime: row.statusTime, speed: row.speed, area: row.area, lastIventoryMap: row.lastIventoryMap,
  };
}

/** An alarm as the legacy backend sends it: no seq. */
export function legacyAlarm(overrides: Partial<Omit<GenericAlarm, 'seq'>> = {}): GenericAlarm {
  const alarm = liveAlarm(overrides);
  return {
    type: alarm.type, signCode: alarm.signCode, startTime: alarm.startTime, truckId: alarm.truckId,
    insertTime: alarm.insertTime, remark: alarm.remark, properties: alarm.properties,
  };
}

export function liveAlarm(overrides: Partial<GenericAlarm> = {}): GenericAlarm {
  return {
    type: 2,
    signCode: '京A10001',
    startTime: T0,
    truckId: 1,
    insertTime: T0,
    remark: '',
    seq: 1,
    properties: {},
    ...overrides,
  };
}

export function truckFrame(rows: readonly unknown[], t = T0, snapshot = false): InboundFrame {
  return { socket: 'truck', t, text: JSON.stringify(rows), snapshot };
}

export function alarmFrame(alarm: unknown, t = T0): InboundFrame {
  return { socket: 'alarm', t, text: JSON.stringify(alarm) };
}

/** A small seeded generator (mulberry32): the same seed gives the same junk on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomValue(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * (depth > 2 ? 4 : 6));
  if (pick === 0) return Math.floor(random() * 1e6) - 5e5;
  if (pick === 1) return random().toString(36).slice(2);
  if (pick === 2) return null;
  if (pick === 3) return random() < 0.5;
  if (pick === 4) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  const object: Record<string, unknown> = {};
  for (const key of ['status', 'signCode', 'type', 'seq', 'x', 'truckId'].filter(() => random() < 0.5)) {
    object[key] = randomValue(random, depth + 1);
  }
  return object;
}

interface JunkFrame {
  readonly frame: InboundFrame;
  /** Dropped whole. */
  readonly bad: boolean;
  /** Rows dropped from a frame that is otherwise good. */
  readonly badRows: number;
}

/** A frame that is wrong in one of many ways; what the pipeline must count is known by construction. */
export function junkFrame(random: () => number, t: number): JunkFrame {
  const socket = random() < 0.5 ? 'truck' : 'alarm';
  const kind = Math.floor(random() * 6);
  const whole = (text: string): JunkFrame => ({ frame: { socket, t, text }, bad: true, badRows: 0 });
  if (kind === 0) return whole(Array.from({ length: 1 + Math.floor(random() * 40) }, () => String.fromCharCode(Math.floor(random() * 0xffff))).join(''));
  if (kind === 1) return whole(JSON.stringify([statusRow(), liveAlarm()]).slice(0, Math.floor(random() * 60)));
  if (kind === 2) return whole(socket === 'truck' ? JSON.stringify({ rows: [statusRow()] }) : JSON.stringify([liveAlarm()]));
  if (kind === 3) return whole(socket === 'truck' ? JSON.stringify(null) : JSON.stringify({ ...liveAlarm(), type: 999 }));
  if (kind === 4 && socket === 'alarm') return whole(JSON.stringify({ ...liveAlarm(), startTime: '', seq: -1 }));
  if (kind === 4) return whole(JSON.stringify({ rows: randomValue(random) }));
  // A status frame whose rows are all junk is a good frame with bad rows; on the alarm socket it is bad whole.
  const rows = Array.from({ length: 1 + Math.floor(random() * 5) }, () => randomValue(random, 1));
  if (socket === 'alarm') return whole(JSON.stringify(randomValue(random)));
  return { frame: { socket, t, text: JSON.stringify(rows) }, bad: false, badRows: rows.length };
}

const OIL_CODES = [92, 95, 0, -10, -1] as const;

/** `count` trucks with two to four tanks each, statuses spread over the five codes. */
export function bigFleet(count: number, random: () => number): TruckStatusRow[] {
  return Array.from({ length: count }, (_, i) => {
    const tanks: Record<string, { oilCode: number; vt: number }> = {};
    const tankCount = 2 + (i % 3);
    for (let n = 1; n <= tankCount; n += 1) {
      tanks[String(n)] = { oilCode: OIL_CODES[(i + n) % OIL_CODES.length] ?? 92, vt: Math.round(random() * 8000) / 100 };
    }
    return statusRow({
      truckId: i + 1,
      status: TRUCK_STATUS_CODES[i % TRUCK_STATUS_CODES.length] ?? 0,
      signCode: `京${String.fromCharCode(65 + (i % 26))}${String(10000 + i).padStart(5, '0')}`,
      speed: Math.round(random() * 90),
      area: `区域${i % 97}`,
      lastIventoryMap: tanks,
    });
  });
}
