// The live screens' search bar: a company chosen by name and part of a plate, with whatever else the screen adds.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TruckSearch } from './truck-search';

interface TruckSearchBarProps {
  readonly search: TruckSearch;
  readonly companies: readonly string[];
  readonly onChange: (next: TruckSearch) => void;
  /** Enter in the plate box (the live map goes to the first truck found). */
  readonly onPlateEnter?: () => void;
  /** The screen's own filters before the common ones (the live map's statuses). */
  readonly leading?: ReactNode;
  readonly children?: ReactNode;
}

export function TruckSearchBar({ search, companies, onChange, onPlateEnter, leading, children }: TruckSearchBarProps) {
  const { t } = useTranslation();
  return (
    <div className="monitor-search" role="group" aria-label={t('trackMap.filters')}>
      {leading}
      <label className="monitor-search__field">
        <span>{t('trackMap.company')}</span>
        <select value={search.company} onChange={(event) => onChange({ ...search, company: event.target.value })}>
          <option value="">{t('trackMap.allCompanies')}</option>
          {companies.map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
      </label>
      <label className="monitor-search__field">
        <span>{t('live.table.plate')}</span>
        <input
          type="search"
          value={search.plate}
          placeholder={t('trackMap.platePlaceholder')}
          onChange={(event) => onChange({ ...search, plate: event.target.value })}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || !onPlateEnter) return;
            event.preventDefault();
            onPlateEnter();
          }}
        />
      </label>
      {children}
    </div>
  );
}
