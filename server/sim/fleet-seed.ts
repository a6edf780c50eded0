// Deterministic master data for the simulated fleet: places (service depots too), trucks, drivers, devices, live rows
// and fences.
import type { Db } from '../db/open';
import { inTransaction } from '../db/transaction';
import type { TruckModel } from '../db/schema';
import { COMPANIES } from '../seed/accounts';
import { areaAt, offsetKm, roundCoord, type LatLng } from './city';
import { compartmentLitres, initialInventory } from './tanks';
import { MANUFACTURERS, MAX_TRUCKS, idNumber, mobile, truckIdentities, uniqueDriverName } from './names';
import { placesFor, type PlaceSeed } from './places';
import { Rng, hashSeed } from './random';
import { rechargeRows, repairCardRows, simCardRows } from './sim-cards';
import { insertRows, type SqlValue } from './sql';
import { fenceRows } from './fences';

const DEFAULT_FLEET_SIZE = 80;
/** The reference time when the caller gives none (2025-01-01 00:00 China time): a seed alone then fixes every value. */
export const SEED_EPOCH = Date.UTC(2024, 11, 31, 16);

interface FleetSeedOptions {
  readonly seed: number | string;
  /** Total trucks over all fleet companies; default 80. */
  readonly trucks?: number;
  readonly now?: number;
}

interface FleetSeedResult {
  readonly trucks: number;
  readonly depots: number;
  readonly stations: number;
  readonly parks: number;
  readonly serviceDepots: number;
  readonly fences: number;
}

interface TruckPlan {
  readonly companyCode: string;
  readonly model: TruckModel;
  readonly compartments: number;
  readonly capacity: number;
}

const OFFICE_LETTER: Readonly<Record<string, string>> = { C002: 'A', C003: 'B', C004: 'C', C005: 'D' };
const HOUR = 3_600_000;

/** About 15% sprinklers for the garden bureau, 8% refrigerated and general trucks for the logistics firm, the rest tankers. */
function planTrucks(total: number, rng: Rng): TruckPlan[] {
  const fuel = COMPANIES.filter((c) => c.fleet === 'fuel').map((c) => c.code);
  const garden = COMPANIES.filter((c) => c.fleet === 'sprinkler').map((c) => c.code);
  const logistics = fuel[fuel.length - 1] ?? 'C004';
  const sprinklers = garden.length > 0 && total >= 4 ? Math.round(total * 0.15) : 0;
  const others = total >= 8 ? Math.round(total * 0.08) : 0;
  const plans: TruckPlan[] = [];
  for (let i = 0; i < total; i += 1) {
    if (i < sprinklers) {
      const companyCode = garden[i % garden.length] ?? 'C005';
      plans.push({ companyCode, model: 'sprinkler', compartments: 1, capacity: rng.pick([5, 8, 10, 12, 15]) });
    } else if (i < sprinklers + others) {
      const model = i % 2 === 0 ? 'refrigerated' : 'truck';
      const capacity = model === 'truck' ? rng.int(10, 20) : rng.int(5, 10);
      // A refrigerated box from 8 t up has two cold compartments (frozen and chilled); a general truck has none.
      const compartments = model === 'refrigerated' ? (capacity >= 8 ? 2 : 1) : 0;
      plans.push({ companyCode: logistics, model, compartments, capacity });
    } else {
      const compartments = rng.weighted([[1, 5], [2, 15], [3, 30], [4, 30], [5, 20]] as const);
      const companyCode = fuel[i % fuel.length] ?? 'C002';
      plans.push({ companyCode, model: 'fuel', compartments, capacity: compartments * rng.pick([5, 6, 7]) });
    }
  }
  // Shuffle so truck ids mix companies and models, as a real registration order would.
  for (let i = plans.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    const a = plans[i];
    const b = plans[j];
    if (a && b) [plans[i], plans[j]] = [b, a];
  }
  return plans;
}

