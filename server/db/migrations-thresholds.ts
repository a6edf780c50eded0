// The alarm thresholds' tables (issue 14, Thresholds that act; docs/thresholds.md): kept apart from migrations.ts so
// their design can grow in one place. Migration '0006-thresholds'. Each is a master-data table as the entity engine
// keeps it (id, company, status, version, last change) with its own columns; the server's detection reads the enabled
// rows (server/thresholds/threshold-read.ts).
import type { Migration } from 'kysely';
import type { ColumnTypes } from './column-types';
import { entityTable, type AnyDb } from './migration-tables';

export const thresholdTables = (t: ColumnTypes): Migration => ({
  async up(db: AnyDb) {
    // One row per company: parking and offline timeouts, overspeed (screen threshold).
    await entityTable(db, t, 'alarm_threshold', true)
      .addColumn('parking_timeout_min', 'integer', (c) => c.notNull())
      .addColumn('offline_timeout_min', 'integer', (c) => c.notNull())
      .addColumn('overspeed_kmh', 'integer', (c) => c.notNull())
      .execute();
    // Circles where opening a cover is not abnormal, any number per company (screen no_abnormal).
    await entityTable(db, t, 'no_abnormal_area', false)
      .addColumn('name', t.text(100), (c) => c.notNull().unique())
      .addColumn('lat', 'double precision', (c) => c.notNull())
      .addColumn('lng', 'double precision', (c) => c.notNull())
      .addColumn('radius_m', 'integer', (c) => c.notNull())
      .addColumn('address', t.text(200), (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('no_abnormal_area_company').on('no_abnormal_area').columns(['company_code']).execute();
    // One row per company: loading tolerances by fuel class (screen st_abnormal_oil_loading).
    await entityTable(db, t, 'loading_tolerance', true)
      .addColumn('gasoline_tolerance_l', 'integer', (c) => c.notNull())
      .addColumn('gasoline_tolerance_permille', 'double precision', (c) => c.notNull())
      .addColumn('diesel_tolerance_l', 'integer', (c) => c.notNull())
      .addColumn('diesel_tolerance_permille', 'double precision', (c) => c.notNull())
      .execute();
    // One row per company: the abnormal parameters, high loss rate and overlong work (screen manage_patameter).
    await entityTable(db, t, 'alarm_parameter', true)
      .addColumn('high_loss_permille', 'double precision', (c) => c.notNull())
      .addColumn('overlong_work_min', 'integer', (c) => c.notNull())
      .execute();
    // The product list sent to the consoles (tlscfg.txt's ptNo, ptVEC, ptDensity, ptName; screen oil_send).
    await entityTable(db, t, 'product_send', false)
      .addColumn('pt_no', 'integer', (c) => c.notNull())
      .addColumn('pt_name', t.text(50), (c) => c.notNull())
      .addColumn('pt_vec', 'double precision', (c) => c.notNull())
      .addColumn('pt_density', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('product_send_company').on('product_send').columns(['company_code']).execute();
  },
});

/**
 * Migration '0010-threshold-seal-values': the threshold screen's seal-break count and open value (params spec §5,
 * non-negative integers), empty on the rows stored before. One statement each: SQLite's ALTER TABLE adds one column.
 */
export const thresholdSealValues = (): Migration => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('alarm_threshold').addColumn('seal_break_count', 'integer').execute();
    await db.schema.alterTable('alarm_threshold').addColumn('open_value', 'integer').execute();
  },
});
