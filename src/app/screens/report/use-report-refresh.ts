// When a report's rows change under the user: live screens follow the status socket (through the worker), handling
// screens see another tab's or console's handling (at once in this browser, within 15 s elsewhere).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReportDef } from '../../../domain/screens/reports/definition';
import { useLiveListener } from '../../live/use-live';

/** Live rows are fetched again at most this often, however often the fleet changes. */
const LIVE_REFRESH_MS = 3_000;
const HANDLING_POLL_MS = 15_000;
const CHANNEL = 'fleet-report-handling';

export interface ReportRefresh {
  /** Bumped when the loaded rows are to be fetched again. */
  readonly revision: number;
  /** Fetches again now; `announce` tells the browser's other tabs showing this report to do the same. */
  refresh(announce?: boolean): void;
}

export function useReportRefresh(def: ReportDef): ReportRefresh {
  const [revision, setRevision] = useState(0);
  const bump = useCallback(() => setRevision((value) => value + 1), []);
  const channel = useRef<BroadcastChannel | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const live = def.source.type === 'live';
  const onTrucks = useCallback(() => {
    if (!live || pending.current !== undefined) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      bump();
    }, LIVE_REFRESH_MS);
  }, [live, bump]);
  useLiveListener('fleet.trucks', onTrucks);
  useEffect(() => () => clearTimeout(pending.current), []);

  useEffect(() => {
    if (!def.handling) return undefined;
    const opened = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    channel.current = opened;
    // Unsealing screens share their events (switchCover and alarm_switch_cover), so any handling refreshes each.
    if (opened) opened.onmessage = () => bump();
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible') bump();
    }, HANDLING_POLL_MS);
    return () => {
      clearInterval(poll);
      opened?.close();
      channel.current = null;
    };
  }, [def, bump]);

  const refresh = useCallback(
    (announce = false) => {
      bump();
      if (announce) channel.current?.postMessage(def.path);
    },
    [def, bump],
  );
  return { revision, refresh };
}
