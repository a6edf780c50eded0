// Schema migrations, in code so the server needs no migration folder at run time; one schema for SQLite and PostgreSQL,
// the types that differ taken from column-types.ts.
import { sql, type Migration } from 'kysely';
import { columnTypes, type ColumnTypeExpression, type ColumnTypes } from './column-types';
import { alarmInbox } from './migrations-alarm-inbox';
import { companyUnique } from './migrations-company-unique';
import { deviceParamTables } from './migrations-device-params';
import { entityTable, placeTable, versionColumns, withVersion, type AnyDb } from './migration-tables';
import { loginChallenges } from './migrations-login-challenges';
import { processStates } from './migrations-process-states';
import { thresholdHistory, thresholdSealValues, thresholdTables } from './migrations-thresholds';
import type { DbKind } from './target';

const initial = (t: ColumnTypes): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('company')
      .addColumn('code', t.text(32), (c) => c.primaryKey())
      .addColumn('name', t.text(100), (c) => c.notNull().unique())
      .addColumn('short_name', t.text(50), (c) => c.notNull())
      .addColumn('parent_code', t.text(32), (c) => c.references('company.code'))
      .addColumn('address', t.text(200), (c) => c.notNull())
      .addColumn('phone', t.text(32), (c) => c.notNull())
      .addColumn('status', t.flag, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('role')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('role_name', t.text(50), (c) => c.notNull().unique())
      .addColumn('description', t.text(200), (c) => c.notNull())
      .addColumn('super_man', t.flag, (c) => c.notNull())
      .addColumn('status', t.flag, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('role_function')
      .addColumn('role_id', t.id, (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addColumn('function_id', t.text(120), (c) => c.notNull())
      .addPrimaryKeyConstraint('role_function_pk', ['role_id', 'function_id'])
      .execute();
    await db.schema
      .createTable('app_user')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('user_name', t.text(50), (c) => c.notNull().unique())
      .addColumn('real_name', t.text(50), (c) => c.notNull())
      .addColumn('role_id', t.id, (c) => c.notNull().references('role.id'))
      .addColumn('company_code', t.text(32), (c) => c.notNull().references('company.code'))
      .addColumn('password_hash', t.text(200), (c) => c.notNull())
      .addColumn('status', t.flag, (c) => c.notNull())
      .addColumn('avatar', t.text(200), (c) => c.notNull())
      .addColumn('last_login_ip', t.text(64))
      .addColumn('last_login_area', t.text(100))
      .addColumn('last_login_time', t.millis)
      .execute();
    await db.schema
      .createTable('user_company')
      .addColumn('user_id', t.id, (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('company_code', t.text(32), (c) => c.notNull().references('company.code'))
      .addPrimaryKeyConstraint('user_company_pk', ['user_id', 'company_code'])
      .execute();
    await db.schema
      .createTable('session')
      .addColumn('token_hash', t.text(64), (c) => c.primaryKey())
      .addColumn('user_id', t.id, (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .addColumn('last_seen_at', t.millis, (c) => c.notNull())
      .addColumn('ip', t.text(64), (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('auth_failure')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('user_name', t.text(50), (c) => c.notNull())
      .addColumn('ip', t.text(64), (c) => c.notNull())
      .addColumn('at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_failure_at').on('auth_failure').columns(['at']).execute();
    await db.schema
      .createTable('quick_visit')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('user_id', t.id, (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('quick_visit_url', t.text(200), (c) => c.notNull())
      .addColumn('quick_visit_name', t.text(100), (c) => c.notNull())
      .addUniqueConstraint('quick_visit_user_url', ['user_id', 'quick_visit_url'])
      .execute();
    await db.schema
      .createTable('user_alarm_choice')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('user_id', t.id, (c) => c.notNull().unique().references('app_user.id').onDelete('cascade'))
      .addColumn('alarm_type_ids', t.text(400), (c) => c.notNull())
      .execute();

    const places: readonly (readonly [string, readonly (readonly [string, ColumnTypeExpression])[]])[] = [
      ['depot', [['manager', t.text(50)]]],
      ['station', [['phone', t.text(32)], ['safe_range', 'integer']]],
      ['park', [['contact', t.text(50)], ['phone', t.text(32)]]],
    ];
    for (const [table, extra] of places) {
      let builder = placeTable(db, t, table);
      for (const [name, type] of extra) builder = builder.addColumn(name, type, (c) => c.notNull());
      await builder.execute();
    }

    await db.schema
      .createTable('truck')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('sign_code', t.text(20), (c) => c.notNull().unique())
      .addColumn('console_sn', t.text(32), (c) => c.notNull().unique())
      .addColumn('company_code', t.text(32), (c) => c.notNull().references('company.code'))
      .addColumn('model', t.text(20), (c) => c.notNull())
      .addColumn('phone', t.text(11), (c) => c.notNull())
      .addColumn('compartments', 'integer', (c) => c.notNull())
      .addColumn('capacity', 'double precision', (c) => c.notNull())
      .addColumn('plate_color', t.text(10), (c) => c.notNull())
      .addColumn('status', t.flag, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('truck_company').on('truck').columns(['company_code']).execute();
    await db.schema
      .createTable('driver')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('code', t.text(7), (c) => c.notNull().unique())
      .addColumn('name', t.text(50), (c) => c.notNull())
      .addColumn('sex', t.text(8), (c) => c.notNull())
      .addColumn('id_number', t.text(18), (c) => c.notNull())
      .addColumn('mobile', t.text(11), (c) => c.notNull())
      .addColumn('company_code', t.text(32), (c) => c.notNull().references('company.code'))
      .addColumn('truck_id', t.id, (c) => c.references('truck.id'))
      .addColumn('status', t.flag, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('device')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('code', t.text(32), (c) => c.notNull().unique())
      .addColumn('name', t.text(100), (c) => c.notNull().unique())
      .addColumn('type', t.text(20), (c) => c.notNull())
      .addColumn('manufacturer', t.text(100), (c) => c.notNull())
      .addColumn('install_date', t.millis, (c) => c.notNull())
      .addColumn('truck_id', t.id, (c) => c.references('truck.id'))
      .addColumn('status', t.flag, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('truck_live')
      .addColumn('truck_id', t.id, (c) => c.primaryKey().references('truck.id').onDelete('cascade'))
      .addColumn('status', t.flag, (c) => c.notNull())
      .addColumn('alarm', t.text(100), (c) => c.notNull())
      .addColumn('gps_time', t.millis)
      .addColumn('status_time', t.millis)
      .addColumn('speed', 'double precision', (c) => c.notNull())
      .addColumn('area', t.text(200), (c) => c.notNull())
      .addColumn('lat', 'double precision', (c) => c.notNull())
      .addColumn('lng', 'double precision', (c) => c.notNull())
      .addColumn('heading', 'double precision', (c) => c.notNull())
      .addColumn('inventory', t.json, (c) => c.notNull())
      .addColumn('updated_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('position')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('truck_id', t.id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('time', t.millis, (c) => c.notNull())
      .addColumn('lat', 'double precision', (c) => c.notNull())
      .addColumn('lng', 'double precision', (c) => c.notNull())
      .addColumn('speed', 'double precision', (c) => c.notNull())
      .addColumn('heading', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('position_truck_time').on('position').columns(['truck_id', 'time']).execute();
    await db.schema
      .createTable('event')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('truck_id', t.id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('company_code', t.text(32), (c) => c.notNull())
      .addColumn('kind', t.text(40), (c) => c.notNull())
      .addColumn('start_time', t.millis, (c) => c.notNull())
      .addColumn('end_time', t.millis)
      .addColumn('data', t.json, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('event_kind_time').on('event').columns(['kind', 'start_time']).execute();
    await db.schema.createIndex('event_truck_time').on('event').columns(['truck_id', 'start_time']).execute();
    await db.schema
      .createTable('alarm')
      .addColumn('seq', t.id, (c) => t.generatedKey(c))
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('truck_id', t.id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('sign_code', t.text(20), (c) => c.notNull())
      .addColumn('company_code', t.text(32), (c) => c.notNull())
      .addColumn('start_time', t.millis, (c) => c.notNull())
      .addColumn('insert_time', t.millis, (c) => c.notNull())
      .addColumn('remark', t.text(400), (c) => c.notNull())
      .addColumn('properties', t.json, (c) => c.notNull())
      .addColumn('acknowledged', t.flag, (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('alarm_insert_time').on('alarm').columns(['insert_time']).execute();
    await db.schema.createIndex('alarm_type_time').on('alarm').columns(['type', 'start_time']).execute();
    await db.schema
      .createTable('heartbeat')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('truck_id', t.id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('heart_time', t.millis, (c) => c.notNull())
      .addColumn('gps_time', t.millis, (c) => c.notNull())
      .addColumn('voltage', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('heartbeat_truck_time').on('heartbeat').columns(['truck_id', 'heart_time']).execute();
    await db.schema
      .createTable('fence')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('name', t.text(100), (c) => c.notNull())
      .addColumn('type', t.text(20), (c) => c.notNull())
      .addColumn('company_code', t.text(32), (c) => c.notNull().references('company.code'))
      .addColumn('approval_status', t.flag, (c) => c.notNull())
      .addColumn('modifier', t.text(50), (c) => c.notNull())
      .addColumn('modify_time', t.millis, (c) => c.notNull())
      .addColumn('modify_type', t.text(10), (c) => c.notNull())
      .addColumn('approver', t.text(50))
      .addColumn('approval_time', t.millis)
      .addColumn('address', t.text(200), (c) => c.notNull())
      .execute();
  },
});

/** The operator's handling of an event (unsealing: unconfirmed, non-abnormal, abnormal); no row means unconfirmed. */
const eventHandling = (t: ColumnTypes): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('event_handling')
      .addColumn('event_id', t.id, (c) => c.primaryKey().references('event.id').onDelete('cascade'))
      .addColumn('state', t.flag, (c) => c.notNull())
      .addColumn('description', t.text(400), (c) => c.notNull())
      .addColumn('handler', t.text(50), (c) => c.notNull())
      .addColumn('handled_at', t.millis, (c) => c.notNull())
      .execute();
  },
});

/**
 * What the driving and device-health reports read: the address text of each stored fix, each fence's shape (GeoJSON,
 * domain/fence-shape.ts), and indexes for reading heartbeats and fixes by time across trucks and a truck's alarms.
 */
const reportSources = (t: ColumnTypes): Migration => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('position').addColumn('area', t.text(200), (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('fence').addColumn('geometry', t.json).execute();
    await db.schema.createIndex('heartbeat_time').on('heartbeat').columns(['heart_time']).execute();
    await db.schema.createIndex('position_time').on('position').columns(['time']).execute();
    await db.schema.createIndex('alarm_truck_time').on('alarm').columns(['truck_id', 'start_time']).execute();
  },
});

/** Master data's tables as the entity screens keep them: a version per row (a stale edit is refused) and its last change. */
const VERSIONED_TABLES = ['company', 'depot', 'station', 'park'] as const;

/**
 * The entity screens' master data: a version, who changed a row last and when on every entity table, and the service
 * depots, a place table like the others. An existing database gets version 1 everywhere and no service depot.
 */
const masterData = (t: ColumnTypes): Migration => ({
  async up(db: AnyDb) {
    for (const step of VERSIONED_TABLES.flatMap((table) => versionColumns(db, t, table))) await step.execute();
    await withVersion(placeTable(db, t, 'service_depot'), t).execute();
  },
});

/**
 * The fleet and account master data of the entity screens: the truck, driver and device fields of params spec §3.2
 * the first schema lacked, a device's company (it was only its truck's), versions on trucks, drivers, devices, roles
 * and users, and the repair cards, SIM cards (phone numbers), SMS recharges and SMS records.
 */
const fleetMasterData = (t: ColumnTypes): Migration => ({
  async up(db: AnyDb) {
    // Each column with the value existing rows get, or null for a column that may stay empty.
    const add = (table: string, columns: readonly (readonly [string, ColumnTypeExpression, string | number | null])[]) =>
      columns.map(([name, type, initial]) =>
        db.schema.alterTable(table).addColumn(name, type, (c) => (initial === null ? c : c.notNull().defaultTo(initial))),
      );
    const steps = [
      ...add('truck', [
        ['parent_code', t.text(32), null], ['channels', 'integer', 4], ['time_zone', t.text(12), '+08:00'], ['length', 'double precision', null],
        ['trailers', 'integer', 0], ['flow_meters', 'integer', 0], ['city', t.text(50), ''], ['district', t.text(50), ''],
        ['truck_color', t.text(20), ''],
      ]),
      ...add('driver', [
        ['birthday', t.millis, null], ['certificate', t.text(50), ''], ['home_address', t.text(200), ''], ['birthplace', t.text(100), ''],
        ['telephone', t.text(32), ''], ['email', t.text(100), ''], ['induction_time', t.millis, null], ['photo', t.text(80), ''],
      ]),
      ...add('device', [['company_code', t.text(32), null], ['install_site', t.text(200), ''], ['vehicle_type', t.text(20), '']]),
      ...['truck', 'driver', 'device', 'role', 'app_user'].flatMap((table) => versionColumns(db, t, table)),
    ];
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    for (const step of steps) await step.execute();
    // A device's company was its truck's; one with no truck goes to the first company (never the case in a seeded fleet).
    await sql`update device set company_code = (select truck.company_code from truck where truck.id = device.truck_id)`.execute(db);
    await sql`update device set company_code = (select min(code) from company) where company_code is null`.execute(db);
    await db.schema.createIndex('device_company').on('device').columns(['company_code']).execute();
    await db.schema.createIndex('driver_company').on('driver').columns(['company_code']).execute();

    await entityTable(db, t, 'repair_card')
      .addColumn('code', t.text(32), (c) => c.notNull().unique())
      .addColumn('issue_time', t.millis)
      .addColumn('issuer', t.text(50), (c) => c.notNull())
      .addColumn('remark', t.text(400), (c) => c.notNull())
      .execute();
    await entityTable(db, t, 'phone_number')
      .addColumn('phone', t.text(11), (c) => c.notNull().unique())
      .addColumn('iccid', t.text(20), (c) => c.notNull())
      .addColumn('carrier', t.text(20), (c) => c.notNull())
      .addColumn('truck_id', t.id, (c) => c.references('truck.id').onDelete('set null'))
      .addColumn('open_date', t.millis)
      .addColumn('remark', t.text(400), (c) => c.notNull())
      .execute();
    await entityTable(db, t, 'message_recharge')
      .addColumn('phone', t.text(11), (c) => c.notNull())
      .addColumn('amount', 'double precision', (c) => c.notNull())
      .addColumn('messages', 'integer', (c) => c.notNull())
      .addColumn('recharge_time', t.millis)
      .addColumn('remark', t.text(400), (c) => c.notNull())
      .execute();
    await entityTable(db, t, 'message_record')
      .addColumn('phone', t.text(11), (c) => c.notNull())
      .addColumn('content', t.text(400), (c) => c.notNull())
      .addColumn('send_time', t.millis)
      .addColumn('result', t.text(20), (c) => c.notNull())
      .execute();
  },
});

/** Uploaded images (drivers' photos), in the database so every server instance serves them. */
const photos = (t: ColumnTypes): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('photo')
      .addColumn('name', t.text(40), (c) => c.primaryKey())
      .addColumn('content_type', t.text(20), (c) => c.notNull())
      .addColumn('bytes', t.bytes, (c) => c.notNull())
      .addColumn('uploaded_by', t.text(50), (c) => c.notNull())
      .addColumn('uploaded_at', t.millis, (c) => c.notNull())
      .execute();
  },
});

/**
 * Driver names are unique (params spec §5) and the driver list is sorted by them: the index orders that page and
 * catches two saves of one name at the same moment, as every other unique field's constraint does.
 */
const driverNameIndex = (): Migration => ({
  async up(db: AnyDb) {
    await db.schema.createIndex('driver_name').on('driver').columns(['name']).unique().execute();
  },
});

/** Every migration by name, built for one database kind; names sort in the order they apply. */
export function migrationsFor(kind: DbKind): Readonly<Record<string, Migration>> {
  const types = columnTypes(kind);
  return {
    '0001-initial': initial(types),
    '0002-event-handling': eventHandling(types),
    '0003-report-sources': reportSources(types),
    '0004-master-data': masterData(types),
    '0005-fleet-master-data': fleetMasterData(types),
    '0006-thresholds': thresholdTables(types),
    '0007-photos': photos(types),
    '0008-driver-name': driverNameIndex(),
    '0009-device-parameters': deviceParamTables(types),
    '0010-process-states': processStates(),
    '0011-company-unique': companyUnique(kind),
    '0012-threshold-history': thresholdHistory(types),
    '0013-threshold-seal-values': thresholdSealValues(),
    '0014-login-challenges': loginChallenges(types),
    '0015-alarm-inbox': alarmInbox(types),
  };
}
