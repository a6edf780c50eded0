// How urgently an alarm type calls for an operator (our design; the spec gives types and groups, not severities): the
// inbox's filter, the overview's counts and the pop-ups' order read this one table.
import type { LocaleKey } from './i18n';
import { ALARM_TYPE_IDS, type AlarmTypeId } from './alarm-types';

export const ALARM_SEVERITIES = ['critical', 'major', 'minor'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** Codes as the inbox's query carries them (a `code` query field), most urgent first. */
export const SEVERITY_CODES = { critical: 1, major: 2, minor: 3 } as const satisfies Record<AlarmSeverity, number>;

// Critical: a person or the cargo is in danger now (urgent button, emergency braking, a broken seal, water in the pipe).
// Major: a loss or a rule broken that someone must look into today. Minor: everything the driver-assistance camera and
// the device report as a matter of course.
const CRITICAL: ReadonlySet<number> = new Set([201, 44, 5, 3]);
const MAJOR: ReadonlySet<number> = new Set([1, 2, 45, 6, 202, 204, 205, 206, 7]);

export function severityOf(type: number): AlarmSeverity {
  if (CRITICAL.has(type)) return 'critical';
  if (MAJOR.has(type)) return 'major';
  return 'minor';
}

/** The alarm types of one severity, for a query's `type in (…)`. */
export function typesOfSeverity(severity: AlarmSeverity): readonly AlarmTypeId[] {
  return ALARM_TYPE_IDS.filter((id) => severityOf(id) === severity);
}

export function severityLabelKey(severity: AlarmSeverity): LocaleKey {
  return `alarmSeverity.${severity}`;
}
