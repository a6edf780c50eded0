// One simulator per fleet: the instance holding the lock simulates, a standby takes over from the stored state when
// the leader dies, and instances first-starting together on an empty database all come up.
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Diagnostics } from '../../server/routes/diagnostics';
import type { Db } from '../../server/db/open';
import { createServices } from '../../server/create-services';
import { prepareFleet } from '../../server/fleet';
import { DEFAULT_RETRY_MS, lockConnectionName } from '../../server/sim/leadership-postgres';
import { COMPANIES } from '../../server/seed/accounts';
import { call, login } from '../helpers/api';
import { startServer, type RunningServer, type TestServerOptions } from '../helpers/server';
import { freshDatabase, TEST_DB_KIND, type TestDatabase } from '../helpers/test-database';

const ON_POSTGRES = TEST_DB_KIND === 'postgres';
const SIM = { enabled: true, trucks: 6, seed: 11, alarmRate: 1, backfillDays: 1 } as const;
/** What README's SIM row promises: a standby leads within 15 s of the leader's death. */
const TAKEOVER_MS = 15_000;

/** Sim time at 60x real time, shared by every instance, so a few real seconds hold several truck reports. */
function fastClock(): () => number {
  const start = Date.now();
  return () => start + (Date.now() - start) * 60;
}

const running: RunningServer[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  await Promise.all(databases.splice(0).map((d) => d.drop()));
});

async function instance(id: string, database: TestDatabase, now: () => number, extra: TestServerOptions = {}): Promise<RunningServer> {
  const server = await startServer({
    ...extra,
    sharedDatabase: database.target,
    instanceId: id,
    fleet: { sim: SIM, tickMs: 200, retryMs: DEFAULT_RETRY_MS, now },
  });
  running.push(server);
  return server;
}

/** A fresh database (`unmigrated`: as before a first start) with instances A and B on it, sharing one fast clock. */
async function twoInstances(options: { readonly unmigrated?: boolean; readonly together?: boolean } = {}): Promise<[RunningServer, RunningServer]> {
  const database = await freshDatabase({ unmigrated: options.unmigrated });
  databases.push(database);
  const now = fastClock();
  // together: both start at once, racing for the start lock; else B starts once A is up.
  if (options.together) return Promise.all([instance('A', database, now), instance('B', database, now)]);
  return [await instance('A', database, now), await instance('B', database, now)];
}

async function diagnostics(server: RunningServer): Promise<Diagnostics> {
  const { token } = await login(server.url, 'admin');
  return (await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token })).data;
}

