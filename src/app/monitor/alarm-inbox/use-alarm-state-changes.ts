// The inbox following other consoles: the worker's `data.changed` carries each alarm another operator acknowledged,
// resolved or assigned (kind 'alarmState'); a burst of them is one callback, so the list fetches its page once.
import { useCallback } from 'react';
import type { DataChanges } from '../../../../workers/live-api';
import { useCoalesced } from '../../live/use-coalesced';
import { useLiveListener } from '../../live/use-live';

/** A batch of a hundred acknowledges, or several operators at work, is one fetch this long after the first change. */
const ALARM_REFRESH_WINDOW_MS = 300;

/** The alarms whose standing changed, or 'all' when the alarm socket reopened and may have missed some. */
export type ChangedAlarms = ReadonlySet<number> | 'all';

/** What one event says of the inbox: nothing (undefined), these alarms, or possibly any. */
function changedAlarms(event: DataChanges): ChangedAlarms | undefined {
  if (event.missed) return 'all';
  const seqs = event.changes.flatMap((change) => (change.kind === 'alarmState' ? [change.seq] : []));
  return seqs.length > 0 ? new Set(seqs) : undefined;
}

function merge(a: ChangedAlarms | undefined, b: ChangedAlarms): ChangedAlarms {
  if (a === undefined) return b;
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...a, ...b]);
}

/**
 * Calls `onChange` with every alarm changed in a burst, `windowMs` after its first event. `onChange` may change between
 * renders; the latest one is called. Nothing is called after unmount.
 */
export function useAlarmStateChanges(onChange: (changed: ChangedAlarms) => void, windowMs = ALARM_REFRESH_WINDOW_MS): void {
  const add = useCoalesced<ChangedAlarms>(
    useCallback((burst: readonly ChangedAlarms[]) => {
      const all = burst.reduce<ChangedAlarms | undefined>(merge, undefined);
      if (all !== undefined) onChange(all);
    }, [onChange]),
    windowMs,
  );
  useLiveListener(
    'data.changed',
    useCallback((event: DataChanges) => {
      const changed = changedAlarms(event);
      if (changed !== undefined) add(changed);
    }, [add]),
  );
}
