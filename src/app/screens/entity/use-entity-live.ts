// Live master data (issue 14): a change of this screen's rows made in another console refreshes the list.
import type { EntityDef } from '../../../domain/screens/entities/definition';

export function useEntityLive(_def: EntityDef, _onChange: () => void): void {
  // Filled in by the live master-data work of issue 14.
}
