// A truck's China day turning over: what it drove (the `mileage` row) and what its device uploaded (the `upload` row).
import type { SimContext } from './moves';
import { chinaDay, type TruckSim } from './truck-sim';
import { noUploads, sentAnything } from './uploads';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const CHINA_OFFSET = 8 * 60 * MIN;

/**
 * At the first step of a new China day, writes the last day's rows and starts counting afresh. The mileage row comes
 * first, so it counts among the day's events. The first simulated day is partial: its rows cover only what was simulated.
 */
export function turnDay(ctx: SimContext, t: TruckSim, now: number, startedAt: number): void {
  const day = chinaDay(now);
  if (day === t.day) return;
  // Day numbers count China days, so the UTC date of the day number is the China date.
  const date = new Date(t.day * DAY).toISOString().slice(0, 10);
  const dayStart = t.day * DAY - CHINA_OFFSET;
  const start = Math.max(dayStart, startedAt);
  const end = dayStart + DAY - 1;
  if (t.dayKm > 0) {
    ctx.emit(t, 'mileage', start, end, { date, km: Math.round(t.dayKm * 10) / 10, drivingMin: Math.round(t.dayDriveMs / MIN) });
  }
  const u = t.uploads;
  if (sentAnything(u)) {
    ctx.emit(t, 'upload', start, end, {
      date, statusReports: u.statusReports, positions: u.positions, heartbeats: u.heartbeats, events: u.events, alarms: u.alarms,
      firstTime: u.firstTime, lastTime: u.lastTime,
    });
  }
  t.day = day;
  t.dayKm = 0;
  t.dayDriveMs = 0;
  t.uploads = noUploads();
}
