// A truck chosen by its plate: a type-ahead over the truck list (the server matches part of the plate), so ten
// thousand trucks cost one small page per pause in typing. Picks a truck's id and plate.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityFor } from '../../../domain/screens/entities/registry';
import { SearchComboBox } from '../../../ui/filters';
import { fetchEntityPage } from '../entity/entity-calls';
import { REFERENCE_PAGE } from '../entity/ReferenceField';

export interface PickedTruck {
  readonly id: number;
  readonly signCode: string;
}

const TRUCK_PATH = '/setting/base_data/truck';
const TYPING_PAUSE_MS = 200;

export interface TruckPickerProps {
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
  const [found, setFound] = useState<{ trucks: readonly PickedTruck[]; total: number }>({ trucks: [], total: 0 });
  const def = entityFor(TRUCK_PATH);

  useEffect(() => {
    if (!def) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      const text = input.trim();
      const query = { page: 1, size: REFERENCE_PAGE, sort: 'signCode', order: 'asc', ...(text === '' ? {} : { signCode: text }) };
      fetchEntityPage(def, query).then(
        (page) => current && setFound({
          trucks: page.rows.map((row) => ({ id: Number(row.key), signCode: String(row.values['signCode'] ?? row.key) })),
          total: page.total,
        }),
        // A failed search offers nothing; the client's toast said why.
        () => current && setFound({ trucks: [], total: 0 }),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [def, input]);

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
