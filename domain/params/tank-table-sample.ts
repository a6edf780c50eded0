// Realistic tank tables for the simulator and tests: a tanker's horizontal elliptical tank, split into compartments.
import { TANK_COMPARTMENT_MAX, TANK_COMPARTMENT_MIN, writeTankTable, type TankTable, type TankTableRow } from './tank-table';

/** A row every this many millimetres, as calibration tables are usually given. */
const SAMPLE_STEP_MM = 10;

/**
 * The filled share of an ellipse's area below `share` of its height. Every compartment has the tank's cross-section,
 * so its volume is its capacity times this share, whatever the ellipse's width and the compartment's length.
 */
export function ellipseFilledShare(share: number): number {
  const x = Math.min(1, Math.max(0, share));
  const c = 1 - 2 * x;
  return (Math.acos(c) - c * Math.sqrt(1 - c * c)) / Math.PI;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function compartmentRows(capacityL: number, heightMm: number): TankTableRow[] {
  const levels: number[] = [];
  for (let level = 0; level < heightMm; level += SAMPLE_STEP_MM) levels.push(level);
  levels.push(heightMm);
  const rows: TankTableRow[] = [];
  for (const levelMm of levels) {
    const exact = levelMm === heightMm ? capacityL : round1(capacityL * ellipseFilledShare(levelMm / heightMm));
    const previous = rows.at(-1)?.volumeL;
    // Near the bottom and the top the section's slope is nearly flat: a tenth of a litre keeps the column increasing.
    const volumeL = previous !== undefined && exact <= previous ? round1(previous + 0.1) : exact;
    rows.push({ levelMm, volumeL });
  }
  return rows;
}

/** The table as data: compartments 1…n sharing the capacity equally (the last takes the rounding remainder). */
export function sampleTankTableData(compartments: number, capacityLitres: number, heightMm: number): TankTable {
  if (!Number.isInteger(compartments) || compartments < TANK_COMPARTMENT_MIN || compartments > TANK_COMPARTMENT_MAX) {
    throw new RangeError(`compartments must be ${TANK_COMPARTMENT_MIN}–${TANK_COMPARTMENT_MAX}, got ${compartments}`);
  }
  if (!(heightMm >= SAMPLE_STEP_MM) || !(capacityLitres >= compartments)) {
    throw new RangeError(`a tank needs a height of at least ${SAMPLE_STEP_MM} mm and a litre per compartment`);
  }
  const share = Math.floor(capacityLitres / compartments);
  return {
    compartments: Array.from({ length: compartments }, (_, index) => {
      const capacityL = index === compartments - 1 ? capacityLitres - share * (compartments - 1) : share;
      return { compartment: index + 1, rows: compartmentRows(capacityL, heightMm) };
    }),
  };
}

/** The text of a realistic table (docs/tank-tables.md format), a row every 10 mm from empty to full. */
export function sampleTankTable(compartments: number, capacityLitres: number, heightMm: number): string {
  return writeTankTable(sampleTankTableData(compartments, capacityLitres, heightMm));
}
