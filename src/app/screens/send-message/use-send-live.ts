// The send list follows every change of a send live: the entity-changed notices naming sends gather for a short while
// (idBatcher), then the screen reads just those rows; a reopened alarm socket (`missed`) may have missed any change.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { DataChanges } from '../../../../workers/live-api';
import { entityChanges } from '../../live/use-entity-changes';
import { useLiveListener } from '../../live/use-live';
import { idBatcher, SEND_LIST_PATH, sendIdsOf } from './id-batcher';

export function useSendLive(onBatch: (ids: number[]) => void, onMissed: () => void): void {
  const latest = useRef({ onBatch, onMissed });
  latest.current = { onBatch, onMissed };
  const batcher = useMemo(() => idBatcher((ids) => latest.current.onBatch(ids)), []);
  useEffect(() => () => batcher.dispose(), [batcher]);

  const listen = useCallback(
    (event: DataChanges) => {
      if (event.missed) {
        batcher.dispose();
        latest.current.onMissed();
        return;
      }
      const ids = sendIdsOf(entityChanges(event), SEND_LIST_PATH);
      if (ids.length > 0) batcher.add(ids);
    },
    [batcher],
  );
  useLiveListener('data.changed', listen);
}
