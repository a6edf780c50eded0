// Live master data: a change of this screen's rows made in another console refreshes the list.
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import { useEntityChanges } from '../../live/use-entity-changes';

/**
 * Fetches the list again (`onChange`) when rows of the definition's path were saved anywhere, this console's other
 * tabs included; a burst is one fetch. The saving tab hears its own save too, after its own refresh: one more read.
 */
export function useEntityLive(def: EntityDef, onChange: () => void): void {
  useEntityChanges(def.path, onChange);
}
