// The alarm inbox's calls (domain/wire/calls.ts, docs/api.md): a page of the list, one alarm's detail, and the batch
// changes. They are our extension: a legacy backend answers none of them, which the list reads as 'notOffered'.
import { call, isMissingCall } from '../../../api/client';
import type { AlarmChangeAnswer, AlarmInboxQuery, InboxAlarm, InboxAlarmDetail } from '../../../../domain/wire/alarm-inbox';
import type { Paged } from '../../../../domain/wire/records';

/** One page of the list, newest first; 'notOffered' from a backend without the inbox. */
export async function fetchInboxPage(query: AlarmInboxQuery): Promise<Paged<InboxAlarm> | 'notOffered'> {
  try {
    return await call('alarmInbox', query, { optional: true });
  } catch (error) {
    if (isMissingCall(error)) return 'notOffered';
    throw error;
  }
}

/** The detail pane's alarm: its row, where the truck was, and the history of its state. */
export function fetchInboxDetail(seq: number): Promise<InboxAlarmDetail> {
  return call('alarmInboxDetail', { seq });
}

export function acknowledgeAlarms(seqs: readonly number[]): Promise<AlarmChangeAnswer> {
  return call('alarmAcknowledge', { seqs });
}

export function resolveAlarms(seqs: readonly number[], note: string): Promise<AlarmChangeAnswer> {
  return call('alarmResolve', { seqs, note });
}

/** `assignee` null gives the alarms back to nobody. */
export function assignAlarms(seqs: readonly number[], assignee: string | null): Promise<AlarmChangeAnswer> {
  return call('alarmAssign', { seqs, assignee });
}