function placeRow(p: PlaceSeed): SqlValue[] {
  return [p.code, p.name, p.shortName, p.companyCode, p.address, p.lat, p.lng, p.status];
}
const PLACE_COLUMNS = ['code', 'name', 'shortName', 'companyCode', 'address', 'lat', 'lng', 'status'] as const;

const CAMERA_COLUMNS = ['companyCode', 'truckId', 'terminalPhone', 'totalChannels', 'dualIp', 'recording', 'realtimeVideo', 'hdLine'] as const;

/**
 * Each truck's camera (camera_setup), so the video screens play out of the box: four channels on tankers (cab, road,
 * manhole, bottom valves), two on sprinklers; every tenth truck has none and every tenth another has live video switched
 * off, so the screens' no-signal reasons show too. Drawn from no random stream: earlier seeds keep their fleets.
 */
function cameraRows(plans: readonly TruckPlan[], truckIds: readonly number[], phones: readonly string[]): SqlValue[][] {
  return plans.flatMap((p, i) => {
    if (i % 10 === 9) return [];
    const channels = p.model === 'sprinkler' ? 2 : 4;
    const videoOn = i % 10 === 4 ? 0 : 1;
    return [[p.companyCode, truckIds[i] ?? 0, phones[i] ?? '', channels, '10.20.0.8:6605,10.20.0.9:6605', 1, videoOn, 1]];
  });
}

/**
 * Writes the fleet's master data into an empty fleet (run `seedAccounts` first) in one transaction.
 * The same seed and size always give the same rows; any size up to MAX_TRUCKS keeps plates, SNs and phones unique.
 */
