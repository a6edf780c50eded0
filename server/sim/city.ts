// The simulated city: districts and roads for the `area` text, distances, headings and offsets around one centre.

export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

export const CITY_CENTRE: LatLng = { lat: 31.23, lng: 121.47 };

interface District extends LatLng {
  readonly name: string;
}

/** Shanghai's districts at roughly their real centres, so the area text matches where the map puts the truck. */
export const DISTRICTS: readonly District[] = [
  { name: '黄浦区', lat: 31.23, lng: 121.485 },
  { name: '静安区', lat: 31.24, lng: 121.45 },
  { name: '徐汇区', lat: 31.18, lng: 121.44 },
  { name: '长宁区', lat: 31.21, lng: 121.41 },
  { name: '普陀区', lat: 31.25, lng: 121.39 },
  { name: '虹口区', lat: 31.27, lng: 121.5 },
  { name: '杨浦区', lat: 31.27, lng: 121.53 },
  { name: '浦东新区', lat: 31.22, lng: 121.56 },
  { name: '闵行区', lat: 31.11, lng: 121.38 },
  { name: '宝山区', lat: 31.38, lng: 121.45 },
  { name: '嘉定区', lat: 31.36, lng: 121.26 },
  { name: '松江区', lat: 31.04, lng: 121.23 },
  { name: '青浦区', lat: 31.15, lng: 121.12 },
  { name: '奉贤区', lat: 30.93, lng: 121.47 },
];

export const ROADS: readonly string[] = [
  '世纪大道', '南京西路', '延安中路', '中山北路', '浦东南路', '龙阳路', '沪闵路', '漕溪路', '共和新路', '逸仙路',
  '杨高路', '张杨路', '金桥路', '曹安公路', '吴中路', '虹桥路', '军工路', '长江西路', '沪太路', '莲花路',
  '华夏东路', '川沙路', '外环路', '沪宜公路', '松卫路', '嘉松中路', '七莘路', '周浦路',
];

const KM_PER_DEG_LAT = 111.2;
const COS_LAT = Math.cos((CITY_CENTRE.lat * Math.PI) / 180);
const KM_PER_DEG_LNG = KM_PER_DEG_LAT * COS_LAT;
/** One road name per ~1 km cell: coarse enough that a moving truck's area text changes now and then, not every fix. */
const CELL_DEG = 0.01;

/** Equirectangular distance: accurate to well under 1% across one city. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dy = (b.lat - a.lat) * KM_PER_DEG_LAT;
  const dx = (b.lng - a.lng) * KM_PER_DEG_LNG;
  return Math.sqrt(dx * dx + dy * dy);
}

/** Compass heading from a to b in degrees: 0 north, 90 east, in [0, 360). */
export function headingDeg(a: LatLng, b: LatLng): number {
  const dy = (b.lat - a.lat) * KM_PER_DEG_LAT;
  const dx = (b.lng - a.lng) * KM_PER_DEG_LNG;
  if (dx === 0 && dy === 0) return 0;
  const deg = (Math.atan2(dx, dy) * 180) / Math.PI;
  return Math.round(((deg + 360) % 360) * 10) / 10;
}

export function lerp(a: LatLng, b: LatLng, t: number): LatLng {
  return { lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t };
}

export function offsetKm(p: LatLng, northKm: number, eastKm: number): LatLng {
  return { lat: p.lat + northKm / KM_PER_DEG_LAT, lng: p.lng + eastKm / KM_PER_DEG_LNG };
}

/** The grid cell a point is in; the area text only needs recomputing when this changes. */
export function cellOf(p: LatLng): number {
  return Math.floor(p.lat / CELL_DEG) * 100_000 + Math.floor(p.lng / CELL_DEG);
}

export function districtAt(p: LatLng): string {
  let best = DISTRICTS[0];
  let bestD = Number.POSITIVE_INFINITY;
  for (const d of DISTRICTS) {
    const dist = distanceKm(p, d);
    if (dist < bestD) {
      bestD = dist;
      best = d;
    }
  }
  return best?.name ?? '';
}

export function roadAt(p: LatLng): string {
  const cell = cellOf(p);
  const mixed = Math.imul(cell ^ (cell >>> 15), 0x2c1b3c6d) >>> 0;
  return ROADS[mixed % ROADS.length] ?? '';
}

/** Real-time address text as the console shows it, e.g. '浦东新区世纪大道'. */
export function areaAt(p: LatLng): string {
  return `${districtAt(p)}${roadAt(p)}`;
}

/** Six decimals (~0.1 m): what a GPS fix carries, and short enough for the database and the wire. */
export function roundCoord(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
