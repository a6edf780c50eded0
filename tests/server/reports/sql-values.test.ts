// The SQL the two databases disagree on, checked against the domain's own rules on the layer's database.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lossHistogramBucket } from '../../../domain/constants';
import { bucketOf } from '../../../server/reports/sql-values';
import { openTestDatabase, TEST_DB_KIND, type OpenedTestDatabase } from '../../helpers/test-database';

describe('report SQL on this database', () => {
  let opened: OpenedTestDatabase;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => opened.close());

  it.each([-100, -10.6, -10.5, -10.49, -0.51, -0.5, 0, 0.49, 0.5, 3.2, 10.49, 10.5, 250])('puts a loss of %d in the bucket the domain does', async (value) => {
    const result = await sql<{ bucket: number | string }>`select ${bucketOf(TEST_DB_KIND, sql`cast(${value} as double precision)`)} as bucket`.execute(opened.db);
    expect(Number(result.rows[0]?.bucket)).toBe(lossHistogramBucket(value)?.index);
  });

  it('gives no bucket for no value', async () => {
    const result = await sql<{ bucket: number | null }>`select ${bucketOf(TEST_DB_KIND, sql`cast(null as double precision)`)} as bucket`.execute(opened.db);
    expect(result.rows[0]?.bucket).toBeNull();
  });
});
