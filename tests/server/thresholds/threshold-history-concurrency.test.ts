// The threshold history under concurrent saves, on both databases: each company's newest history row stays its stored
// row's values in force, a save never records another company's values read before that company's save committed, and
// (PostgreSQL) two recorders of one company take turns while those of two companies do not wait.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENTITY_STATUS } from '../../../domain/screens/entities/definition';
import { THRESHOLD_ENTITIES } from '../../../domain/screens/entities/thresholds';
import type { Db } from '../../../server/db/open';
import type { Database } from '../../../server/db/schema';
import { createRow, setRowStatus, updateRow, type WriteContext, type WriteResult } from '../../../server/entities/entity-write';
import { seedAccounts } from '../../../server/seed/accounts';
import { DEFAULT_THRESHOLD_VALUES, readThresholdHistory, recordThresholdHistory, type ThresholdValues } from '../../../server/thresholds/threshold-history';
import { openTestDatabase, TEST_DB_KIND, type OpenedTestDatabase } from '../../helpers/test-database';

const THRESHOLD = THRESHOLD_ENTITIES['/setting/alarm_threshold/threshold'];
const T0 = Date.UTC(2025, 5, 1, 2);
const COMPANIES = ['C001', 'C002', 'C003', 'C004', 'C005'];

const saved = (result: WriteResult) => {
  if (result.kind !== 'saved') throw new Error(`threshold not saved: ${result.kind}`);
  return result.row;
};
const form = (companyCode: string, parkingTimeoutMin: number, offlineTimeoutMin = 15) =>
  ({ companyCode, parkingTimeoutMin: String(parkingTimeoutMin), offlineTimeoutMin: String(offlineTimeoutMin), overspeedKmh: '80' });
const valuesOf = ({ parkingTimeoutMin, offlineTimeoutMin, overspeedKmh }: ThresholdValues): ThresholdValues => ({ parkingTimeoutMin, offlineTimeoutMin, overspeedKmh });

/** `target` whose query builders, from any method on, run `meanwhile` once their `execute` has returned. */
function pausingAfterExecute<T extends object>(target: T, meanwhile: () => Promise<void>): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      // Called on the builder itself: Kysely's builders keep their state in private fields a proxy does not have.
      if (property === 'execute') {
        return async (...args: unknown[]) => {
          const result: unknown = await value.apply(object, args);
          await meanwhile();
          return result;
        };
      }
      return (...args: unknown[]) => {
        const built: unknown = value.apply(object, args);
        return typeof built === 'object' && built !== null && 'execute' in built ? pausingAfterExecute(built, meanwhile) : built;
      };
    },
  });
}

/**
 * The transaction `trx`, but its first read of `table` returns only after `meanwhile` has run: what another save
 * does between that read and the reader's next statement. Outside Kysely's connection (it is free again by then), so
 * `meanwhile` may use the same transaction.
 */
