// A truck's route as a polyline, and moving along it: position, heading and arrival.
import { distanceKm, headingDeg, offsetKm, type LatLng } from './city';
import type { Rng } from './random';

export interface Route {
  readonly points: readonly LatLng[];
  readonly lengths: readonly number[];
  /** Per segment, computed once: the hot loop then needs no trigonometry. */
  readonly headings: readonly number[];
  /** Index of the segment being driven. */
  seg: number;
  /** Km driven along that segment. */
  along: number;
}

function routeThrough(through: readonly LatLng[]): Route {
  // Copies: callers pass the truck itself as the start, and it keeps moving.
  const points = through.map((p) => ({ lat: p.lat, lng: p.lng }));
  const lengths: number[] = [];
  const headings: number[] = [];
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1];
    const b = points[i];
    lengths.push(a && b ? distanceKm(a, b) : 0);
    headings.push(a && b ? headingDeg(a, b) : 0);
  }
  return { points, lengths, headings, seg: 0, along: 0 };
}

/** Streets are not straight lines: go along one axis, turn once near the other, with a little jitter. */
export function streetRoute(from: LatLng, to: LatLng, rng: Rng): Route {
  const latFirst = rng.chance(0.5);
  const corner = latFirst ? { lat: to.lat, lng: from.lng } : { lat: from.lat, lng: to.lng };
  const bend = offsetKm(corner, rng.float(-0.4, 0.4), rng.float(-0.4, 0.4));
  return routeThrough([from, bend, to]);
}

/** A sprinkler's spraying loop: a few streets near its yard and back to the start. */
export function loopRoute(from: LatLng, rng: Rng, radiusKm: number): Route {
  const points: LatLng[] = [from];
  const stops = rng.int(3, 5);
  for (let i = 0; i < stops; i += 1) points.push(offsetKm(from, rng.float(-radiusKm, radiusKm), rng.float(-radiusKm, radiusKm)));
  points.push(from);
  return routeThrough(points);
}

/** Where a moving thing is; advance() writes into it rather than allocating, since it runs for every truck every step. */
interface Mover {
  lat: number;
  lng: number;
  heading: number;
}

export function arrived(route: Route): boolean {
  return route.seg >= route.lengths.length;
}

/** Moves `km` along the route, updates the mover's position and heading, and returns the km actually driven. */
export function advance(route: Route, km: number, mover: Mover): number {
  let left = km;
  while (left > 0 && route.seg < route.lengths.length) {
    const remaining = (route.lengths[route.seg] ?? 0) - route.along;
    if (left < remaining) {
      route.along += left;
      left = 0;
    } else {
      left -= remaining;
      route.seg += 1;
      route.along = 0;
    }
  }
  place(route, mover);
  return km - left;
}

function place(route: Route, mover: Mover): void {
  const last = route.points.length - 1;
  const seg = Math.min(route.seg, last - 1);
  const a = route.points[seg];
  const b = route.points[seg + 1];
  if (!a || !b) return;
  const segLen = route.lengths[seg] ?? 0;
  const t = arrived(route) ? 1 : segLen > 0 ? route.along / segLen : 1;
  mover.lat = a.lat + (b.lat - a.lat) * t;
  mover.lng = a.lng + (b.lng - a.lng) * t;
  mover.heading = route.headings[seg] ?? mover.heading;
}
