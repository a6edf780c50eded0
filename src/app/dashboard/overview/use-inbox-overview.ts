// What the overview shows of the alarm inbox: the session's counts (AlarmInboxProvider, read once for the top bar and
// the overview alike) and the newest open alarms, read once the page shows and again a moment after alarms arrive or
// change in any console (the worker's alarm.received and data.changed, no socket of its own). Nothing is read where the
// session has no inbox (a legacy backend, a user without the inbox): the page then shows the worker's latest alarms.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPEN_STATES_CODE, type InboxAlarm, type InboxCounts } from '../../../../domain/wire/alarm-inbox';
import type { Paged } from '../../../../domain/wire/records';
import type { CallLoad } from '../../../api/call-load';
import { call, failureText } from '../../../api/client';
import type { DataChanges } from '../../../../workers/live-api';
import { useAlarmInbox } from '../../alarms/inbox-status';
import { useCoalesced } from '../../live/use-coalesced';
import { useLiveListener } from '../../live/use-live';

/** A burst of alarms, or a colleague's batch of acknowledges, is one read this long after the first of them. */
const REFRESH_MS = 1_000;
/** The open alarms the overview lists. */
const OVERVIEW_ALARMS = 8;

export interface InboxOverview {
  readonly counts: InboxCounts;
  readonly latest: readonly InboxAlarm[];
  readonly openTotal: number;
}

export function useInboxOverview(): CallLoad<InboxOverview> {
  const { t } = useTranslation();
  const { available, counts } = useAlarmInbox();
  const [latest, setLatest] = useState<CallLoad<Paged<InboxAlarm>>>({ kind: 'idle' });

  const read = useCallback(async () => {
    try {
      setLatest({ kind: 'loaded', answer: await call('alarmInbox', { page: 1, size: OVERVIEW_ALARMS, state: OPEN_STATES_CODE }, { passBack: true }) });
    } catch (error) {
      const failure = failureText(error);
      setLatest({ kind: 'failed', message: 'text' in failure ? failure.text : t(failure.key) });
    }
  }, [t]);

  const reread = useCoalesced(useCallback(() => void read(), [read]), REFRESH_MS);
  const soon = useCallback(() => {
    if (available === true) reread();
  }, [available, reread]);

  useEffect(() => {
    if (available === true) void read();
  }, [available, read]);

  useLiveListener('alarm.received', soon);
  useLiveListener(
    'data.changed',
    useCallback((event: DataChanges) => {
      if (event.missed || event.changes.some((change) => change.kind === 'alarmState')) soon();
    }, [soon]),
  );

  if (available === false) return { kind: 'notOffered' };
  if (latest.kind === 'failed') return latest;
  if (available === undefined || !counts || latest.kind !== 'loaded') return { kind: 'loading' };
  return { kind: 'loaded', answer: { counts, latest: latest.answer.rows, openTotal: latest.answer.total } };
}
