// Reading the thresholds: every company's enabled rows of the threshold tables and the threshold row's history, made
// into a snapshot. The tables hold a row or two per company (the history a row per save), so a read is a few small selects.
import { ENTITY_STATUS } from '../../domain/screens/entities/definition';
import type { Db } from '../db/open';
import { readThresholdHistory } from './threshold-history';
import { thresholdSnapshot, type ThresholdSnapshot } from './threshold-snapshot';

const ENABLED = ENTITY_STATUS.enabled;

export async function readThresholds(db: Db): Promise<ThresholdSnapshot> {
  const [thresholds, history, parameters, tolerances, areas] = await Promise.all([
    db.selectFrom('alarmThreshold').select(['companyCode', 'overspeedKmh']).where('status', '=', ENABLED).execute(),
    readThresholdHistory(db),
    db.selectFrom('alarmParameter').select(['companyCode', 'highLossPermille', 'overlongWorkMin']).where('status', '=', ENABLED).execute(),
    db
      .selectFrom('loadingTolerance')
      .select(['companyCode', 'gasolineToleranceL', 'gasolineTolerancePermille', 'dieselToleranceL', 'dieselTolerancePermille'])
      .where('status', '=', ENABLED)
      .execute(),
    db.selectFrom('noAbnormalArea').select(['name', 'companyCode', 'lat', 'lng', 'radiusM']).where('status', '=', ENABLED).orderBy('id').execute(),
  ]);
  // PostgreSQL hands double precision back as numbers; the Number() calls keep SQLite's and PostgreSQL's rows alike.
  return thresholdSnapshot({
    thresholds,
    history,
    parameters: parameters.map((row) => ({ ...row, highLossPermille: Number(row.highLossPermille) })),
    tolerances: tolerances.map((row) => ({
      ...row, gasolineTolerancePermille: Number(row.gasolineTolerancePermille), dieselTolerancePermille: Number(row.dieselTolerancePermille),
    })),
    areas: areas.map((row) => ({ ...row, lat: Number(row.lat), lng: Number(row.lng) })),
  });
}
