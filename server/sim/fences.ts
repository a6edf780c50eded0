// Fences (geofences) awaiting, passing or failing approval, so the fence-approval calls and the 15-minute notice have data.
import type { PlacesSeed } from './places';
import type { Rng } from './random';
import type { SqlValue } from './sql';

const HOUR = 3_600_000;

/** Rows in fence-table column order: name, type, company, approval, modifier, time, kind, approver, approval time, address. */
export function fenceRows(places: PlacesSeed, rng: Rng, now: number): SqlValue[][] {
  const sites = [
    ...places.depots.map((p) => ({ place: p, type: 'polygon' })),
    ...places.stations.slice(0, 6).map((p) => ({ place: p, type: 'circle' })),
  ];
  // 0 pending, 1 approved, 2 rejected (params spec §4): a mix, with the pending ones driving the approval notice.
  const statuses = [0, 1, 0, 2, 1, 0, 1, 2, 0, 1];
  return sites.map(({ place, type }, i) => {
    const status = statuses[i % statuses.length] ?? 0;
    const modifyTime = now - rng.int(6, 240) * HOUR;
    const decided = status !== 0;
    return [
      `${place.name}围栏`, type, place.companyCode, status, rng.pick(['manager', 'operator']), modifyTime,
      rng.chance(0.6) ? 'new' : 'modify', decided ? 'admin' : null, decided ? modifyTime + rng.int(1, 5) * HOUR : null, place.address,
    ];
  });
}
