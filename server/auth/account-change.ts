// Announcing an account change: the sessions of accounts now disabled end, then every affected socket reloads its account.
import type { Db } from '../db/open';
import type { AccountChange, LiveHub } from '../live/hub';

/**
 * What the master-data routes call after they commit a change to users, roles or companies. The sessions of the
 * change's users (and its roles' users) that are disabled, or whose role is, are deleted, so enabling them again
 * does not revive an old token. Then every socket of an affected user reloads its account: a disabled one closes
 * with the final 4401, the others stream their new companies (see LiveConnection.refresh). Resolves once this
 * server's sockets have done so; other instances follow when the hub reaches them.
 */
export async function announceAccountChange(db: Db, hub: LiveHub, change: AccountChange): Promise<void> {
  await endDisabledSessions(db, change);
  await hub.publishAccounts(change);
}

async function endDisabledSessions(db: Db, change: AccountChange): Promise<void> {
  const userIds = change.userIds ?? [];
  const roleIds = change.roleIds ?? [];
  if (userIds.length === 0 && roleIds.length === 0) return;
  await db
    .deleteFrom('session')
    .where('userId', 'in', (eb) =>
      eb
        .selectFrom('appUser')
        .innerJoin('role', 'role.id', 'appUser.roleId')
        .select('appUser.id')
        .where((w) =>
          w.or([
            ...(userIds.length > 0 ? [w('appUser.id', 'in', userIds)] : []),
            ...(roleIds.length > 0 ? [w('appUser.roleId', 'in', roleIds)] : []),
          ]),
        )
        .where((w) => w.or([w('appUser.status', '<>', 1), w('role.status', '<>', 1)])),
    )
    .execute();
}
