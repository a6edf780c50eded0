// The device-parameter tables (docs/device-sends.md): migration '0009-device-parameters'. The sends' rows are
// the status of record the simulated devices and every console follow, so a restart mid-send resumes from them.
import type { Migration } from 'kysely';
import type { ColumnTypes } from './column-types';
import { entityTable, type AnyDb } from './migration-tables';

/** A file's text or a tank table: up to the 1 MB upload limit, so no varchar bound. */
const LONG_TEXT = 'text';

export const deviceParamTables = (t: ColumnTypes): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('device_file')
      .addColumn('truck_id', t.id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('name', t.text(32), (c) => c.notNull())
      .addColumn('content', LONG_TEXT, (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('updated_at', t.millis, (c) => c.notNull())
      .addPrimaryKeyConstraint('device_file_pk', ['truck_id', 'name'])
      .execute();

    await db.schema
      .createTable('device_send')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('company_code', t.text(32), (c) => c.notNull().references('company.code'))
      .addColumn('truck_id', t.id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('kind', t.text(16), (c) => c.notNull())
      .addColumn('target', t.text(100), (c) => c.notNull())
      .addColumn('description', t.text(200), (c) => c.notNull())
      .addColumn('payload', LONG_TEXT, (c) => c.notNull())
      .addColumn('source_id', t.id)
      .addColumn('status', t.text(20), (c) => c.notNull())
      .addColumn('step', 'integer', (c) => c.notNull())
      .addColumn('steps', 'integer', (c) => c.notNull())
      .addColumn('send_times', 'integer', (c) => c.notNull())
      .addColumn('required_at', t.millis, (c) => c.notNull())
      .addColumn('actual_at', t.millis)
      .addColumn('completed_at', t.millis)
      .addColumn('created_by', t.text(50), (c) => c.notNull())
      .addColumn('updated_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('device_send_status').on('device_send').columns(['status']).execute();
    await db.schema.createIndex('device_send_truck').on('device_send').columns(['truck_id', 'kind', 'target']).execute();
    await db.schema.createIndex('device_send_company').on('device_send').columns(['company_code', 'required_at']).execute();

    await db.schema
      .createTable('param_change')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('company_code', t.text(32), (c) => c.notNull().references('company.code'))
      .addColumn('truck_id', t.id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('send_id', t.id, (c) => c.references('device_send.id').onDelete('set null'))
      .addColumn('kind', t.text(16), (c) => c.notNull())
      .addColumn('file', t.text(32), (c) => c.notNull())
      .addColumn('item', t.text(100), (c) => c.notNull())
      .addColumn('old_value', t.text(200), (c) => c.notNull())
      .addColumn('new_value', t.text(200), (c) => c.notNull())
      .addColumn('mode', t.text(16), (c) => c.notNull())
      .addColumn('sequence', 'integer', (c) => c.notNull())
      .addColumn('remark', t.text(200), (c) => c.notNull())
      .addColumn('changed_by', t.text(50), (c) => c.notNull())
      .addColumn('changed_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('param_change_company').on('param_change').columns(['company_code', 'changed_at']).execute();

    await entityTable(db, t, 'upgrade_file')
      .addColumn('file_type', t.flag, (c) => c.notNull())
      .addColumn('file_version', t.text(50), (c) => c.notNull())
      .addColumn('description', t.text(200), (c) => c.notNull())
      .addColumn('file_name', t.text(100), (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('content', t.bytes, (c) => c.notNull())
      .execute();
    await entityTable(db, t, 'remote_template')
      .addColumn('name', t.text(100), (c) => c.notNull().unique())
      .addColumn('command', t.text(20), (c) => c.notNull())
      .addColumn('argument', t.text(200), (c) => c.notNull())
      .addColumn('description', t.text(200), (c) => c.notNull())
      .execute();
    await entityTable(db, t, 'truck_camera')
      .addColumn('truck_id', t.id, (c) => c.notNull().unique().references('truck.id').onDelete('cascade'))
      .addColumn('terminal_phone', t.text(11), (c) => c.notNull())
      .addColumn('total_channels', 'integer', (c) => c.notNull())
      .addColumn('dual_ip', t.text(100), (c) => c.notNull())
      .addColumn('recording', t.flag, (c) => c.notNull())
      .addColumn('realtime_video', t.flag, (c) => c.notNull())
      .addColumn('hd_line', 'integer', (c) => c.notNull())
      .execute();
    await entityTable(db, t, 'truck_parameter')
      .addColumn('truck_id', t.id, (c) => c.notNull().unique().references('truck.id').onDelete('cascade'))
      .addColumn('max_speed', 'integer', (c) => c.notNull())
      .addColumn('overspeed_sec', 'integer', (c) => c.notNull())
      .addColumn('pre_overspeed_lead', 'integer', (c) => c.notNull())
      .addColumn('pre_fatigue_lead', 'integer', (c) => c.notNull())
      .addColumn('voice_prompts', t.flag, (c) => c.notNull())
      .addColumn('mileage_base', 'double precision', (c) => c.notNull())
      .addColumn('serial_number', t.text(32), (c) => c.notNull())
      .execute();
    await entityTable(db, t, 'tank_table')
      .addColumn('truck_id', t.id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('serial_no', t.text(32), (c) => c.notNull().unique())
      .addColumn('state', t.text(20), (c) => c.notNull())
      .addColumn('effect_time', t.millis)
      .addColumn('send_time', t.millis)
      .addColumn('pipeline_capacity', 'double precision', (c) => c.notNull())
      .addColumn('tank_height', 'double precision', (c) => c.notNull())
      .addColumn('capacity', 'double precision', (c) => c.notNull())
      .addColumn('frame_no', t.text(32), (c) => c.notNull())
      .addColumn('has_table', t.flag, (c) => c.notNull())
      .addColumn('file_name', t.text(100), (c) => c.notNull())
      .addColumn('content', LONG_TEXT, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tank_table_truck').on('tank_table').columns(['truck_id', 'state']).execute();
    await db.schema
      .createTable('atg_tank_table')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('company_code', t.text(32), (c) => c.notNull().references('company.code'))
      .addColumn('truck_id', t.id, (c) => c.notNull().references('truck.id').onDelete('cascade'))
      .addColumn('tank_table_id', t.id, (c) => c.notNull().references('tank_table.id').onDelete('cascade'))
      .addColumn('compartment', 'integer', (c) => c.notNull())
      .addColumn('probe_addr', 'integer', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('max_level', 'double precision', (c) => c.notNull())
      .addColumn('max_volume', 'double precision', (c) => c.notNull())
      .addColumn('content', LONG_TEXT, (c) => c.notNull())
      .addColumn('effect_time', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('atg_tank_table_truck').on('atg_tank_table').columns(['truck_id', 'compartment']).execute();
  },
});
