// Where the fleet works: depots (oil storage), filling stations, parking yards and service depots, placed
// deterministically in the city.
import type { SeedCompany } from '../seed/accounts';
import { DISTRICTS, ROADS, districtAt, offsetKm, roadAt, roundCoord, type LatLng } from './city';
import type { Rng } from './random';

export interface PlaceSeed {
  readonly code: string;
  readonly name: string;
  readonly shortName: string;
  readonly companyCode: string;
  readonly address: string;
  readonly lat: number;
  readonly lng: number;
  readonly status: number;
}

export interface PlacesSeed {
  readonly depots: readonly (PlaceSeed & { readonly manager: string })[];
  readonly stations: readonly (PlaceSeed & { readonly phone: string; readonly safeRange: number })[];
  readonly parks: readonly (PlaceSeed & { readonly contact: string; readonly phone: string })[];
  /** Where each fleet company's trucks are serviced: one per company, a few km from its yard. */
  readonly serviceDepots: readonly PlaceSeed[];
}

/** Oil depots sit on the city's edge, by the river and the ring roads, as real ones do. */
const DEPOTS = [
  { name: '吴泾油库', district: '闵行区', north: -3, east: 6 },
  { name: '吴淞油库', district: '宝山区', north: 2, east: 5 },
  { name: '高桥油库', district: '浦东新区', north: 9, east: 2 },
  { name: '嘉定油库', district: '嘉定区', north: -2, east: 3 },
] as const;

const STATION_COUNT = 16;
const BRANDS = ['中石化', '中石油', '壳牌', '中海油'] as const;

function near(district: string, north: number, east: number): LatLng {
  const d = DISTRICTS.find((x) => x.name === district) ?? DISTRICTS[0] ?? { lat: 31.23, lng: 121.47 };
  const p = offsetKm(d, north, east);
  return { lat: roundCoord(p.lat), lng: roundCoord(p.lng) };
}

function addressOf(p: LatLng, rng: Rng): string {
  return `上海市${districtAt(p)}${roadAt(p)}${rng.int(1, 2999)}号`;
}

/**
 * Depots, stations and parks; owners rotate over the fuel companies, each fleet company gets its own yard and service
 * depot. The service depots draw last, so the places before them are those of a seed made without them.
 */
export function placesFor(companies: readonly SeedCompany[], rng: Rng): PlacesSeed {
  const fuel = companies.filter((c) => c.fleet === 'fuel').map((c) => c.code);
  const owner = (i: number): string => fuel[i % fuel.length] ?? companies[0]?.code ?? 'C001';

  const depots = DEPOTS.map((d, i) => {
    const p = near(d.district, d.north + rng.float(-1, 1), d.east + rng.float(-1, 1));
    return {
      code: `YK${String(i + 1).padStart(3, '0')}`, name: d.name, shortName: d.name.slice(0, 2), companyCode: owner(i),
      address: addressOf(p, rng), ...p, status: 1, manager: rng.pick(['周建国', '陈志强', '孙立新', '吴海涛']),
    };
  });

  // Distinct roads keep station names unique, as the master-data rules require.
  const roads = ROADS.map((road) => ({ road, key: rng.next() })).sort((a, b) => a.key - b.key);
  const stations = Array.from({ length: STATION_COUNT }, (_, i) => {
    const district = DISTRICTS[i % DISTRICTS.length]?.name ?? '黄浦区';
    const p = near(district, rng.float(-2.5, 2.5), rng.float(-2.5, 2.5));
    const road = roads[i]?.road ?? `${i}号路`;
    const brand = BRANDS[i % BRANDS.length] ?? '中石化';
    const name = `${brand}${road}加油站`;
    return {
      code: `JY${String(i + 1).padStart(3, '0')}`, name, shortName: `${road}站`, companyCode: owner(i),
      address: `上海市${district}${road}${rng.int(1, 2999)}号`, ...p, status: 1,
      phone: `021${String(rng.int(50_000_000, 69_999_999))}`, safeRange: rng.pick([100, 200, 300, 500]),
    };
  });

  const fleetCompanies = companies.filter((c) => c.fleet !== 'none');
  const parks = fleetCompanies.map((c, i) => {
    const district = DISTRICTS[(i * 5 + 3) % DISTRICTS.length]?.name ?? '闵行区';
    const p = near(district, rng.float(-2, 2), rng.float(-2, 2));
    return {
      code: `TC${String(i + 1).padStart(3, '0')}`, name: `${c.shortName}停车场`, shortName: c.shortName, companyCode: c.code,
      address: addressOf(p, rng), ...p, status: 1, contact: rng.pick(['钱师傅', '郑师傅', '冯师傅', '褚师傅']),
      phone: `021${String(rng.int(50_000_000, 69_999_999))}`,
    };
  });

  const serviceDepots = parks.map((yard, i) => {
    const p = offsetKm(yard, rng.float(1, 3), rng.float(-3, 3));
    const at = { lat: roundCoord(p.lat), lng: roundCoord(p.lng) };
    return {
      code: `WX${String(i + 1).padStart(3, '0')}`, name: `${yard.shortName}维修站`, shortName: `${yard.shortName}维修`,
      companyCode: yard.companyCode, address: addressOf(at, rng), ...at, status: 1,
    };
  });

  return { depots, stations, parks, serviceDepots };
}
