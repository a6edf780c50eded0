// Fences (geofences) with their shapes, awaiting, passing or failing approval, so the fence-approval calls, the 15-minute
// notice and the fence-mileage report have data.
import type { FenceShape } from '../../domain/fence-shape';
import { districtAt } from './city';
import { circleAt, polygonAround, rectangleAround, zoneFences } from './fence-geometry';
import type { PlaceSeed, PlacesSeed } from './places';
import type { Rng } from './random';
import type { SqlValue } from './sql';

const HOUR = 3_600_000;
/** The first stations get a fence: a circle of 150–300 m. */
const STATION_FENCES = 6;

interface FenceSite {
  readonly name: string;
  readonly companyCode: string;
  readonly address: string;
  readonly shape: FenceShape;
}

/** Every depot's grounds, the first stations' forecourts, every yard, then the companies' zones. */
function fenceSites(places: PlacesSeed, rng: Rng): FenceSite[] {
  const site = (p: PlaceSeed, shape: FenceShape): FenceSite => ({
    name: `${p.name}围栏`, companyCode: p.companyCode, address: p.address, shape,
  });
  return [
    ...places.depots.map((p) => site(p, polygonAround(p, rng))),
    ...places.stations.slice(0, STATION_FENCES).map((p) => site(p, circleAt(p, rng.int(15, 30) * 10))),
    ...places.parks.map((p) => site(p, rectangleAround(p, 0.3, 0.2))),
    ...zoneFences(places).map((z) => ({ name: z.name, companyCode: z.companyCode, address: `上海市${districtAt(z.centre)}`, shape: z.shape })),
  ];
}

/**
 * Rows in fence-table column order: name, type, company, approval, modifier, time, kind, approver, approval time,
 * address, geometry (whose shape is the type). The shapes draw from their own stream, so the approval mix stays put.
 */
export function fenceRows(places: PlacesSeed, rng: Rng, now: number): SqlValue[][] {
  const sites = fenceSites(places, rng.fork('geometry'));
  // 0 pending, 1 approved, 2 rejected (params spec §4): a mix, with the pending ones driving the approval notice.
  const statuses = [0, 1, 0, 2, 1, 0, 1, 2, 0, 1];
  return sites.map(({ name, companyCode, address, shape }, i) => {
    const status = statuses[i % statuses.length] ?? 0;
    const modifyTime = now - rng.int(6, 240) * HOUR;
    const decided = status !== 0;
    return [
      name, shape.properties.shape, companyCode, status, rng.pick(['manager', 'operator']), modifyTime,
      rng.chance(0.6) ? 'new' : 'modify', decided ? 'admin' : null, decided ? modifyTime + rng.int(1, 5) * HOUR : null, address,
      JSON.stringify(shape),
    ];
  });
}
