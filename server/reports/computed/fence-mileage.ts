// Fence mileage (fency_mileage): kilometres, entries and driving time of each truck inside each fence, from the stored
// fixes and the fences' shapes. A segment between two fixes counts inside a fence in full when both ends are in it,
// half when one is; fixes further apart than MAX_GAP_MS (the truck stood or was offline) are not joined. A segment and
// an entry belong to the piece of the range their later fix is in, so pieces (stored days, live edges) add up.
import { sql } from 'kysely';
import { distanceKm, fenceBox, fenceContains, parseFenceShape, type FenceShape } from '../../../domain/fence-shape';
import { inCompanies, scopedFrom } from '../../auth/company-scope';
import type { Compute, ComputeInput, ComputedRow } from '../computed-rows';
import { dailyParts, type DailyCompute, type Part } from '../daily-parts';
import type { ReportContext } from '../report-query';

/** Fixes of a moving truck are 1–3 min apart; a longer gap is a stop or a lost link, not a drive. */
const MAX_GAP_MS = 10 * 60_000;
const MINUTE_MS = 60_000;

interface FenceArea {
  readonly id: number;
  readonly shape: FenceShape;
  /** Bounding box [south, north, west, east]: most fixes are ruled out by it before the exact test. */
  readonly box: readonly [number, number, number, number];
}

/** Every fence with a shape, of every company: stored days serve every caller. */
async function fenceAreas(ctx: ReportContext): Promise<FenceArea[]> {
  const rows = await ctx.db.selectFrom('fence').select(['id', 'geometry']).orderBy('id').execute();
  return rows.flatMap((row) => {
    const shape = parseFenceShape(row.geometry);
    return shape ? [{ id: Number(row.id), shape, box: fenceBox(shape) }] : [];
  });
}

function insideOf(fences: readonly FenceArea[], lat: number, lng: number): number[] {
  const found: number[] = [];
  for (const fence of fences) {
    const [south, north, west, east] = fence.box;
    if (lat >= south && lat <= north && lng >= west && lng <= east && fenceContains(fence.shape, lat, lng)) found.push(fence.id);
  }
  return found;
}

interface Fix {
  readonly time: number;
  readonly lat: number;
  readonly lng: number;
  readonly inside: readonly number[];
}

/** Each truck's entries, kilometres and time inside each fence over [from, to], as parts keyed by truck and fence. */
async function fenceParts(ctx: ReportContext, from: number, to: number, companies: readonly string[] | 'all'): Promise<Part[]> {
  const fences = await fenceAreas(ctx);
  if (fences.length === 0) return [];
  // The fix before the piece (within the gap) is read too: the piece's first segment starts at it.
  let query = ctx.db
    .selectFrom('position as p')
    .innerJoin('truck as t', 't.id', 'p.truckId')
    .select(['p.truckId', 't.companyCode', 'p.time', 'p.lat', 'p.lng'])
    .where('p.time', '>=', from - MAX_GAP_MS)
    .where('p.time', '<=', to);
  if (companies !== 'all') query = query.where((eb) => inCompanies(eb, 't.companyCode', companies));
  const rows = await query.orderBy('p.truckId').orderBy('p.time').execute();

  const stats = new Map<string, { truckId: number; fenceId: number; company: string; entries: number; km: number; ms: number }>();
  const add = (truckId: number, company: string, fenceId: number, entries: number, km: number, ms: number) => {
    const key = `${truckId}:${fenceId}`;
    const found = stats.get(key) ?? { truckId, fenceId, company, entries: 0, km: 0, ms: 0 };
    found.entries += entries;
    found.km += km;
    found.ms += ms;
    stats.set(key, found);
  };
  let truck = -1;
  let previous: Fix | undefined;
  for (const row of rows) {
    const truckId = Number(row.truckId);
    if (truckId !== truck) [truck, previous] = [truckId, undefined];
    const lat = Number(row.lat);
    const lng = Number(row.lng);
    const here: Fix = { time: Number(row.time), lat, lng, inside: insideOf(fences, lat, lng) };
    if (here.time >= from) {
      const joined = previous !== undefined && here.time - previous.time <= MAX_GAP_MS ? previous : undefined;
      for (const fenceId of here.inside) if (!joined?.inside.includes(fenceId)) add(truckId, row.companyCode, fenceId, 1, 0, 0);
      if (joined) {
        const km = distanceKm(joined.lat, joined.lng, here.lat, here.lng);
        for (const fenceId of new Set([...joined.inside, ...here.inside])) {
          const share = joined.inside.includes(fenceId) && here.inside.includes(fenceId) ? 1 : 0.5;
          add(truckId, row.companyCode, fenceId, 0, km * share, (here.time - joined.time) * share);
        }
      }
    }
    previous = here;
  }
  return [...stats].map(([key, found]) => ({
    key, company: found.company, fields: { truckId: found.truckId, fenceId: found.fenceId },
    sums: { entries: found.entries, km: found.km, ms: found.ms },
  }));
}

