// Every report of the registry on the seeded default fleet: the server answers its default query with rows that carry
// exactly the declared columns, so no screen opens empty on a fresh `npm start`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DEFS, reportId } from '../../../domain/screens/reports/registry';
import { startSeededServer, type SeededServer } from './seeded-server';

const DEFS = REPORT_DEFS;

describe('every report on the seeded fleet', () => {
  let seeded: SeededServer;
  beforeAll(async () => {
    seeded = await startSeededServer();
  }, 120_000);
  afterAll(async () => seeded.server.close());

  it.each(DEFS.map((def) => [reportId(def), def] as const))('%s answers rows with its declared columns in the default range', async (_path, def) => {
    const answer = await seeded.page(def, 'admin', { size: 20 });
    expect(answer.resultCode, answer.message).toBe(200);
    expect(answer.data.total).toBeGreaterThan(0);
    expect(answer.data.rows.length).toBeGreaterThan(0);
    for (const row of answer.data.rows) {
      expect(Object.keys(row).sort()).toEqual(['id', ...def.columns.map((column) => column.key)].sort());
    }
    // Every declared column has a value in some row of the page: a column whose field the events lack stays empty.
    for (const column of def.columns) {
      if (column.value.from === 'handling') continue;
      expect(answer.data.rows.some((row) => row[column.key] !== null), `${reportId(def)} ${column.key}`).toBe(true);
    }
  });
});
