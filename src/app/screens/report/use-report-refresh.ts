// When a report's rows change under the user: live screens follow the status socket, and screens of stored data follow
// the worker's `data.changed` naming their topic (a handling saved in any console, this one's other tabs included), and
// a reopened alarm socket, which may have missed one.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReportDef, ValueSource } from '../../../../domain/screens/reports/definition';
import type { DataTopic } from '../../../../domain/wire/data-notice';
import type { DataChanges } from '../../../../workers/live-api';
import { useLiveListener } from '../../live/use-live';

/** Live rows are fetched again at most this often, however often the fleet changes. */
const LIVE_REFRESH_MS = 3_000;

interface ReportRefresh {
  /** Bumped when the loaded rows are to be fetched again. */
  readonly revision: number;
  /** Fetches again now (after this screen's own change, which other consoles hear from the server). */
  refresh(): void;
}

/** The stored data a report's rows show besides its events: the unsealing screens read the events' handling. */
export function reportTopics(def: ReportDef): readonly DataTopic[] {
  const values: ValueSource[] = [
    ...def.columns.map((column) => column.value),
    ...def.filters.flatMap((filter) => (filter.type === 'select' ? [filter.value] : [])),
  ];
  return values.some((value) => value.from === 'handling') ? ['eventHandling'] : [];
}

export function useReportRefresh(def: ReportDef): ReportRefresh {
  const [revision, setRevision] = useState(0);
  const bump = useCallback(() => setRevision((value) => value + 1), []);
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

  const topics = useMemo(() => reportTopics(def), [def]);
  const onDataChanged = useCallback(
    ({ changes, missed }: DataChanges) => {
      const named = changes.some((change) => change.kind === 'dataChanged' && topics.includes(change.topic));
      if (named || (missed && topics.length > 0)) bump();
    },
    [topics, bump],
  );
  useLiveListener('data.changed', onDataChanged);

  return { revision, refresh: bump };
}
