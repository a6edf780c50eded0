// Reading a tank table (params spec §3.2): a level's volume and a volume's level by linear interpolation between the
// table's rows, and the facts a table gives its record (tank height, capacity, per-compartment figures).
import type { TankCompartmentTable, TankTable, TankTableRow } from './tank-table';

interface TankCompartmentFacts {
  readonly compartment: number;
  /** The compartment's highest level (mm). */
  readonly heightMm: number;
  /** The compartment's volume at its highest level (L). */
  readonly capacityL: number;
  readonly rows: number;
}

interface TankTableFacts {
  /** The highest level of any compartment (mm). */
  readonly heightMm: number;
  /** The sum of every compartment's capacity (L). */
  readonly capacityL: number;
  readonly compartments: readonly TankCompartmentFacts[];
}

type Axis = 'levelMm' | 'volumeL';

const rowsOf = (table: TankTable, compartment: number): TankCompartmentTable['rows'] | undefined =>
  table.compartments.find((entry) => entry.compartment === compartment)?.rows;

/**
 * Interpolates `to` at `value` of `from` on rows where both strictly increase; clamped to the first and last row, since
 * a probe reading just outside the table (a wave, a tilt) still means an empty or a full compartment.
 * Binary search: the simulator asks this for every truck's every compartment at each step.
 */
function interpolate(rows: readonly TankTableRow[], from: Axis, to: Axis, value: number): number | undefined {
  if (!Number.isFinite(value) || rows.length === 0) return undefined;
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  if (value <= first[from]) return first[to];
  if (value >= last[from]) return last[to];
  let low = 0;
  let high = rows.length - 1;
  // Invariant: rows[low][from] < value < rows[high][from].
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    const at = rows[middle]![from];
    if (at === value) return rows[middle]![to];
    if (at < value) low = middle;
    else high = middle;
  }
  const below = rows[low]!;
  const above = rows[high]!;
  const share = (value - below[from]) / (above[from] - below[from]);
  return below[to] + share * (above[to] - below[to]);
}

/** The volume (L) of a compartment filled to `levelMm`; undefined when the table has no such compartment. */
export function volumeAt(table: TankTable, compartment: number, levelMm: number): number | undefined {
  const rows = rowsOf(table, compartment);
  return rows && interpolate(rows, 'levelMm', 'volumeL', levelMm);
}

/** The level (mm) at which a compartment holds `volumeL`; the inverse of volumeAt. */
export function levelAt(table: TankTable, compartment: number, volumeL: number): number | undefined {
  const rows = rowsOf(table, compartment);
  return rows && interpolate(rows, 'volumeL', 'levelMm', volumeL);
}

export function tankTableFacts(table: TankTable): TankTableFacts {
  const compartments = table.compartments.map(({ compartment, rows }) => {
    const top = rows[rows.length - 1];
    return { compartment, heightMm: top?.levelMm ?? 0, capacityL: top?.volumeL ?? 0, rows: rows.length };
  });
  return {
    heightMm: Math.max(0, ...compartments.map((entry) => entry.heightMm)),
    capacityL: compartments.reduce((sum, entry) => sum + entry.capacityL, 0),
    compartments,
  };
}
