// Schema migrations, in code so the server needs no migration folder at run time; SQL stays portable (PostgreSQL later).
import { sql, type Kysely, type Migration } from 'kysely';

type AnyDb = Kysely<unknown>;

const initial: Migration = {
  async up(db: AnyDb) {
    const id = 'integer';
    await db.schema
      .createTable('company')
      .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('short_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('parent_code', 'varchar(32)', (c) => c.references('company.code'))
      .addColumn('address', 'varchar(200)', (c) => c.notNull())
      .addColumn('phone', 'varchar(32)', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('role')
      .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('role_name', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(200)', (c) => c.notNull())
      .addColumn('super_man', 'smallint', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('role_function')
      .addColumn('role_id', id, (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addColumn('function_id', 'varchar(120)', (c) => c.notNull())
      .addPrimaryKeyConstraint('role_function_pk', ['role_id', 'function_id'])
      .execute();
    await db.schema
      .createTable('app_user')
      .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('user_name', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('real_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('role_id', id, (c) => c.notNull().references('role.id'))
      .addColumn('company_code', 'varchar(32)', (c) => c.notNull().references('company.code'))
      .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull())
      .addColumn('avatar', 'varchar(200)', (c) => c.notNull())
      .addColumn('last_login_ip', 'varchar(64)')
      .addColumn('last_login_area', 'varchar(100)')
      .addColumn('last_login_time', 'bigint')
      .execute();
    await db.schema
      .createTable('user_company')
      .addColumn('user_id', id, (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('company_code', 'varchar(32)', (c) => c.notNull().references('company.code'))
      .addPrimaryKeyConstraint('user_company_pk', ['user_id', 'company_code'])
      .execute();
    await db.schema
      .createTable('session')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', id, (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('auth_failure')
      .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('user_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_failure_at').on('auth_failure').columns(['at']).execute();
    await db.schema
      .createTable('quick_visit')
      .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', id, (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('quick_visit_url', 'varchar(200)', (c) => c.notNull())
      .addColumn('quick_visit_name', 'varchar(100)', (c) => c.notNull())
      .addUniqueConstraint('quick_visit_user_url', ['user_id', 'quick_visit_url'])
      .execute();
    await db.schema
      .createTable('user_alarm_choice')
      .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', id, (c) => c.notNull().unique().references('app_user.id').onDelete('cascade'))
      .addColumn('alarm_type_ids', 'varchar(400)', (c) => c.notNull())
      .execute();

    for (const [table, extra] of [
      ['depot', [['manager', 'varchar(50)']]],
      ['station', [['phone', 'varchar(32)'], ['safe_range', 'integer']]],
      ['park', [['contact', 'varchar(50)'], ['phone', 'varchar(32)']]],
    ] as const) {
      let builder = db.schema
        .createTable(table)
        .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
        .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('short_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('company_code', 'varchar(32)', (c) => c.notNull().references('company.code'))
        .addColumn('address', 'varchar(200)', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('status', 'smallint', (c) => c.notNull());
      for (const [name, type] of extra) builder = builder.addColumn(name, type, (c) => c.notNull());
      await builder.execute();
    }

    await db.schema
      .createTable('truck')
      .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('sign_code', 'varchar(20)', (c) => c.notNull().unique())
      .addColumn('console_sn', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('company_code', 'varchar(32)', (c) => c.notNull().references('company.code'))
      .addColumn('model', 'varchar(20)', (c) => c.notNull())
      .addColumn('phone', 'varchar(11)', (c) => c.notNull())
      .addColumn('compartments', 'integer', (c) => c.notNull())
      .addColumn('capacity', 'double precision', (c) => c.notNull())
      .addColumn('plate_color', 'varchar(10)', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('truck_company').on('truck').columns(['company_code']).execute();
    await db.schema
      .createTable('driver')
      .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('code', 'varchar(7)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('sex', 'varchar(8)', (c) => c.notNull())
      .addColumn('id_number', 'varchar(18)', (c) => c.notNull())
      .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
      .addColumn('company_code', 'varchar(32)', (c) => c.notNull().references('company.code'))
      .addColumn('truck_id', id, (c) => c.references('truck.id'))
      .addColumn('status', 'smallint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('device')
      .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('manufacturer', 'varchar(100)', (c) => c.notNull())
      .addColumn('install_date', 'bigint', (c) => c.notNull())
      .addColumn('truck_id', id, (c) => c.references('truck.id'))
      .addColumn('status', 'smallint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('truck_live')
      .addColumn('truck_id', id, (c) => c.primaryKey().references('truck.id').onDelete('cascade'))
      .addColumn('status', 'smallint', (c) => c.notNull())
      .addColumn('alarm', 'varchar(100)', (c) => c.notNull())
      .addColumn('gps_time', 'bigint')
      .addColumn('status_time', 'bigint')
      .addColumn('speed', 'double precision', (c) => c.notNull())
      .addColumn('area', 'varchar(200)', (c) => c.notNull())
      .addColumn('lat', 'double precision', (c) => c.notNull())
      .addColumn('lng', 'double precision', (c) => c.notNull())
      .addColumn('heading', 'double precision', (c) => c.notNull())
      .addColumn('inventory', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('position')
      .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('truck_id', id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('lat', 'double precision', (c) => c.notNull())
      .addColumn('lng', 'double precision', (c) => c.notNull())
      .addColumn('speed', 'double precision', (c) => c.notNull())
      .addColumn('heading', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('position_truck_time').on('position').columns(['truck_id', 'time']).execute();
    await db.schema
      .createTable('event')
      .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('truck_id', id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('start_time', 'bigint', (c) => c.notNull())
      .addColumn('end_time', 'bigint')
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('event_kind_time').on('event').columns(['kind', 'start_time']).execute();
    await db.schema.createIndex('event_truck_time').on('event').columns(['truck_id', 'start_time']).execute();
    await db.schema
      .createTable('alarm')
      .addColumn('seq', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('truck_id', id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('sign_code', 'varchar(20)', (c) => c.notNull())
      .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('start_time', 'bigint', (c) => c.notNull())
      .addColumn('insert_time', 'bigint', (c) => c.notNull())
      .addColumn('remark', 'varchar(400)', (c) => c.notNull())
      .addColumn('properties', 'text', (c) => c.notNull())
      .addColumn('acknowledged', 'smallint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('alarm_insert_time').on('alarm').columns(['insert_time']).execute();
    await db.schema.createIndex('alarm_type_time').on('alarm').columns(['type', 'start_time']).execute();
    await db.schema
      .createTable('heartbeat')
      .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('truck_id', id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('heart_time', 'bigint', (c) => c.notNull())
      .addColumn('gps_time', 'bigint', (c) => c.notNull())
      .addColumn('voltage', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('heartbeat_truck_time').on('heartbeat').columns(['truck_id', 'heart_time']).execute();
    await db.schema
      .createTable('fence')
      .addColumn('id', id, (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('company_code', 'varchar(32)', (c) => c.notNull().references('company.code'))
      .addColumn('approval_status', 'smallint', (c) => c.notNull())
      .addColumn('modifier', 'varchar(50)', (c) => c.notNull())
      .addColumn('modify_time', 'bigint', (c) => c.notNull())
      .addColumn('modify_type', 'varchar(10)', (c) => c.notNull())
      .addColumn('approver', 'varchar(50)')
      .addColumn('approval_time', 'bigint')
      .addColumn('address', 'varchar(200)', (c) => c.notNull())
      .execute();
    await sql`select 1`.execute(db);
  },
};

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
};