export async function seedFleet(db: Db, options: FleetSeedOptions): Promise<FleetSeedResult> {
  const total = options.trucks ?? DEFAULT_FLEET_SIZE;
  if (!Number.isInteger(total) || total < 1 || total > MAX_TRUCKS) throw new Error(`fleet size must be 1–${MAX_TRUCKS}, not ${total}`);
  const now = options.now ?? SEED_EPOCH;
  const rng = new Rng(hashSeed(options.seed, 'fleet'));
  const places = placesFor(COMPANIES, rng.fork('places'));
  const plans = planTrucks(total, rng.fork('plans'));
  const identity = truckIdentities(rng.fork('identities'));
  const people = rng.fork('people');
  const live = rng.fork('live');

  return inTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('truck').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    if (Number(existing?.n ?? 0) > 0) throw new Error('seedFleet needs an empty fleet; this database already has trucks');

    await insertRows(trx, 'depot', [...PLACE_COLUMNS, 'manager'], places.depots.map((d) => [...placeRow(d), d.manager]));
    await insertRows(trx, 'station', [...PLACE_COLUMNS, 'phone', 'safeRange'], places.stations.map((s) => [...placeRow(s), s.phone, s.safeRange]));
    await insertRows(trx, 'park', [...PLACE_COLUMNS, 'contact', 'phone'], places.parks.map((p) => [...placeRow(p), p.contact, p.phone]));
    await insertRows(trx, 'serviceDepot', PLACE_COLUMNS, places.serviceDepots.map(placeRow));

    const ids = plans.map((plan, i) => identity(i, OFFICE_LETTER[plan.companyCode] ?? 'E'));
    await insertRows(
      trx, 'truck',
      ['signCode', 'consoleSn', 'companyCode', 'model', 'phone', 'compartments', 'capacity', 'plateColor', 'status'],
      plans.map((p, i) => {
        const id = ids[i];
        const plateColor = p.model === 'refrigerated' && p.capacity < 8 ? 'blue' : 'yellow';
        return [id?.signCode ?? '', id?.consoleSn ?? '', p.companyCode, p.model, id?.phone ?? '', p.compartments, p.capacity, plateColor, 1];
      }),
    );
    const stored = await trx.selectFrom('truck').select(['id', 'signCode']).execute();
    const idByPlate = new Map(stored.map((t) => [t.signCode, t.id]));
    const truckIds = ids.map((x) => idByPlate.get(x.signCode) ?? 0);

    const usedNames = new Set<string>();
    await insertRows(
      trx, 'driver', ['code', 'name', 'sex', 'idNumber', 'mobile', 'companyCode', 'truckId', 'status'],
      plans.map((p, i) => {
        const male = people.chance(0.85);
        const name = uniqueDriverName(people, usedNames);
        return [`D${String(i + 1).padStart(6, '0')}`, name, male ? '男' : '女', idNumber(people, male), mobile(people), p.companyCode, truckIds[i] ?? null, 1];
      }),
    );
    await insertRows(
      trx, 'device', ['code', 'name', 'type', 'manufacturer', 'installDate', 'truckId', 'companyCode', 'vehicleType', 'status'],
      plans.map((p, i) => {
        const type = p.model === 'fuel' || p.model === 'sprinkler' ? 'tanker' : p.model;
        const installDate = now - people.int(30, 1500) * 24 * HOUR;
        const code = `DEV${String(i + 1).padStart(6, '0')}`;
        return [code, `${ids[i]?.signCode ?? i}车载终端`, type, people.pick(MANUFACTURERS), installDate, truckIds[i] ?? null, p.companyCode, p.model, 1];
      }),
    );

    const parkOf = new Map(places.parks.map((p) => [p.companyCode, p]));
    await insertRows(
      trx, 'truckLive',
      ['truckId', 'status', 'alarm', 'gpsTime', 'statusTime', 'speed', 'area', 'lat', 'lng', 'heading', 'inventory', 'updatedAt'],
      plans.map((p, i) => {
        const status = live.weighted([[4, 55], [1, 20], [2, 20], [0, 5]] as const);
        const home: LatLng = parkOf.get(p.companyCode) ?? places.parks[0] ?? { lat: 31.23, lng: 121.47 };
        const base: LatLng = status === 2 && p.model !== 'sprinkler' ? live.pick(places.depots) : home;
        const spot = offsetKm(base, live.float(-0.15, 0.15), live.float(-0.15, 0.15));
        const pos = { lat: roundCoord(spot.lat), lng: roundCoord(spot.lng) };
        const tanks = compartmentLitres(p.model, p.capacity, p.compartments);
        const inventory = initialInventory(p.model, tanks, status === 2, live);
        const gpsTime = status === 0 ? now - live.int(1, 6) * HOUR : now - live.int(0, 600_000);
        return [truckIds[i] ?? 0, status, '', gpsTime, now - live.int(0, 3 * HOUR), 0, areaAt(pos), pos.lat, pos.lng, live.int(0, 359), JSON.stringify(inventory), now];
      }),
    );

    await insertRows(trx, 'truckCamera', [...CAMERA_COLUMNS], cameraRows(plans, truckIds, ids.map((x) => x.phone)));

    const cards = rng.fork('simCards');
    const seeded = plans.map((p, i) => ({ id: truckIds[i] ?? 0, phone: ids[i]?.phone ?? '', companyCode: p.companyCode }));
    await insertRows(trx, 'phoneNumber', ['phone', 'iccid', 'carrier', 'companyCode', 'truckId', 'openDate', 'remark', 'status'], simCardRows(seeded, cards, now));
    await insertRows(trx, 'messageRecharge', ['phone', 'companyCode', 'amount', 'messages', 'rechargeTime', 'remark', 'status'], rechargeRows(seeded, cards, now));
    await insertRows(trx, 'repairCard', ['code', 'companyCode', 'issueTime', 'issuer', 'remark', 'status'], repairCardRows(places.serviceDepots, cards, now));

    const fences = fenceRows(places, rng.fork('fences'), now);
    await insertRows(
      trx, 'fence',
      ['name', 'type', 'companyCode', 'approvalStatus', 'modifier', 'modifyTime', 'modifyType', 'approver', 'approvalTime', 'address', 'geometry'],
      fences,
    );
    return {
      trucks: total, depots: places.depots.length, stations: places.stations.length, parks: places.parks.length,
      serviceDepots: places.serviceDepots.length, fences: fences.length,
    };
  });
}
