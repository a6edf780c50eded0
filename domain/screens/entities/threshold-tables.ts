// The tables of the alarm-threshold screens (server/db/schema-thresholds.ts), as entity definitions name them.
export type ThresholdEntityTable = 'alarmThreshold' | 'noAbnormalArea' | 'loadingTolerance' | 'alarmParameter' | 'productSend';
