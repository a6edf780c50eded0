// What the overview shows of the alarm inbox: its counts and newest open alarms, read once the page shows and again a
// moment after alarms arrive or change in any console (the worker's alarm.received and data.changed, no socket of its
// own). Nothing is read for a user without the inbox; a legacy backend has none (`notOffered`), and the page then
// shows the worker's latest alarms instead.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPEN_STATES_CODE, type InboxAlarm, type InboxCounts } from '../../../../domain/wire/alarm-inbox';
import type { CallLoad } from '../../../api/call-load';
import { call, failureText, isMissingCall } from '../../../api/client';
import type { DataChanges } from '../../../../workers/live-api';
import { useLiveListener } from '../../live/use-live';

/** A burst of alarms, or a colleague's batch of acknowledges, is one read this long after the last of them. */
const REFRESH_MS = 1_000;
/** The open alarms the overview lists. */
export const OVERVIEW_ALARMS = 8;

export interface InboxOverview {
  readonly counts: InboxCounts;
  readonly latest: readonly InboxAlarm[];
  readonly openTotal: number;
}

export function useInboxOverview(enabled: boolean): CallLoad<InboxOverview> {
  const { t } = useTranslation();
  const [load, setLoad] = useState<CallLoad<InboxOverview>>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const offered = useRef(true);

  const read = useCallback(async () => {
    if (!offered.current) return;
    const quiet = { optional: true, passBack: true } as const;
    try {
      const [counts, page] = await Promise.all([
        call('alarmInboxCounts', {}, quiet),
        call('alarmInbox', { page: 1, size: OVERVIEW_ALARMS, state: OPEN_STATES_CODE }, quiet),
      ]);
      setLoad({ kind: 'loaded', answer: { counts, latest: page.rows, openTotal: page.total } });
    } catch (error) {
      if (isMissingCall(error)) {
        offered.current = false;
        setLoad({ kind: 'notOffered' });
        return;
      }
      const failure = failureText(error);
      setLoad({ kind: 'failed', message: 'text' in failure ? failure.text : t(failure.key) });
    }
  }, [t]);

  const soon = useCallback(() => {
    if (!enabled) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void read(), REFRESH_MS);
  }, [enabled, read]);

  useEffect(() => {
    if (enabled) void read();
    return () => clearTimeout(timer.current);
  }, [enabled, read]);

  useLiveListener('alarm.received', soon);
  useLiveListener(
    'data.changed',
    useCallback((event: DataChanges) => {
      if (event.missed || event.changes.some((change) => change.kind === 'alarmState')) soon();
    }, [soon]),
  );
  return enabled ? load : { kind: 'notOffered' };
}