function afterFirstRead(trx: Db, table: 'alarmThreshold', meanwhile: () => Promise<void>): Db {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await meanwhile();
  };
  return new Proxy(trx, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (property === 'selectFrom') return (from: keyof Database) => (from === table ? pausingAfterExecute(object.selectFrom(from), once) : object.selectFrom(from));
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

describe('the threshold history under concurrent saves', () => {
  let opened: OpenedTestDatabase;
  const db = () => opened.db;
  const writer = (now: number): WriteContext => ({
    db: db(), now, caller: { userId: 1, userName: 'admin', superMan: true, companyCodes: COMPANIES, lang: 'zh' },
  });

  /** Each company's newest history row and its enabled row's values (the defaults for either when it has none). */
  const inForceAndNewest = async () => {
    const rows = await db().selectFrom('alarmThreshold').selectAll().where('status', '=', ENTITY_STATUS.enabled).execute();
    const history = await readThresholdHistory(db());
    const stored = new Map(rows.map((row) => [row.companyCode, valuesOf(row)]));
    const newest = new Map(history.map((row) => [row.companyCode, valuesOf(row)]));
    return {
      stored: Object.fromEntries(COMPANIES.map((code) => [code, stored.get(code) ?? DEFAULT_THRESHOLD_VALUES])),
      newest: Object.fromEntries(COMPANIES.map((code) => [code, newest.get(code) ?? DEFAULT_THRESHOLD_VALUES])),
    };
  };
  const expectHistoryInForce = async () => {
    const { stored, newest } = await inForceAndNewest();
    expect(newest).toEqual(stored);
  };

  beforeAll(async () => {
    opened = await openTestDatabase();
    await seedAccounts(opened.db);
  });
  afterAll(async () => opened.close());

  beforeEach(async () => {
    await db().deleteFrom('alarmThresholdHistory').execute();
    await db().deleteFrom('alarmThreshold').execute();
  });

  it("ends two concurrent saves of different companies' rows with each company's newest history row its stored row", async () => {
    const [c002, c003] = [saved(await createRow(writer(T0), THRESHOLD, form('C002', 30))), saved(await createRow(writer(T0), THRESHOLD, form('C003', 40)))];
    await Promise.all([
      updateRow(writer(T0 + 1), THRESHOLD, c002.key, form('C002', 35), c002.version).then(saved),
      updateRow(writer(T0 + 1), THRESHOLD, c003.key, form('C003', 45), c003.version).then(saved),
    ]);
    await expectHistoryInForce();
    expect((await inForceAndNewest()).newest).toMatchObject({ C002: { parkingTimeoutMin: 35 }, C003: { parkingTimeoutMin: 45 } });
  });

  it('ends two concurrent saves of one company with its newest history row its stored row, whichever wins', async () => {
    const c002 = saved(await createRow(writer(T0), THRESHOLD, form('C002', 30)));
    // C002's row moves to C004 while a new row for C002 is saved: the new one waits for the move, or is refused.
    await Promise.all([
      updateRow(writer(T0 + 1), THRESHOLD, c002.key, form('C004', 50), c002.version).then(saved),
      createRow(writer(T0 + 1), THRESHOLD, form('C002', 25)),
    ]);
    await expectHistoryInForce();
    const c004 = await db().selectFrom('alarmThreshold').selectAll().where('companyCode', '=', 'C004').executeTakeFirstOrThrow();
    // An edit and a disable on the same version: one is saved, the other refused as stale.
    const results = await Promise.all([
      updateRow(writer(T0 + 2), THRESHOLD, String(c004.id), form('C004', 55), c004.version),
      setRowStatus(writer(T0 + 2), THRESHOLD, String(c004.id), ENTITY_STATUS.disabled, c004.version),
    ]);
    expect(results.map((result) => result.kind).sort()).toEqual(['conflict', 'saved']);
    await expectHistoryInForce();
  });

  it("never records another company's row as read before that company's save committed", async () => {
    const [c002, c003] = [saved(await createRow(writer(T0), THRESHOLD, form('C002', 30))), saved(await createRow(writer(T0), THRESHOLD, form('C003', 40)))];
    // C003's save commits between the reads of C002's save. On PostgreSQL it is another transaction (each statement
    // of a save reads what has committed before it); SQLite has one connection and one writer, so its statements run
    // where another save's would land: the same view of C003's row and history.
    const saveC003 = async (trx: Db) => {
      await trx.updateTable('alarmThreshold').set({ parkingTimeoutMin: 45, version: c003.version + 1 }).where('id', '=', Number(c003.key)).execute();
      await recordThresholdHistory(trx, T0 + 2, ['C003']);
    };
    await db().transaction().execute(async (trx) => {
      await trx.updateTable('alarmThreshold').set({ parkingTimeoutMin: 35, version: c002.version + 1 }).where('id', '=', Number(c002.key)).execute();
      const meanwhile = TEST_DB_KIND === 'postgres' ? () => db().transaction().execute(saveC003) : () => saveC003(trx);
      await recordThresholdHistory(afterFirstRead(trx, 'alarmThreshold', meanwhile), T0 + 1, ['C002']);
    });
    await expectHistoryInForce();
    expect((await readThresholdHistory(db())).filter((row) => row.companyCode === 'C003').map((row) => row.parkingTimeoutMin)).toEqual([40, 45]);
  });

  it.runIf(TEST_DB_KIND === 'postgres')('makes a recorder of a company wait for the one recording it, not for one recording another company', async () => {
    await db().insertInto('alarmThreshold').values([
      { companyCode: 'C002', status: 1, version: 1, modifiedBy: 'test', modifiedAt: T0, parkingTimeoutMin: 30, offlineTimeoutMin: 15, overspeedKmh: 80 },
      { companyCode: 'C003', status: 1, version: 1, modifiedBy: 'test', modifiedAt: T0, parkingTimeoutMin: 40, offlineTimeoutMin: 15, overspeedKmh: 80 },
    ]).execute();
    /** A second recorder, in its own transaction, that gives up rather than wait for a lock (55P03, lock_not_available). */
    const recordWithoutWaiting = (companyCode: string) =>
      db().transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '200ms'`.execute(trx);
        await recordThresholdHistory(trx, T0 + 2, [companyCode]);
      }).then(() => 'recorded', (error: unknown) => (error instanceof Error && 'code' in error ? String(error.code) : 'failed'));
    const outcomes = await db().transaction().execute(async (trx) => {
      await recordThresholdHistory(trx, T0 + 1, ['C002']);
      // The first recorder of C002 has not committed: C002's next waits (and gives up), C003's goes ahead.
      return [await recordWithoutWaiting('C002'), await recordWithoutWaiting('C003')];
    });
    expect(outcomes).toEqual(['55P03', 'recorded']);
    await expectHistoryInForce();
  });
});
