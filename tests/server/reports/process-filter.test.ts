// The process filter on the seeded fleet: every report that offers it answers each of the ten states with rows of that
// state only, the states together make up the unfiltered rows, and every state has rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_STATES } from '../../../domain/process-states';
import { REPORT_DEFS, reportId } from '../../../domain/screens/reports/registry';
import { startSeededServer, type SeededServer } from './seeded-server';

const FILTERED = REPORT_DEFS.filter((def) => def.filters.some((filter) => filter.type === 'select' && filter.key === 'process'));

describe('the process filter', () => {
  let seeded: SeededServer;
  beforeAll(async () => {
    seeded = await startSeededServer();
  }, 120_000);
  afterAll(async () => seeded.server.close());

  it.each(FILTERED.map((def) => [reportId(def), def] as const))('%s answers each state with rows of that state, together all its rows', async (_id, def) => {
    const all = await seeded.page(def, 'admin', { size: 1 });
    expect(all.resultCode, all.message).toBe(200);
    const byState = await Promise.all(PROCESS_STATES.map((process) => seeded.page(def, 'admin', { process, size: 50 })));
    byState.forEach((answer, i) => {
      expect(answer.resultCode, answer.message).toBe(200);
      expect(new Set(answer.data.rows.map((row) => row['process'])), `${reportId(def)} ${PROCESS_STATES[i]}`)
        .toEqual(new Set(answer.data.rows.length > 0 ? [PROCESS_STATES[i]] : []));
    });
    expect(byState.reduce((sum, answer) => sum + answer.data.total, 0)).toBe(all.data.total);
  });

  it('finds rows of every one of the ten states in the last week', async () => {
    const missing: string[] = [];
    for (const process of PROCESS_STATES) {
      let found = false;
      for (const def of FILTERED) {
        found = (await seeded.page(def, 'admin', { process, size: 1 })).data.total > 0;
        if (found) break;
      }
      if (!found) missing.push(process);
    }
    expect(missing).toEqual([]);
  });
});
