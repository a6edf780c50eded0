// A master-data list's columns: the definition's list fields (a company by its name, a choice by its label), then
// status on its colour, who changed the row last and when; rows as the grid holds them, keyed by the row's key.
import type { TFunction } from 'i18next';
import { ENTITY_STATUS, isStamped, type EntityDef, type EntityField } from '../../../../domain/screens/entities/definition';
import type { EntityRow } from '../../../../domain/screens/entities/wire';
import { ENTITY_CELL_FORMATS, ENTITY_STATUS_LABELS, optionLabels } from '../../../../domain/screens/entities/transfer-cells';
import type { GridColumn, GridRow } from '../../../ui/grid/ReportGrid';
import type { CompanyNames } from './entity-values';

/** The row's own columns besides its fields; a field of the same key would be hidden behind them. */
const META_COLUMNS = { status: 'status', modifiedBy: 'modifiedBy', modifiedAt: 'modifiedAt' } as const;

function fieldColumn(field: EntityField, names: CompanyNames): GridColumn {
  const column: GridColumn = { key: field.key, format: ENTITY_CELL_FORMATS[field.type] };
  if (field.type === 'company') return { ...column, text: (value) => (value === null ? '' : (names.get(String(value)) ?? String(value))) };
  if (field.type === 'select') return { ...column, options: optionLabels(field) };
  return column;
}

interface EntityColumns {
  readonly columns: readonly GridColumn[];
  readonly headers: readonly string[];
}

export function entityColumns(def: EntityDef, names: CompanyNames, t: TFunction): EntityColumns {
  const fields = def.fields.filter((field) => field.list === true);
  const own = fields.map((field) => fieldColumn(field, names));
  // A record without status or version (the send engine's) shows its fields only.
  if (!isStamped(def)) return { columns: own, headers: fields.map((field) => t(field.labelKey)) };
  const columns: GridColumn[] = [
    ...own,
    {
      key: META_COLUMNS.status,
      format: 'enum',
      options: ENTITY_STATUS_LABELS,
      cellClass: (value) => `entity-status entity-status--${value === ENTITY_STATUS.enabled ? 'on' : 'off'}`,
    },
    // The server orders by any field, status and the last change's time; not by who made it.
    { key: META_COLUMNS.modifiedBy, format: 'text', sortable: false },
    { key: META_COLUMNS.modifiedAt, format: 'dateTime' },
  ];
  const headers = [...fields.map((field) => t(field.labelKey)), t('entity.status'), t('entity.modifiedBy'), t('entity.modifiedAt')];
  return { columns, headers };
}

/** A row as the grid holds it: its values, its status and last change, its key as the grid's row id. */
export function gridRowOf(row: EntityRow): GridRow {
  return { ...row.values, id: row.key, status: row.status, modifiedBy: row.modifiedBy, modifiedAt: row.modifiedAt };
}
