// Session expiry on a real database with the time passed in: idle and absolute limits, touching, purging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, endedSessions, findSession, hashToken, purgeSessions } from '../../../server/auth/sessions';
import { seedAccounts } from '../../../server/seed/accounts';
import { openTestDatabase, type OpenedTestDatabase } from '../../helpers/test-database';

const POLICY = { idleMs: 30 * 60_000, maxMs: 12 * 3_600_000 };
const T0 = Date.UTC(2026, 10, 22, 0, 0, 0);
const MINUTE = 60_000;

describe('sessions', () => {
  let opened: OpenedTestDatabase;
  let userId: number;
  beforeAll(async () => {
    opened = await openTestDatabase();
    await seedAccounts(opened.db);
    userId = (await opened.db.selectFrom('appUser').select('id').where('userName', '=', 'operator').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await opened.close();
  });

  const lastSeen = async (token: string) =>
    (await opened.db.selectFrom('session').select('lastSeenAt').where('tokenHash', '=', hashToken(token)).executeTakeFirst())?.lastSeenAt;

  it('keeps a session used at least every 30 minutes, and ends it 30 minutes after its last use', async () => {
    const token = await createSession(opened.db, userId, '127.0.0.1', T0);
    expect(await findSession(opened.db, token, POLICY, T0 + 29 * MINUTE)).toMatchObject({ userId });
    expect(await lastSeen(token)).toBe(T0 + 29 * MINUTE);
    expect(await findSession(opened.db, token, POLICY, T0 + 58 * MINUTE)).toMatchObject({ userId });
    expect(await findSession(opened.db, token, POLICY, T0 + 88 * MINUTE + 1)).toBeUndefined();
    // Ended means deleted: an earlier time does not bring it back.
    expect(await findSession(opened.db, token, POLICY, T0 + 60 * MINUTE)).toBeUndefined();
  });

  it('writes last-seen at most once a minute, so reads stay reads', async () => {
    const token = await createSession(opened.db, userId, '127.0.0.1', T0);
    await findSession(opened.db, token, POLICY, T0 + 30_000);
    expect(await lastSeen(token)).toBe(T0);
    await findSession(opened.db, token, POLICY, T0 + MINUTE + 1);
    expect(await lastSeen(token)).toBe(T0 + MINUTE + 1);
  });

  it('ends a session 12 hours after login even while it is in use', async () => {
    const token = await createSession(opened.db, userId, '127.0.0.1', T0);
    for (let at = T0 + 20 * MINUTE; at <= T0 + 12 * 60 * MINUTE; at += 20 * MINUTE) {
      expect(await findSession(opened.db, token, POLICY, at)).toMatchObject({ userId });
    }
    expect(await findSession(opened.db, token, POLICY, T0 + 12 * 60 * MINUTE + 1)).toBeUndefined();
  });

  it('names the ended ones among live sockets’ sessions without touching any, and purges expired rows', async () => {
    const fresh = await createSession(opened.db, userId, '127.0.0.1', T0 + 100 * MINUTE);
    const idle = await createSession(opened.db, userId, '127.0.0.1', T0 + 60 * MINUTE);
    const now = T0 + 100 * MINUTE + 5 * MINUTE;
    const ended = await endedSessions(opened.db, [hashToken(fresh), hashToken(idle), hashToken('gone')], POLICY, now);
    expect(ended).toEqual(new Set([hashToken(idle), hashToken('gone')]));
    expect(await lastSeen(fresh)).toBe(T0 + 100 * MINUTE);

    await purgeSessions(opened.db, POLICY, now);
    const left = await opened.db.selectFrom('session').select('tokenHash').execute();
    expect(left.map((row) => row.tokenHash)).toEqual([hashToken(fresh)]);
  });

  it('counts the session of a disabled user, or of a user whose role is disabled, as ended', async () => {
    const { db } = opened;
    const userOf = (userName: string) => db.selectFrom('appUser').selectAll().where('userName', '=', userName).executeTakeFirstOrThrow();
    const [manager, garden] = [await userOf('manager'), await userOf('garden')];
    const enabled = await createSession(db, userId, '127.0.0.1', T0);
    const disabledUser = await createSession(db, manager.id, '127.0.0.1', T0);
    const disabledRole = await createSession(db, garden.id, '127.0.0.1', T0);
    await db.updateTable('appUser').set({ status: 0 }).where('id', '=', manager.id).execute();
    await db.updateTable('role').set({ status: 0 }).where('id', '=', garden.roleId).execute();
    try {
      const ended = await endedSessions(db, [enabled, disabledUser, disabledRole].map(hashToken), POLICY, T0 + MINUTE);
      expect(ended).toEqual(new Set([hashToken(disabledUser), hashToken(disabledRole)]));
    } finally {
      await db.updateTable('appUser').set({ status: 1 }).where('id', '=', manager.id).execute();
      await db.updateTable('role').set({ status: 1 }).where('id', '=', garden.roleId).execute();
    }
  });
});