async function count(db: Db, table: 'event' | 'alarm' | 'position' | 'truck'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest write to any truck's status row. */
async function lastStatusWrite(db: Db): Promise<number> {
  const row = await db.selectFrom('truckLive').select((eb) => eb.fn.max('updatedAt').as('t')).executeTakeFirstOrThrow();
  return Number(row.t);
}

/** Resolves once trucks have moved: new positions and newer status rows than when it was called. */
async function trucksMove(db: Db): Promise<void> {
  const [positions, status] = [await count(db, 'position'), await lastStatusWrite(db)];
  await vi.waitFor(async () => {
    expect(await count(db, 'position')).toBeGreaterThan(positions);
    expect(await lastStatusWrite(db)).toBeGreaterThan(status);
  }, { timeout: 5_000, interval: 100 });
}

/** Events recorded twice (same truck, kind, time and content: one reading has a row per compartment): two simulators overlapping, or one replaying the other's span. */
async function duplicateEvents(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from (
      select truck_id from event group by truck_id, kind, start_time, data having count(*) > 1
    ) as twice`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function leaderOf(servers: readonly RunningServer[]): Promise<RunningServer> {
  let leader: RunningServer | undefined;
  await vi.waitFor(() => {
    const leaders = servers.filter((s) => s.services.leadership?.role() === 'leader');
    expect(leaders).toHaveLength(1);
    leader = leaders[0];
  }, { timeout: TAKEOVER_MS, interval: 100 });
  if (!leader) throw new Error('no leader');
  return leader;
}

describe('the first start\'s fleet', () => {
  it('commits trucks and history together: a fill that fails leaves no trucks, and the next start does it all', async () => {
    const database = await freshDatabase();
    databases.push(database);
    const server = await startServer({ sharedDatabase: database.target });
    running.push(server);
    const { db } = server.services;
    // History cannot be stored: the fill fails after the trucks are in, as when a leader dies in the middle of it.
    await sql`alter table event rename to event_away`.execute(db);
    await expect(prepareFleet(server.services, SIM)).rejects.toThrow();
    expect(await count(db, 'truck')).toBe(0);

    await sql`alter table event_away rename to event`.execute(db);
    expect((await prepareFleet(server.services, SIM)).seeded).toBe(true);
    expect(await count(db, 'truck')).toBe(SIM.trucks);
    expect(await count(db, 'event')).toBeGreaterThan(0);
  });
});

describe('simulator leadership', () => {
  it('names the instance in GET /diagnostics and makes a lone instance the leader that simulates', async () => {
    const database = await freshDatabase();
    databases.push(database);
    const server = await instance('A', database, fastClock());
    const answer = await diagnostics(server);
    expect(answer.instance).toEqual({ id: 'A', role: 'leader' });
    expect(answer.simulator).toBe(true);
    await trucksMove(server.services.db);
  });

  it.runIf(ON_POSTGRES)('lets exactly one of two instances on one database lead; the other answers standby (PostgreSQL: SQLite has one instance)', async () => {
    const [a, b] = await twoInstances();
    expect([(await diagnostics(a)).instance, (await diagnostics(b)).instance]).toEqual([
      { id: 'A', role: 'leader' },
      { id: 'B', role: 'standby' },
    ]);
    expect((await diagnostics(b)).simulator).toBe(false);
  });

  it.runIf(ON_POSTGRES)('hands the fleet to the standby within 15 s of the leader closing, going on from the stored state without a second backfill', async () => {
    const [a, b] = await twoInstances();
    const { db } = b.services;
    const backfilled = await count(db, 'event');
    expect(backfilled).toBeGreaterThan(100);
    await trucksMove(db);

    const before = { events: await count(db, 'event'), alarms: await count(db, 'alarm') };
    const closedAt = Date.now();
    running.splice(running.indexOf(a), 1);
    await a.close();
    expect(await leaderOf([b])).toBe(b);
    expect(Date.now() - closedAt).toBeLessThan(TAKEOVER_MS);
    await trucksMove(db);

    expect(await count(db, 'truck')).toBe(SIM.trucks);
    // A few seconds of live simulation add a handful of events; a second backfill would add about `backfilled` more.
    expect(await count(db, 'event')).toBeLessThan(before.events + backfilled / 2);
    expect(await count(db, 'alarm')).toBeLessThan(before.alarms + 50);
    expect(await duplicateEvents(db)).toBe(0);
  });

  it.runIf(ON_POSTGRES)('stops simulating at once when the lock connection breaks, and an instance leads again within 15 s (PostgreSQL)', async () => {
    const [a, b] = await twoInstances();
    const { db } = b.services;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${lockConnectionName('A')}`.execute(db);
    await vi.waitFor(() => {
      expect(a.services.leadership?.role()).toBe('standby');
      expect(a.services.sim).toBeUndefined();
    }, { timeout: 1_000, interval: 20 });
    await leaderOf([a, b]);
    await trucksMove(db);
    expect(await duplicateEvents(db)).toBe(0);
  });

  it.runIf(ON_POSTGRES)('brings up two instances first-starting together on an unmigrated database, seeding accounts and fleet once (PostgreSQL)', async () => {
    const [a, b] = await twoInstances({ unmigrated: true, together: true });
    await leaderOf([a, b]);
    const { db } = a.services;
    expect(await db.selectFrom('company').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual({ n: COMPANIES.length });
    expect(await count(db, 'truck')).toBe(SIM.trucks);
    expect((await diagnostics(b)).rows.truck).toBe(SIM.trucks);
  });
});

describe('the history of a first start', () => {
  it('keeps events for the backfilled days and GPS fixes only for the last track days', async () => {
    const database = await freshDatabase();
    databases.push(database);
    const created = await createServices({ database: database.target });
    try {
      const now = Date.now();
      await prepareFleet(created.services, { ...SIM, backfillDays: 3, trackDays: 1 }, now);
      const oldest = async (table: 'event' | 'position', column: 'startTime' | 'time') =>
        Number((await created.services.db.selectFrom(table).select((eb) => eb.fn.min(column).as('t')).executeTakeFirstOrThrow()).t);
      expect(await oldest('position', 'time')).toBeGreaterThanOrEqual(now - 24 * 3_600_000);
      expect(await oldest('event', 'startTime')).toBeLessThan(now - 2 * 24 * 3_600_000);
    } finally {
      await created.close();
    }
  });
});
