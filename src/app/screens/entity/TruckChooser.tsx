// The send dialog's trucks chosen by plate: a type-ahead over the caller's trucks (one small page per pause), each
// pick added to the list below with a button to take it off again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchComboBox } from '../../../ui/filters';
import type { TruckChoice } from './send-calls';
import { useTruckSearch } from './use-truck-search';

interface TruckChooserProps {
  readonly chosen: readonly TruckChoice[];
  readonly onChange: (chosen: readonly TruckChoice[]) => void;
  readonly isInvalid: boolean;
  readonly describedBy: string | undefined;
}

export function TruckChooser({ chosen, onChange, isInvalid, describedBy }: TruckChooserProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const found = useTruckSearch(input);

  const pick = (plate: string) => {
    const truck = found.trucks.find((candidate) => candidate.plate === plate);
    if (truck && !chosen.some((held) => held.id === truck.id)) onChange([...chosen, truck]);
    setInput('');
  };
  const offered = found.trucks.filter((truck) => !chosen.some((held) => held.id === truck.id)).map((truck) => truck.plate);

  return (
    <div className="entity-send__trucks">
      <SearchComboBox
        className="entity-form__choice"
        label={t('deviceEntity.send.plate')}
        items={offered}
        value=""
        onChange={(plate) => plate !== '' && pick(plate)}
        inputValue={input}
        onInputChange={setInput}
        placeholder={t('deviceEntity.send.platePlaceholder')}
        emptyText={t('deviceEntity.send.noMatch')}
        moreText={found.total > found.trucks.length ? t('deviceEntity.send.more', { shown: found.trucks.length, total: found.total }) : undefined}
        isRequired
        isInvalid={isInvalid}
        describedBy={describedBy}
      />
      <ul className="entity-send__chosen" aria-label={t('deviceEntity.send.chosen')}>
        {chosen.map((truck) => (
          <li key={truck.id}>
            {truck.plate}
            <button type="button" className="entity-link entity-link--danger" aria-label={t('deviceEntity.send.remove', { plate: truck.plate })} onClick={() => onChange(chosen.filter((held) => held.id !== truck.id))}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
