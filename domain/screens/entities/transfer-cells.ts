// A master-data list's cells as the grid shows them and the export writes them: the format of each field type and the
// status labels. One place for both.
import type { LocaleKey } from '../../i18n';
import type { CellFormat } from '../reports/definition';
import { ENTITY_STATUS, type EntityField } from './definition';

export const ENTITY_CELL_FORMATS: Readonly<Record<EntityField['type'], CellFormat>> = {
  text: 'text',
  integer: 'integer',
  // Stored as typed: a fixed number of decimals would show digits the user never entered.
  decimal: 'text',
  select: 'enum',
  company: 'text',
  phone: 'text',
  email: 'text',
  latitude: 'coordinate',
  longitude: 'coordinate',
  // A day travels as yyyy-MM-dd: the date format shows it in the language's order.
  date: 'date',
  idCard: 'text',
  // Sent and shown by the named row's label.
  reference: 'text',
  photo: 'text',
  password: 'text',
  // Shown by the file's name.
  file: 'text',
  dateTime: 'dateTime',
};

export const ENTITY_STATUS_LABELS: Readonly<Record<string, LocaleKey>> = {
  [ENTITY_STATUS.disabled]: 'entity.disabled',
  [ENTITY_STATUS.enabled]: 'entity.enabled',
};

/** A select field's options as a cell's labels: the stored value → its label. */
export function optionLabels(field: EntityField): Readonly<Record<string, LocaleKey>> {
  return Object.fromEntries((field.options ?? []).map((option) => [option.value, option.labelKey]));
}
