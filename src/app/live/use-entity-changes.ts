// Live master data in a screen: a callback when rows of an entity were saved in any console (the worker's
// `data.changed`, from the alarm socket's entity-changed notices), so lists and pickers fetch again with their rights.
import { useCallback } from 'react';
import type { EntityChange } from '../../../domain/wire/entity-notice';
import type { DataChanges } from '../../../workers/live-api';
import { useCoalesced } from './use-coalesced';
import { useLiveListener } from './use-live';

/** A burst of saves (an import, a colleague's quick edits) is one fetch, this long after the first of them. */
const ENTITY_REFRESH_WINDOW_MS = 300;

/** The master-data rows an event's notices named, in order. */
export function entityChanges(event: DataChanges): EntityChange[] {
  return event.changes.flatMap((change) => (change.kind === 'entityChanged' ? [change] : []));
}

/** Whether the changes touch rows of `path`; a reopened alarm socket (`missed`) may have missed any of them. */
function touches(event: DataChanges, path: string): boolean {
  return event.missed || entityChanges(event).some((change) => change.path === path);
}

/**
 * Calls `onChange` once for a burst of saves of `path`'s rows (`windowMs` after the first). `onChange` may change between
 * renders; the latest one is called. Nothing is called after unmount.
 */
export function useEntityChanges(path: string, onChange: () => void, windowMs = ENTITY_REFRESH_WINDOW_MS): void {
  const add = useCoalesced(onChange, windowMs);
  useLiveListener(
    'data.changed',
    useCallback((event: DataChanges) => {
      if (touches(event, path)) add();
    }, [path, add]),
  );
}
