// Whether this session has the alarm inbox, its open counts, the pop-ups waiting for the operator, and acknowledging:
// decided once per session by the first counts call (a legacy backend answers 404, a user without the route is refused).
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CallError, call, isMissingCall } from '../../api/client';
import { RESULT_CODE } from '../../../domain/wire/envelope';
import type { InboxCounts } from '../../../domain/wire/alarm-inbox';
import type { DataChanges, LinkStatuses } from '../../../workers/live-api';
import { useCoalesced } from '../live/use-coalesced';
import { useLiveListener } from '../live/use-live';

export const ALARM_INBOX_PATH = '/monitor/alarm_inbox';

/** Counts are fetched again at most this often: a burst of alarms or of state changes is one call. */
export const COUNTS_REFRESH_MS = 1_000;

const HTTP_FORBIDDEN = 403;

interface AlarmInboxStatus {
  /** undefined until the first counts call answers; false for the rest of the session once it said there is no inbox. */
  readonly available: boolean | undefined;
  readonly counts: InboxCounts | undefined;
  /** Pop-ups kept out of sight while the operator is busy (a modal open, typing): the badge says how many wait. */
  readonly held: number;
  readonly setHeld: (count: number) => void;
  /**
   * Acknowledges alarms by seq: through the inbox when this session has it, else the spec's POST /alarmCue one by one.
   * Failures are shown by the client's reactions; the counts follow.
   */
  readonly acknowledge: (seqs: readonly number[]) => Promise<void>;
}

const NO_INBOX: AlarmInboxStatus = {
  available: false,
  counts: undefined,
  held: 0,
  setHeld: () => {},
  acknowledge: async (seqs) => {
    await Promise.all(seqs.map((seq) => call('alarmCue', { seq })));
  },
};

const AlarmInboxContext = createContext<AlarmInboxStatus>(NO_INBOX);

/** The backend has no inbox, or this user may not open it: no point asking again this session. */
function meansNoInbox(error: unknown): boolean {
  if (isMissingCall(error)) return true;
  if (!(error instanceof CallError)) return false;
  return error.resultCode === RESULT_CODE.UNAUTHORIZED || error.resultCode === HTTP_FORBIDDEN
    || error.httpStatus === RESULT_CODE.UNAUTHORIZED || error.httpStatus === HTTP_FORBIDDEN;
}

/** Changes that move the counts: an alarm changed state, or the socket was down and anything may have changed. */
const movesCounts = (event: DataChanges) => event.missed || event.changes.some((change) => change.kind === 'alarmState');

interface AlarmInboxProviderProps {
  /** The user's menu holds the inbox; without it nothing is asked and the session has no inbox. */
  readonly enabled: boolean;
  readonly children: ReactNode;
}

export function AlarmInboxProvider({ enabled, children }: AlarmInboxProviderProps) {
  const [answered, setAnswered] = useState<boolean | undefined>(undefined);
  const available = enabled ? answered : false;
  const [counts, setCounts] = useState<InboxCounts | undefined>(undefined);
  const [held, setHeld] = useState(0);
  /** Decided: this session has no inbox. */
  const none = useRef(false);
  /** Mounted: an answer after unmount is dropped. */
  const alive = useRef(false);

  const fetchCounts = useCallback(async () => {
    if (none.current || !alive.current) return;
    try {
      // optional: a legacy backend's 404 is no toast; a refusal of the route is no alert either, only "no inbox".
      const answer = await call('alarmInboxCounts', {}, { optional: true, passBackCodes: [RESULT_CODE.UNAUTHORIZED, HTTP_FORBIDDEN] });
      if (!alive.current) return;
      setCounts(answer);
      setAnswered(true);
    } catch (error) {
      if (!meansNoInbox(error) || !alive.current) return;
      none.current = true;
      setAnswered(false);
      setCounts(undefined);
    }
  }, []);

  const reread = useCoalesced(useCallback(() => void fetchCounts(), [fetchCounts]), COUNTS_REFRESH_MS);
  const schedule = useCallback(() => {
    if (!none.current) reread();
  }, [reread]);

  useEffect(() => {
    if (!enabled) return undefined;
    alive.current = true;
    none.current = false;
    void fetchCounts();
    return () => {
      alive.current = false;
    };
  }, [enabled, fetchCounts]);

  useLiveListener('alarm.received', schedule);
  // The counts read at login may be older than the alarm socket: what was raised before it first streamed reaches this
  // tab by no alarm, so the counts are read again once it has opened (a reopen after a close says `missed` instead).
  const alarmOpened = useRef(false);
  useLiveListener('link.state', useCallback((links: LinkStatuses) => {
    if (alarmOpened.current || links.alarm.opens === 0) return;
    alarmOpened.current = true;
    schedule();
  }, [schedule]));
  useLiveListener('data.changed', useCallback((event: DataChanges) => {
    if (movesCounts(event)) schedule();
  }, [schedule]));

  const acknowledge = useCallback(async (seqs: readonly number[]) => {
    if (seqs.length === 0) return;
    if (available === true) await call('alarmAcknowledge', { seqs });
    else await NO_INBOX.acknowledge(seqs);
    schedule();
  }, [available, schedule]);

  const value = useMemo(() => ({ available, counts, held, setHeld, acknowledge }), [available, counts, held, acknowledge]);
  return <AlarmInboxContext value={value}>{children}</AlarmInboxContext>;
}

/** The session's inbox; outside a provider (tests of single parts, the login page) there is none. */
export function useAlarmInbox(): AlarmInboxStatus {
  return use(AlarmInboxContext);
}
