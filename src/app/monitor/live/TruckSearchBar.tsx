// The live screens' search bar: a company chosen by name and part of a plate, with whatever else the screen adds.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TruckSearch } from './truck-search';

export interface TruckSearchBarProps {
  readonly search: TruckSearch;
  readonly companies: readonly string[];
  readonly onChange: (next: TruckSearch) => void;
  readonly children?: ReactNode;
}

export function TruckSearchBar({ search, companies, onChange, children }: TruckSearchBarProps) {
  const { t } = useTranslation();
  return (
    <div className="monitor-search" role="group" aria-label={t('trackMap.filters')}>
      <label className="monitor-search__field">
        <span>{t('trackMap.company')}</span>
        <select value={search.company} onChange={(event) => onChange({ ...search, company: event.target.value })}>
          <option value="">{t('trackMap.allCompanies')}</option>
          {companies.map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
      </label>
      <label className="monitor-search__field">
        <span>{t('live.table.plate')}</span>
        <input type="search" value={search.plate} placeholder={t('trackMap.platePlaceholder')} onChange={(event) => onChange({ ...search, plate: event.target.value })} />
      </label>
      {children}
    </div>
  );
}
