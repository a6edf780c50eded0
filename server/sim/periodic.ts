// A truck's clockwork outputs: position reports, stored positions, heartbeats, gauge and cold-box readings, daily mileage.
import { roundCoord } from './city';
import type { SimSink } from './engine';
import type { SimContext } from './moves';
import { coldReadings } from './cold-box';
import { levelReading } from './gauge';
import { DRIVING, chinaDay, report, type TruckSim } from './truck-sim';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const REPORT_MOVING_MS = 30_000;
const REPORT_STILL_MS = 60_000;
const REPORT_PARKED_MS = 5 * MIN;
const HEARTBEAT_MS = 5 * MIN;
/** Gauge and cold-box readings: five or so over a delivery for the level trend, few enough for 10,000 trucks and a quick backfill. */
const SAMPLE_MS = 20 * MIN;

function sample(ctx: SimContext, t: TruckSim, now: number): void {
  levelReading(ctx, t, now);
  coldReadings(ctx, t, now);
}

function heartbeat(ctx: SimContext, sink: SimSink, t: TruckSim, now: number): void {
  const low = t.rng.chance(0.0005);
  const engineOn = t.phase !== 'parked';
  const volts = low ? t.rng.float(20.5, 21.9) : engineOn ? t.rng.float(26.8, 28.6) : t.rng.float(24, 25.6);
  const voltage = Math.round(volts * 10) / 10;
  sink.heartbeat(t.spec.id, now, t.gpsTime ?? now, voltage);
  if (low) ctx.emit(t, 'undervoltage', now, null, { voltage, area: t.area });
}

/** Each output on its own clock; a device that is offline reports nothing, but the day still turns over. */
export function periodic(ctx: SimContext, sink: SimSink, t: TruckSim, now: number, positionEveryMs: number, startedAt: number): void {
  const moving = DRIVING.has(t.phase) && t.speed > 0;
  if (t.online) {
    if (now >= t.nextReport) {
      report(t, now);
      t.nextReport = now + (moving ? REPORT_MOVING_MS : t.phase === 'parked' ? REPORT_PARKED_MS : REPORT_STILL_MS);
    }
    if (moving && now >= t.nextPosition) {
      sink.position(t.spec.id, now, roundCoord(t.lat), roundCoord(t.lng), Math.round(t.speed), t.heading);
      t.nextPosition = now + positionEveryMs;
    }
    if (now >= t.nextHeartbeat) {
      heartbeat(ctx, sink, t, now);
      t.nextHeartbeat = now + HEARTBEAT_MS;
    }
    if (now >= t.nextSample) {
      sample(ctx, t, now);
      t.nextSample = now + SAMPLE_MS;
    }
  }
  const day = chinaDay(now);
  if (day === t.day) return;
  if (t.dayKm > 0) {
    // Day numbers count China days, so the UTC date of the day number is the China date.
    const date = new Date(t.day * DAY).toISOString().slice(0, 10);
    const dayStart = t.day * DAY - 8 * 60 * MIN;
    // The first simulated day is partial: its mileage covers only what was simulated.
    ctx.emit(t, 'mileage', Math.max(dayStart, startedAt), dayStart + DAY - 1, {
      date, km: Math.round(t.dayKm * 10) / 10, drivingMin: Math.round(t.dayDriveMs / MIN),
    });
  }
  t.day = day;
  t.dayKm = 0;
  t.dayDriveMs = 0;
}
