// Migration '0015-alarm-inbox': where each alarm stands for its company (docs/api.md, The alarm inbox). The flag
// `acknowledged` (alarmCue) becomes the state code, 0 new and 1 acknowledged as before, 2 resolved; who made the last
// change and when, whom the alarm is given to, the resolution's note; and every change kept as history.
import type { Migration } from 'kysely';
import type { ColumnTypes } from './column-types';
import type { AnyDb } from './migration-tables';

export const alarmInbox = (t: ColumnTypes): Migration => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('alarm').renameColumn('acknowledged', 'state').execute();
    await db.schema.alterTable('alarm').addColumn('state_by', t.text(50)).execute();
    await db.schema.alterTable('alarm').addColumn('state_at', t.millis).execute();
    await db.schema.alterTable('alarm').addColumn('assignee', t.text(50)).execute();
    await db.schema.alterTable('alarm').addColumn('note', t.text(200), (c) => c.notNull().defaultTo('')).execute();
    // The inbox's default view and the counts: a company's open alarms, newest first.
    await db.schema.createIndex('alarm_company_state_time').on('alarm').columns(['company_code', 'state', 'start_time']).execute();
    await db.schema
      .createTable('alarm_state_change')
      .addColumn('id', t.id, (c) => t.generatedKey(c))
      .addColumn('seq', t.id, (c) => c.notNull().references('alarm.seq').onDelete('cascade'))
      .addColumn('state', t.flag, (c) => c.notNull())
      .addColumn('by', t.text(50), (c) => c.notNull())
      .addColumn('at', t.millis, (c) => c.notNull())
      .addColumn('assignee', t.text(50))
      .addColumn('note', t.text(200), (c) => c.notNull())
      .execute();
    await db.schema.createIndex('alarm_state_change_seq').on('alarm_state_change').columns(['seq', 'id']).execute();
  },
});
