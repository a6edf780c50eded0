// What a truck's device uploads over a China day, counted where each thing is produced (the `upload` row's figures).

export interface DayUploads {
  statusReports: number;
  positions: number;
  heartbeats: number;
  /** Event rows written for the truck, the day's own `upload` row aside. */
  events: number;
  alarms: number;
  /** The day's first and last transmission (status report, fix or heartbeat); ±Infinity before the first. */
  firstTime: number;
  lastTime: number;
}

type Transmission = 'statusReports' | 'positions' | 'heartbeats';

export function noUploads(): DayUploads {
  return {
    statusReports: 0, positions: 0, heartbeats: 0, events: 0, alarms: 0,
    firstTime: Number.POSITIVE_INFINITY, lastTime: Number.NEGATIVE_INFINITY,
  };
}

export function transmitted(day: DayUploads, what: Transmission, time: number): void {
  day[what] += 1;
  if (time < day.firstTime) day.firstTime = time;
  if (time > day.lastTime) day.lastTime = time;
}

/** Whether the device sent anything that day: only such days get an upload row. */
export function sentAnything(day: DayUploads): boolean {
  return day.statusReports + day.positions + day.heartbeats > 0;
}
