// The alarm thresholds' tables (docs/thresholds.md): kept apart from migrations.ts so
// their design can grow in one place. Migration '0006-thresholds'. Each is a master-data table as the entity engine
// keeps it (id, company, status, version, last change) with its own columns; the server's detection reads the enabled
// rows (server/thresholds/threshold-read.ts). Migration '0012-threshold-history' adds the threshold row's history.
import { sql, type Migration } from 'kysely';
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
 * Migration '0012-threshold-history': the values of each company's threshold row in force from each save on, so the
 * stop and offline alarms and their lists judge a stop or spell by the timeouts in force when it began
 * (server/thresholds/threshold-history.ts). A company's enabled row is in force from its last change: what it was
 * before is not kept anywhere, so earlier times stay on the defaults, as a company without a row is.
 */
export const thresholdHistory = (t: ColumnTypes): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('alarm_threshold_history')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('company_code', t.text(32), (c) => c.notNull().references('company.code'))
      .addColumn('effective_from', t.millis, (c) => c.notNull())
      .addColumn('parking_timeout_min', 'integer', (c) => c.notNull())
      .addColumn('offline_timeout_min', 'integer', (c) => c.notNull())
      .addColumn('overspeed_kmh', 'integer', (c) => c.notNull())
      .execute();
    // The lookup of every listed stop or spell: the company's newest row at or before the event's start.
    await db.schema.createIndex('alarm_threshold_history_company_time').on('alarm_threshold_history').columns(['company_code', 'effective_from', 'id']).execute();
    await sql`insert into alarm_threshold_history (company_code, effective_from, parking_timeout_min, offline_timeout_min, overspeed_kmh)
      select company_code, coalesce(modified_at, 0), parking_timeout_min, offline_timeout_min, overspeed_kmh
      from alarm_threshold where status = 1`.execute(db);
  },
});

/**
 * Migration '0013-threshold-seal-values': the threshold screen's seal-break count and open value (params spec §5,
 * non-negative integers), empty on the rows stored before. One statement each: SQLite's ALTER TABLE adds one column.
 */
export const thresholdSealValues = (): Migration => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('alarm_threshold').addColumn('seal_break_count', 'integer').execute();
    await db.schema.alterTable('alarm_threshold').addColumn('open_value', 'integer').execute();
  },
});
