// Which live trucks are sprinklers, and whether one is spraying now, for the sprinkler screens. The status row has
// no model field, and the garden user may not call the truck list (base data) where the model lives, so the console
// tells a sprinkler by its tanks: every compartment reads oilCode −1 ("other": water, spec §9) and none reports
// humidity — a refrigerated truck's cold compartments also read −1, but always with humidity and no volume.
// A tanker whose every compartment was loaded with water by mistake would pass for one while it carries it; that is
// an alarm case of the simulator at well under 1% of loads, and such a truck does carry water.
import { MOVING_KMH } from '../../../../domain/playback/trip-math';
import { TRUCK_STATUS } from '../../../../domain/truck-status';
import type { TruckView } from '../../../../streams/truck-status.stream';

/** "Other" product: what a sprinkler's water tank reports (spec §9). */
const WATER_OIL_CODE = -1;

export function isSprinkler(truck: TruckView): boolean {
  const tanks = Object.values(truck.row.lastIventoryMap);
  return tanks.length > 0 && tanks.every((tank) => tank.oilCode === WATER_OIL_CODE && tank.humidity === undefined);
}

/**
 * Spraying: an online sprinkler carrying water and moving. A sprinkler starts spraying as it leaves its yard full
 * and sprays until its tank is empty (the simulator's `spraying` phase; the device has no spray-valve signal), so a
 * loaded sprinkler on the move is spraying; one at rest (a traffic stop) is not spraying at that moment.
 */
export function isSpraying(truck: TruckView): boolean {
  const { row } = truck;
  return row.status !== TRUCK_STATUS.offline && row.speed >= MOVING_KMH && Object.values(row.lastIventoryMap).some((tank) => tank.vt > 0);
}