/** Stored days of fence mileage: new fixes change their day and the next (a late fix starts its first segment). */
export const FENCE_MILEAGE: DailyCompute = {
  id: 'fenceMileage',
  watch: [{ table: 'position', reach: { before: 0, after: 1 } }],
  // A fence drawn, changed or removed changes every day.
  async version(ctx) {
    const row = await ctx.db
      .selectFrom('fence')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('top'), eb.fn.max('modifyTime').as('changed'), eb.fn.sum(sql<number>`length(geometry)`).as('size')])
      .executeTakeFirst();
    return `${row?.n}:${row?.top}:${row?.changed}:${row?.size}`;
  },
  parts: fenceParts,
};

interface Mileage {
  readonly truckId: number;
  readonly fenceId: number;
  readonly entries: number;
  readonly km: number;
  readonly ms: number;
}

/** The input's trucks' mileage in each fence the caller may see, with the names a row shows. */
async function mileage(ctx: ReportContext, input: ComputeInput) {
  const [parts, trucks, fences] = await Promise.all([
    dailyParts(ctx, FENCE_MILEAGE, input.startTime ?? 0, input.endTime ?? ctx.now, input.companies),
    scopedFrom(ctx.db, input.companies, 'truck', 't')
      .innerJoin('company as c', 'c.code', 't.companyCode')
      .select(['t.id', 't.signCode', 'c.name as companyName'])
      .execute(),
    scopedFrom(ctx.db, ctx.companyCodes, 'fence', 'f')
      .innerJoin('company as c', 'c.code', 'f.companyCode')
      .select(['f.id', 'f.name', 'f.type', 'c.name as companyName'])
      .orderBy('f.id')
      .execute(),
  ]);
  const truckOf = new Map(trucks.filter((truck) => !input.signCode || truck.signCode === input.signCode).map((truck) => [Number(truck.id), truck]));
  const fenceOf = new Map(fences.map((fence) => [Number(fence.id), fence]));
  const inside: Mileage[] = parts.flatMap((part) => {
    const [truckId, fenceId] = [Number(part.fields['truckId']), Number(part.fields['fenceId'])];
    if (!truckOf.has(truckId) || !fenceOf.has(fenceId)) return [];
    return [{ truckId, fenceId, entries: part.sums['entries'] ?? 0, km: part.sums['km'] ?? 0, ms: part.sums['ms'] ?? 0 }];
  });
  return { inside, truckOf, fences, fenceOf };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** One row per truck and fence it drove in. */
export const fenceMileageRows: Compute = async (ctx, input) => {
  const { inside, truckOf, fenceOf } = await mileage(ctx, input);
  return inside.flatMap((stats): ComputedRow[] => {
    const [truck, fence] = [truckOf.get(stats.truckId), fenceOf.get(stats.fenceId)];
    if (!truck || !fence) return [];
    return [{
      signCode: truck.signCode, companyName: truck.companyName, fenceName: fence.name, fenceShape: fence.type,
      entries: stats.entries, km: round2(stats.km), insideMinutes: Math.round(stats.ms / MINUTE_MS),
    }];
  });
};

/** One row per fence the caller may see: what the input's trucks did inside it (a fence no one entered shows zeros). */
export const fenceTotalRows: Compute = async (ctx, input) => {
  const { inside, fences } = await mileage(ctx, input);
  return fences.map((fence): ComputedRow => {
    const visits = inside.filter((stats) => stats.fenceId === Number(fence.id));
    const total = (pick: (stats: Mileage) => number) => visits.reduce((sum, stats) => sum + pick(stats), 0);
    return {
      fenceName: fence.name, fenceShape: fence.type, companyName: fence.companyName,
      trucks: visits.length, entries: total((stats) => stats.entries), km: round2(total((stats) => stats.km)),
      insideMinutes: Math.round(total((stats) => stats.ms) / MINUTE_MS),
    };
  });
};
