// The plate combobox's pure side: case-insensitive "contains" matching over thousands of plates, capped for the list.

export interface Plate {
  readonly signCode: string;
  readonly companyName: string;
}

/** Plates with their lower-cased codes computed once, so each keystroke only scans strings. */
interface PlateIndex {
  readonly plates: readonly Plate[];
  readonly keys: readonly string[];
  readonly byKey: ReadonlyMap<string, Plate>;
}

export function indexPlates(plates: readonly Plate[]): PlateIndex {
  const keys = plates.map((plate) => normalise(plate.signCode));
  const byKey = new Map<string, Plate>();
  plates.forEach((plate, at) => {
    const key = keys[at];
    if (key !== undefined && !byKey.has(key)) byKey.set(key, plate);
  });
  return { plates, keys, byKey };
}

function normalise(text: string): string {
  return text.trim().toLocaleLowerCase();
}

/** The first `limit` plates containing the text, and how many match in all (for the "keep typing" hint). */
export function matchPlates(index: PlateIndex, text: string, limit: number): { readonly shown: Plate[]; readonly total: number } {
  const needle = normalise(text);
  const shown: Plate[] = [];
  let total = 0;
  index.keys.forEach((key, at) => {
    if (!key.includes(needle)) return;
    total += 1;
    const plate = index.plates[at];
    if (plate !== undefined && shown.length < limit) shown.push(plate);
  });
  return { shown, total };
}

/** The plate the text spells in full, ignoring case and surrounding spaces. */
export function exactPlate(index: PlateIndex, text: string): Plate | undefined {
  const needle = normalise(text);
  return needle === '' ? undefined : index.byKey.get(needle);
}
