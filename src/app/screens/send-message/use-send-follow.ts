// One send followed live by a screen that made it (the parameter editor, the tank-table send dialog): each
// entity-changed notice naming it, and a reopened alarm socket that may have missed one, reads its row again; the row
// goes to the screen's machine, which takes a status only as a move forward.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { SendRow } from '../../../../domain/params/send-wire';
import type { DataChanges } from '../../../../workers/live-api';
import { entityChanges } from '../../live/use-entity-changes';
import { useLiveListener } from '../../live/use-live';
import { fetchSendsByIds } from './send-calls';
import { idBatcher, SEND_LIST_PATH, sendIdsOf } from './id-batcher';

/** Follows send `sendId` (none yet: nothing) and hands every read of its row to `onRow`. */
export function useSendFollow(sendId: number | undefined, onRow: (row: SendRow) => void): void {
  const latest = useRef(onRow);
  latest.current = onRow;
  const read = useCallback(async (ids: readonly number[]) => {
    const rows = await fetchSendsByIds(ids).catch(() => []);
    for (const row of rows) latest.current(row);
  }, []);
  const batcher = useMemo(() => idBatcher((ids) => void read(ids)), [read]);
  useEffect(() => () => batcher.dispose(), [batcher]);

  // A new send's notices may come before the POST's answer named it: read it once it is known.
  useEffect(() => {
    if (sendId !== undefined) batcher.add([sendId]);
  }, [sendId, batcher]);

  const listen = useCallback(
    (event: DataChanges) => {
      if (sendId === undefined) return;
      if (event.missed || sendIdsOf(entityChanges(event), SEND_LIST_PATH).includes(sendId)) batcher.add([sendId]);
    },
    [sendId, batcher],
  );
  useLiveListener('data.changed', listen);
}
