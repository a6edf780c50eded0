// The search bar's fields of a master-data list, from the definition's search fields: text matches a part, a company or
// a choice the whole value.
import type { TFunction } from 'i18next';
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import type { Company, SearchField } from '../../../ui/filters';
import { searchFields } from './entity-filters';

export function entitySearchFields(def: EntityDef, t: TFunction, companies: readonly Company[]): readonly SearchField[] {
  return searchFields(def).map((field): SearchField => {
    const label = t(field.labelKey);
    if (field.type === 'company') return { kind: 'company', key: field.key, label, companies, emptyLabel: t('entity.all') };
    if (field.type === 'select') {
      const choices = (field.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey) }));
      return { kind: 'choice', key: field.key, label, choices, emptyLabel: t('entity.all') };
    }
    return { kind: 'text', key: field.key, label };
  });
}
