// A truck chosen by its plate: a type-ahead over the truck list (the server matches part of the plate), so ten
// thousand trucks cost one small page per pause in typing. Picks a truck's id and plate.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchComboBox } from '../../../ui/filters';
import { useTruckSearch } from '../entity/use-truck-search';

export interface PickedTruck {
  readonly id: number;
  readonly signCode: string;
}

interface TruckPickerProps {
  readonly label: string;
  /** The chosen truck's plate, '' for none (a picker that adds trucks to a list stays empty). */
  readonly value: string;
  readonly onPick: (truck: PickedTruck) => void;
  /** Trucks not offered (already chosen). */
  readonly exclude?: readonly number[];
}

export function TruckPicker({ label, value, onPick, exclude = [] }: TruckPickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState(value);
  const search = useTruckSearch(input);
  const found = useMemo(() => ({ trucks: search.trucks.map((truck): PickedTruck => ({ id: truck.id, signCode: truck.plate })), total: search.total }), [search]);

  const offered = useMemo(() => found.trucks.filter((truck) => !exclude.includes(truck.id)), [found, exclude]);
  const pick = (plate: string) => {
    const truck = offered.find((candidate) => candidate.signCode === plate);
    if (!truck) return;
    setInput(value === '' ? '' : plate);
    onPick(truck);
  };
  // A plate typed in full is chosen as if picked, also when the search's answer comes after the typing.
  const typedPlate = offered.find((truck) => truck.signCode === input.trim() && truck.signCode !== value);
  useEffect(() => {
    if (typedPlate) pick(typedPlate.signCode);
    // pick is remade each render; the plate found is what matters.
  }, [typedPlate]);

  return (
    <SearchComboBox
      label={label}
      items={offered.map((truck) => truck.signCode)}
      value={value}
      onChange={pick}
      inputValue={input}
      onInputChange={setInput}
      placeholder={t('paramEditor.truckPlaceholder')}
      emptyText={t('paramEditor.noTruck')}
      moreText={found.total > found.trucks.length ? t('paramEditor.moreTrucks', { shown: found.trucks.length, total: found.total }) : undefined}
      onBlur={() => setInput(value)}
    />
  );
}
