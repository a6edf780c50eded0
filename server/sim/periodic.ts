// A truck's clockwork outputs: position reports, stored positions, heartbeats, gauge and cold-box readings, the day's rows.
import { roundCoord } from './city';
import { turnDay } from './day-records';
import type { SimSink } from './engine';
import { gapBefore, heartbeatSilent } from './heartbeat-module';
import type { SimContext } from './moves';
import { coldReadings } from './cold-box';
import { levelReading } from './gauge';
import { DRIVING, report, type TruckSim } from './truck-sim';
import { transmitted } from './uploads';

const MIN = 60_000;
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

/** A heartbeat, unless the module is silent; the first after a silence the overtime list would show is a heartbeat gap. */
function heartbeat(ctx: SimContext, sink: SimSink, t: TruckSim, now: number): void {
  const low = t.rng.chance(0.0005);
  const engineOn = t.phase !== 'parked';
  const volts = low ? t.rng.float(20.5, 21.9) : engineOn ? t.rng.float(26.8, 28.6) : t.rng.float(24, 25.6);
  const voltage = Math.round(volts * 10) / 10;
  // Drawn even when silent, so a failing module leaves the rest of the truck's day as it was.
  if (heartbeatSilent(t.beat, now)) return;
  sink.heartbeat(t.spec.id, now, t.gpsTime ?? now, voltage);
  transmitted(t.uploads, 'heartbeats', now);
  const since = gapBefore(t.beat, now);
  if (since !== undefined) ctx.emit(t, 'heartbeat_gap', since, now, { gapMin: Math.round((now - since) / MIN), voltage, area: t.area });
  t.beat.lastBeat = now;
  if (low) ctx.emit(t, 'undervoltage', now, null, { voltage, area: t.area });
}

/** A fix: every `positionEveryMs` while moving, and one where the truck stops (at a depot, a station, its yard, the roadside). */
function position(sink: SimSink, t: TruckSim, now: number, positionEveryMs: number): void {
  sink.position(t.spec.id, now, roundCoord(t.lat), roundCoord(t.lng), Math.round(t.speed), t.heading, t.area);
  transmitted(t.uploads, 'positions', now);
  t.nextPosition = now + positionEveryMs;
}

/**
 * Each output on its own clock; a device that is offline reports nothing, but the day still turns over, first, so what
 * is sent at `now` counts toward the day `now` is in.
 */
export function periodic(ctx: SimContext, sink: SimSink, t: TruckSim, now: number, positionEveryMs: number, startedAt: number): void {
  turnDay(ctx, t, now, startedAt);
  const moving = DRIVING.has(t.phase) && t.speed > 0;
  if (t.online) {
    if (now >= t.nextReport) {
      report(t, now);
      t.nextReport = now + (moving ? REPORT_MOVING_MS : t.phase === 'parked' ? REPORT_PARKED_MS : REPORT_STILL_MS);
    }
    if (moving ? now >= t.nextPosition : t.wasMoving) position(sink, t, now, positionEveryMs);
    if (now >= t.nextHeartbeat) {
      heartbeat(ctx, sink, t, now);
      t.nextHeartbeat = now + HEARTBEAT_MS;
    }
    if (now >= t.nextSample) {
      sample(ctx, t, now);
      t.nextSample = now + SAMPLE_MS;
    }
  }
  t.wasMoving = moving;
}
