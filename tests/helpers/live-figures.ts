// What a run of the live pipeline showed, in a form that compares across runs: the recorder stores it, replays match it.
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import { alarmKey } from '../../streams/alarm.stream';
import type { LiveCore } from '../../workers/live-core';

interface LiveFigures {
  readonly counts: Record<string, number>;
  readonly fuel: Record<string, number>;
  /** Status code per truck key. */
  readonly trucks: Record<string, number>;
  /** The accepted alarms in arrival order, as `s:<seq>` (or the legacy key when an alarm has no seq). */
  readonly alarms: readonly string[];
  readonly popups: readonly string[];
  readonly urgent: readonly string[];
  readonly lastSeq: number | null;
  readonly frames: { readonly truckFrames: number; readonly alarmFrames: number; readonly badFrames: number; readonly badRows: number };
}

/** Collects the accepted and urgent alarms as the core publishes them (subscribe before frames flow). */
export function watchAlarms(core: LiveCore): { accepted: LiveAlarm[]; urgent: LiveAlarm[] } {
  const watched: { accepted: LiveAlarm[]; urgent: LiveAlarm[] } = { accepted: [], urgent: [] };
  core.hub.subscribe(-1, 'alarm.received', (batch) => watched.accepted.push(...batch));
  core.hub.subscribe(-1, 'alarm.urgent', (alarm) => watched.urgent.push(alarm));
  return watched;
}

/** seq alone names an alarm within one recording; the fixtures were written with it. */
const figureKey = (alarm: LiveAlarm): string => (alarm.seq === undefined ? alarmKey(alarm) : `s:${alarm.seq}`);

export function liveFigures(core: LiveCore, watched: { accepted: readonly LiveAlarm[]; urgent: readonly LiveAlarm[] }): LiveFigures {
  const snapshot = core.snapshot();
  const { truckFrames, alarmFrames, badFrames, badRows } = core.diagnostics().frames;
  const trucks = Object.fromEntries(
    [...snapshot.trucks].sort((a, b) => a.key.localeCompare(b.key)).map((truck) => [truck.key, truck.row.status]),
  );
  return {
    counts: { ...snapshot.status.counts },
    fuel: { ...snapshot.status.fuel },
    trucks,
    alarms: watched.accepted.map(figureKey),
    popups: snapshot.popups.map(figureKey),
    urgent: watched.urgent.map(figureKey),
    lastSeq: snapshot.lastSeq ?? null,
    frames: { truckFrames, alarmFrames, badFrames, badRows },
  };
}
