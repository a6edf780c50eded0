// The list's import and export buttons (issue 14): export through the spec's export call; bulk import from .xlsx.
import type { EntityDef } from '../../../domain/screens/entities/definition';
import type { EntityFilters } from './entity-filters';

export interface EntityTransferProps {
  readonly def: EntityDef;
  readonly filters: EntityFilters;
  readonly onImported: () => void;
}

export function EntityTransfer(_props: EntityTransferProps) {
  // Filled in by the import and export work of issue 14.
  return null;
}
