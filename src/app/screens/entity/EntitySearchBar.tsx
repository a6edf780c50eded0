// The search bar of a master-data list, from the definition's search fields: text matches a part, a company or a
// choice the whole value. Edits stay a draft until Search (or Enter).
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import { ChoiceField, CompanyPicker, TextFilter, type Company } from '../../../ui/filters';
import { searchFields, withFilter, type EntityFilters } from './entity-filters';

interface EntitySearchBarProps {
  readonly def: EntityDef;
  readonly draft: EntityFilters;
  readonly companies: readonly Company[];
  readonly onDraft: (next: EntityFilters) => void;
  readonly onSearch: () => void;
  readonly onReset: () => void;
}

export function EntitySearchBar({ def, draft, companies, onDraft, onSearch, onReset }: EntitySearchBarProps) {
  const { t } = useTranslation();
  const set = (key: string) => (value: string) => onDraft(withFilter(draft, key, value));
  return (
    <form
      className="entity-search"
      role="search"
      aria-label={t('entity.searchLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      {searchFields(def).map((field) => {
        const label = t(field.labelKey);
        const value = draft[field.key] ?? '';
        if (field.type === 'company') {
          return <CompanyPicker key={field.key} label={label} companies={companies} value={value} emptyLabel={t('entity.all')} onChange={set(field.key)} />;
        }
        if (field.type === 'select') {
          const choices = (field.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey) }));
          return <ChoiceField key={field.key} label={label} choices={choices} value={value} emptyLabel={t('entity.all')} onChange={set(field.key)} />;
        }
        return <TextFilter key={field.key} label={label} name={field.key} value={value} onChange={set(field.key)} />;
      })}
      <div className="entity-search__actions">
        <button type="submit" className="entity-button entity-button--primary">
          {t('entity.search')}
        </button>
        <button type="button" className="entity-button" onClick={onReset}>
          {t('entity.reset')}
        </button>
      </div>
    </form>
  );
}
