// The threshold history on both databases: the migration that adds it starts it from each company's enabled row as of
// that row's last change, and a save records a company's values only when those in force changed, never dated before
// the company's newest row.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { columnTypes } from '../../../server/db/column-types';
import type { AnyDb } from '../../../server/db/migration-tables';
import { thresholdHistory } from '../../../server/db/migrations-thresholds';
import { seedAccounts } from '../../../server/seed/accounts';
import { readThresholdHistory, recordThresholdHistory } from '../../../server/thresholds/threshold-history';
import { openTestDatabase, TEST_DB_KIND, type OpenedTestDatabase } from '../../helpers/test-database';

const T0 = Date.UTC(2025, 5, 1, 2);
const HOUR = 3_600_000;
const row = (companyCode: string, status: number, modifiedAt: number | null, parkingTimeoutMin: number) => ({
  companyCode, status, version: 1, modifiedBy: 'test', modifiedAt, parkingTimeoutMin, offlineTimeoutMin: 15, overspeedKmh: 90,
});

describe('the threshold history', () => {
  let opened: OpenedTestDatabase;
  const db = () => opened.db;

  beforeAll(async () => {
    opened = await openTestDatabase();
    await seedAccounts(opened.db);
  });
  afterAll(async () => opened.close());

  beforeEach(async () => {
    await db().deleteFrom('alarmThresholdHistory').execute();
    await db().deleteFrom('alarmThreshold').execute();
  });

  it("starts from each company's enabled row as of its last change when the migration adds it", async () => {
    await db()
      .insertInto('alarmThreshold')
      .values([row('C002', 1, T0, 35), row('C003', 0, T0 + HOUR, 40), row('C004', 1, null, 45)])
      .execute();
    // The migration as a database from before it runs it: without the table, with the rows already saved.
    await db().schema.dropTable('alarmThresholdHistory').execute();
    await thresholdHistory(columnTypes(TEST_DB_KIND)).up(db() as unknown as AnyDb);
    const history = await readThresholdHistory(db());
    // C003's row is disabled: it is on the defaults, which need no row. C004's row has no time of change: since ever.
    expect(history).toEqual([
      { companyCode: 'C004', effectiveFrom: 0, parkingTimeoutMin: 45, offlineTimeoutMin: 15, overspeedKmh: 90 },
      { companyCode: 'C002', effectiveFrom: T0, parkingTimeoutMin: 35, offlineTimeoutMin: 15, overspeedKmh: 90 },
    ]);
  });

  it('records a company only when its values in force change, and never before its newest row', async () => {
    await db().insertInto('alarmThreshold').values(row('C002', 1, T0, 35)).execute();
    await recordThresholdHistory(db(), T0, ['C002']);
    // Nothing changed: nothing recorded.
    await recordThresholdHistory(db(), T0 + HOUR, ['C002']);
    await db().updateTable('alarmThreshold').set({ parkingTimeoutMin: 25 }).execute();
    // A save dated before the newest row (another instance's clock behind): dated at that row instead.
    await recordThresholdHistory(db(), T0 - HOUR, ['C002']);
    await db().updateTable('alarmThreshold').set({ status: 0 }).execute();
    await recordThresholdHistory(db(), T0 + 2 * HOUR, ['C002']);
    expect((await readThresholdHistory(db())).map((entry) => [entry.effectiveFrom, entry.parkingTimeoutMin, entry.offlineTimeoutMin])).toEqual([
      [T0, 35, 15],
      [T0, 25, 15],
      [T0 + 2 * HOUR, 20, 0],
    ]);
  });
});
