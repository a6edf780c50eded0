// A database the previous version left (its migrations applied, rows stamped with the three folded process states)
// migrated to the latest schema: the kinds whose state the kind alone tells are restamped, the rest keep their codes,
// and every row is a valid event of the ten-state catalogue.
import { CamelCasePlugin, Kysely, Migrator, type Dialect, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventData } from '../../../domain/event-shapes';
import { migrationsFor } from '../../../server/db/migrations';
import { postgresDialect } from '../../../server/db/postgres';
import type { Database as Schema } from '../../../server/db/schema';
import { sqliteDialect } from '../../../server/db/sqlite';
import type { DatabaseTarget } from '../../../server/db/target';
import { seedAccounts } from '../../../server/seed/accounts';
import { seedFleet } from '../../../server/sim';
import { freshDatabase, type TestDatabase } from '../../helpers/test-database';

const T0 = Date.UTC(2025, 5, 1, 2);
const area = '浦东新区世纪大道';

function dialectOf(target: DatabaseTarget): Dialect {
  return target.kind === 'sqlite' ? sqliteDialect(target.path).dialect : postgresDialect(target.url, { warn: () => undefined }).dialect;
}

/** The migrations up to (`before`) or including the process-states one. */
function migrations(target: DatabaseTarget, before: boolean): Record<string, Migration> {
  const all = migrationsFor(target.kind);
  const name = Object.keys(all).find((key) => key.endsWith('-process-states'));
  if (!name) throw new Error('no process-states migration');
  return Object.fromEntries(Object.entries(all).filter(([key]) => (before ? key < name : true)));
}

async function migrate(db: Kysely<Schema>, target: DatabaseTarget, before: boolean): Promise<void> {
  const wanted = migrations(target, before);
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => wanted } }).migrateToLatest();
  if (error) throw error;
}

/** Old rows: each kind as the simulator wrote it when it knew three states. */
const OLD_EVENTS = [
  { kind: 'product_change', data: { compartment: 1, fromOilCode: 95, toOilCode: 92, process: 'loading', area } },
  { kind: 'pipe_water', data: { compartment: 2, waterMm: 18, waterVolume: 0.9, process: 'unloading', area } },
  { kind: 'switch_cover', data: { compartment: 1, process: 'loading', abnormal: false, durationSec: 300, area } },
  { kind: 'lock_open', data: { compartment: 2, method: 'card', operator: '王建国', authorized: true, process: 'unloading', area } },
  { kind: 'seal_break', data: { compartment: 3, process: 'transporting', area, lat: 31.22, lng: 121.56 } },
] as const;

describe('migrating rows stamped with the three folded process states', () => {
  let fresh: TestDatabase;
  let db: Kysely<Schema>;
  let processes: Map<string, unknown>;
  let alarmProcesses: Map<number, unknown>;
  let valid: boolean[];

  beforeAll(async () => {
    fresh = await freshDatabase({ unmigrated: true });
    db = new Kysely<Schema>({ dialect: dialectOf(fresh.target), plugins: [new CamelCasePlugin()] });
    await migrate(db, fresh.target, true);
    await seedAccounts(db);
    await seedFleet(db, { seed: 5, now: T0, trucks: 2 });
    const truck = await db.selectFrom('truck').select(['id', 'signCode', 'companyCode']).executeTakeFirstOrThrow();
    await db.insertInto('event').values(OLD_EVENTS.map((event, i) => ({
      truckId: truck.id, companyCode: truck.companyCode, kind: event.kind, startTime: T0 + i * 60_000, endTime: null, data: JSON.stringify(event.data),
    }))).execute();
    await db.insertInto('alarm').values([
      { type: 3, properties: { compartment: 2, waterMm: 18, waterVolume: 0.9, process: 'unloading' } },
      { type: 1, properties: { compartment: 3, process: 'transporting' } },
    ].map((alarm) => ({
      type: alarm.type, truckId: truck.id, signCode: truck.signCode, companyCode: truck.companyCode, startTime: T0, insertTime: T0,
      remark: '', properties: JSON.stringify(alarm.properties), acknowledged: 0,
    }))).execute();

    await migrate(db, fresh.target, false);

    const events = await db.selectFrom('event').select(['kind', 'data']).execute();
    processes = new Map(events.map((e) => [e.kind, (JSON.parse(e.data) as Record<string, unknown>)['process']]));
    valid = events.map((e) => parseEventData(e.kind, e.data) !== undefined);
    const alarms = await db.selectFrom('alarm').select(['type', 'properties']).execute();
    alarmProcesses = new Map(alarms.map((a) => [a.type, (JSON.parse(a.properties) as Record<string, unknown>)['process']]));
  }, 60_000);

  afterAll(async () => {
    await db.destroy();
    await fresh.drop();
  });

  it('restamps product changes as loading take-over and water in the pipe as unloading take-over, its alarm 3 too', () => {
    expect(processes.get('product_change')).toBe('loading_takeover');
    expect(processes.get('pipe_water')).toBe('unloading_takeover');
    expect(alarmProcesses.get(3)).toBe('unloading_takeover');
  });

  it('keeps the codes of rows whose state the kind does not tell: they read as the state of the same name', () => {
    expect(processes.get('switch_cover')).toBe('loading');
    expect(processes.get('lock_open')).toBe('unloading');
    expect(processes.get('seal_break')).toBe('transporting');
    expect(alarmProcesses.get(1)).toBe('transporting');
  });

  it('leaves every row a valid event of its kind', () => {
    expect(valid).toEqual(OLD_EVENTS.map(() => true));
  });
});
