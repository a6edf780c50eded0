// Fence mileage (fency_mileage): kilometres, entries and driving time of each truck inside each fence, from the stored
// fixes and the fences' shapes. A segment between two fixes counts inside a fence in full when both ends are in it,
// half when one is; fixes further apart than MAX_GAP_MS (the truck stood or was offline) are not joined.
import { distanceKm, fenceBox, fenceContains, parseFenceShape, type FenceShape } from '../../../src/domain/fence-shape';
import type { Compute, ComputeInput, ComputedRow } from '../computed-rows';
import type { ReportContext } from '../report-query';

/** Fixes of a moving truck are 1–3 min apart; a longer gap is a stop or a lost link, not a drive. */
const MAX_GAP_MS = 10 * 60_000;
const MINUTE_MS = 60_000;

interface FenceArea {
  readonly name: string;
  readonly shape: FenceShape;
  readonly companyName: string;
  /** Bounding box [south, north, west, east]: most fixes are ruled out by it before the exact test. */
  readonly box: readonly [number, number, number, number];
}

interface Inside {
  entries: number;
  km: number;
  ms: number;
}

/** The caller's fences that have a shape. */
async function fencesOf(ctx: ReportContext): Promise<FenceArea[]> {
  if (ctx.companyCodes.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('fence as f')
    .innerJoin('company as c', 'c.code', 'f.companyCode')
    .select(['f.name', 'f.geometry', 'c.name as companyName'])
    .where('f.companyCode', 'in', ctx.companyCodes)
    .orderBy('f.id')
    .execute();
  return rows.flatMap((row) => {
    const shape = parseFenceShape(row.geometry);
    return shape ? [{ name: row.name, shape, companyName: row.companyName, box: fenceBox(shape) }] : [];
  });
}

function insideOf(fences: readonly FenceArea[], lat: number, lng: number): number[] {
  const found: number[] = [];
  fences.forEach((fence, index) => {
    const [south, north, west, east] = fence.box;
    if (lat >= south && lat <= north && lng >= west && lng <= east && fenceContains(fence.shape, lat, lng)) found.push(index);
  });
  return found;
}

interface TruckMileage {
  readonly signCode: string;
  readonly companyName: string;
  /** Fence index → what the truck did inside it. */
  readonly fences: ReadonlyMap<number, Inside>;
}

/** Each truck's time inside each fence over the input's range, and the fences. */
async function mileage(ctx: ReportContext, input: ComputeInput): Promise<{ fences: FenceArea[]; trucks: TruckMileage[] }> {
  const fences = await fencesOf(ctx);
  let trucksQuery = ctx.db
    .selectFrom('truck as t')
    .innerJoin('company as c', 'c.code', 't.companyCode')
    .select(['t.id', 't.signCode', 'c.name as companyName'])
    .where('t.companyCode', 'in', input.companies);
  if (input.signCode) trucksQuery = trucksQuery.where('t.signCode', '=', input.signCode);
  const trucks = await trucksQuery.orderBy('t.id').execute();
  const result: TruckMileage[] = [];
  for (const truck of fences.length === 0 ? [] : trucks) {
    // One truck at a time: an index range of (truck, time) each, already in time order.
    let fixes = ctx.db.selectFrom('position').select(['time', 'lat', 'lng']).where('truckId', '=', truck.id);
    if (input.startTime !== undefined) fixes = fixes.where('time', '>=', input.startTime);
    if (input.endTime !== undefined) fixes = fixes.where('time', '<=', input.endTime);
    const rows = await fixes.orderBy('time').execute();
    const inside = new Map<number, Inside>();
    let previous: { time: number; lat: number; lng: number; in: number[] } | undefined;
    for (const row of rows) {
      const here = { time: Number(row.time), lat: Number(row.lat), lng: Number(row.lng), in: insideOf(fences, Number(row.lat), Number(row.lng)) };
      const joined = previous !== undefined && here.time - previous.time <= MAX_GAP_MS ? previous : undefined;
      for (const index of here.in) {
        if (!joined?.in.includes(index)) {
          const stats = inside.get(index) ?? { entries: 0, km: 0, ms: 0 };
          stats.entries += 1;
          inside.set(index, stats);
        }
      }
      if (joined) {
        const km = distanceKm(joined.lat, joined.lng, here.lat, here.lng);
        const ms = here.time - joined.time;
        for (const index of new Set([...joined.in, ...here.in])) {
          const share = joined.in.includes(index) && here.in.includes(index) ? 1 : 0.5;
          const stats = inside.get(index) ?? { entries: 0, km: 0, ms: 0 };
          stats.km += km * share;
          stats.ms += ms * share;
          inside.set(index, stats);
        }
      }
      previous = here;
    }
    if (inside.size > 0) result.push({ signCode: truck.signCode, companyName: truck.companyName, fences: inside });
  }
  return { fences, trucks: result };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** One row per truck and fence it drove in. */
export const fenceMileageRows: Compute = async (ctx, input) => {
  const { fences, trucks } = await mileage(ctx, input);
  return trucks.flatMap((truck) =>
    [...truck.fences].flatMap(([index, stats]): ComputedRow[] => {
      const fence = fences[index];
      if (!fence) return [];
      return [{
        signCode: truck.signCode, companyName: truck.companyName, fenceName: fence.name, fenceShape: fence.shape.properties.shape,
        entries: stats.entries, km: round2(stats.km), insideMinutes: Math.round(stats.ms / MINUTE_MS),
      }];
    }),
  );
};

/** One row per fence: what the trucks of the filters did inside it (a fence no one entered shows zeros). */
export const fenceTotalRows: Compute = async (ctx, input) => {
  const { fences, trucks } = await mileage(ctx, input);
  return fences.map((fence, index): ComputedRow => {
    let [visitors, entries, km, ms] = [0, 0, 0, 0];
    for (const truck of trucks) {
      const stats = truck.fences.get(index);
      if (!stats) continue;
      visitors += 1;
      entries += stats.entries;
      km += stats.km;
      ms += stats.ms;
    }
    return {
      fenceName: fence.name, fenceShape: fence.shape.properties.shape, companyName: fence.companyName,
      trucks: visitors, entries, km: round2(km), insideMinutes: Math.round(ms / MINUTE_MS),
    };
  });
};
