// The tables of the alarm-threshold screens (server/db/schema-thresholds.ts), as entity definitions name them.
export type ThresholdEntityTable = never;
