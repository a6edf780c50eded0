// Instances starting on one PostgreSQL database take turns at migrating and seeding; one that waits says who it waits for.
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { START_LOCK_KEY, underStartLock } from '../../../server/db/start-lock';
import { openTestDatabase, TEST_DB_KIND, type OpenedTestDatabase } from '../../helpers/test-database';

describe.skipIf(TEST_DB_KIND !== 'postgres')('the start lock (PostgreSQL)', () => {
  let opened: OpenedTestDatabase | undefined;
  let holder: pg.Client | undefined;
  afterEach(async () => {
    await holder?.end().catch(() => undefined);
    await opened?.close();
  });

  it('waits while another session holds it, says once who holds it, and goes on when it is let go', async () => {
    opened = await openTestDatabase();
    const { driver } = opened;
    if (driver.kind !== 'postgres') throw new Error('needs PostgreSQL');
    holder = new pg.Client({ ...driver.pool.options, application_name: 'instance-x start' });
    await holder.connect();
    const { rows } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
    await holder.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);

    const waits: string[] = [];
    let ran = false;
    const starting = underStartLock(driver, async () => void (ran = true), (message) => waits.push(message));
    await vi.waitFor(() => expect(waits).toHaveLength(1), { timeout: 5_000 });
    expect(waits[0]).toBe(
      `Waiting for another instance to finish migrating and seeding the database (held by PostgreSQL backend ${rows[0]?.pid} from 127.0.0.1, instance-x start)…`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ran).toBe(false);

    await holder.end();
    await starting;
    expect(ran).toBe(true);
    expect(waits).toHaveLength(1);
  });

  it('says nothing when nobody else holds it', async () => {
    opened = await openTestDatabase();
    const waits: string[] = [];
    expect(await underStartLock(opened.driver, async () => 7, (message) => waits.push(message))).toBe(7);
    expect(waits).toEqual([]);
  });
});
