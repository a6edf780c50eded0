// The alarms a company's timeouts decide (the threshold screen's parking and offline timeouts, docs/thresholds.md): the
// events each judges and the timeout it judges them by. An event raised its alarm when it lasted at least the timeout
// in force for its company when it began, as the simulator's detection raises it (server/sim); the exception lists and
// the analyses that count them read the same rule (server/reports/sql-values.ts).
import type { EventKind } from '../../events';
import type { DEFAULT_THRESHOLDS } from '../entities/thresholds';

export interface TimeoutAlarmRule {
  readonly kind: EventKind;
  readonly timeout: Extract<keyof typeof DEFAULT_THRESHOLDS, 'parkingTimeoutMin' | 'offlineTimeoutMin'>;
  /** The event's `inPark` must be this (a stop in a car park raises nothing); absent: any event of the kind. */
  readonly inPark?: boolean;
}

export const TIMEOUT_ALARMS = {
  /** The stop alarm: a roadside stop (outside every car park) that lasted the parking timeout. */
  4: { kind: 'parking', timeout: 'parkingTimeoutMin', inPark: false },
  /** The offline alarm: an offline spell that lasted the offline timeout. */
  7: { kind: 'offline', timeout: 'offlineTimeoutMin' },
} as const satisfies Readonly<Record<number, TimeoutAlarmRule>>;

export type TimeoutAlarm = keyof typeof TIMEOUT_ALARMS;
