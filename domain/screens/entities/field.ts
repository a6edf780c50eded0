// A field of an entity definition, labelled by its key (entity.field.<key>), and a select's options labelled by theirs.
import type { EntityField, FieldOption } from './definition';

export const field = (key: string, type: EntityField['type'], extra: Partial<EntityField> = {}): EntityField => ({
  key, labelKey: `entity.field.${key}` as EntityField['labelKey'], type, ...extra,
});

/** The options of a select, each labelled entity.option.<set>.<value>. */
export function options(set: string, values: readonly string[]): readonly FieldOption[] {
  return values.map((value) => ({ value, labelKey: `entity.option.${set}.${value}` as FieldOption['labelKey'] }));
}
