// The alarm thresholds' tables (issue 14, Thresholds that act): kept apart from migrations.ts so their design can grow
// in one place. Migration '0006-thresholds'.
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types';

export const thresholdTables = (_t: ColumnTypes): Migration => ({
  async up(_db: Kysely<unknown>) {
    // Filled in by the thresholds work of issue 14.
  },
});
