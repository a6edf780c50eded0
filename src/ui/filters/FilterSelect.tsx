// A report's own select filter (fuel kind, process, state…): the options plus a first "All" choice that means ''.
import { useTranslation } from 'react-i18next';
import { ChoiceField } from './ChoiceField';

export interface FilterOption {
  readonly value: string;
  readonly label: string;
}

interface FilterSelectProps {
  /** Already translated: the caller owns the report's label keys. */
  readonly label: string;
  readonly options: readonly FilterOption[];
  /** '' for all. */
  readonly value: string;
  readonly onChange: (value: string) => void;
}

export function FilterSelect({ label, options, value, onChange }: FilterSelectProps) {
  const { t } = useTranslation();
  return <ChoiceField label={label} choices={options} value={value} onChange={onChange} emptyLabel={t('report.filter.all')} />;
}
