// Migration '0014-login-challenges': the server's own login challenge (server/auth/login-challenge.ts), kept
// apart from migrations.ts as the other later migrations are.
import type { Migration } from 'kysely';
import type { ColumnTypes } from './column-types';
import type { AnyDb } from './migration-tables';

/**
 * The login challenges the server issues after repeated failures (docs/api.md, Sessions and passwords), in the
 * database so every instance behind a proxy checks what another issued; and which failures are logins, being checked or
 * failed (those call for a challenge; a wrong old password in a session does not), counted by user name alone too.
 */
export const loginChallenges = (t: ColumnTypes): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('login_challenge')
      .addColumn('id', t.text(32), (c) => c.primaryKey())
      .addColumn('answer_hash', t.text(64), (c) => c.notNull())
      .addColumn('ip', t.text(64), (c) => c.notNull())
      .addColumn('expires_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_challenge_ip').on('login_challenge').columns(['ip', 'expires_at']).execute();
    await db.schema.createIndex('login_challenge_expires').on('login_challenge').columns(['expires_at']).execute();
    await db.schema.alterTable('auth_failure').addColumn('login_state', t.flag, (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('auth_failure_user').on('auth_failure').columns(['user_name', 'at']).execute();
  },
});
