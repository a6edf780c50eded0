// The alarm thresholds' tables as Kysely types (migration '0006-thresholds', server/db/migrations-thresholds.ts).

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the thresholds work of issue 14
export interface ThresholdTables {}
