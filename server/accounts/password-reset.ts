// An administrator sets a user's password: the spec's rules (at least 6, the confirmation equal), stored like every
// password (scrypt of its MD5), and the user's other sessions end so the old password opens nothing.
import type { LocaleKey } from '../../domain/i18n';
import { expandFunctions } from '../../domain/screens/accounts/role-functions';
import { checkPassword, checkPasswordConfirmation } from '../../domain/validation';
import type { AuthContext } from '../auth/context';
import { hashMd5, md5Hex } from '../auth/passwords';
import type { Db } from '../db/open';
import { inTransaction } from '../db/transaction';

type PasswordResetResult =
  | { readonly kind: 'reset'; readonly userId: number }
  | { readonly kind: 'refused'; readonly field: 'password' | 'confirm'; readonly key: LocaleKey }
  | { readonly kind: 'beyond' }
  | { readonly kind: 'notFound' };

const MAX_ID = 2 ** 31 - 1;

/** A user key from the URL (the user's id), or undefined when it cannot name a user. */
export function userIdOf(key: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(key)) return undefined;
  const id = Number(key);
  return id <= MAX_ID ? id : undefined;
}

/** The form's rules, the same the console checks before sending. */
function resetProblem(password: string, confirm: string): Extract<PasswordResetResult, { kind: 'refused' }> | undefined {
  const passwordKey = checkPassword(password);
  if (passwordKey) return { kind: 'refused', field: 'password', key: passwordKey };
  const confirmKey = checkPasswordConfirmation(password, confirm);
  return confirmKey ? { kind: 'refused', field: 'confirm', key: confirmKey } : undefined;
}

/**
 * Whether the caller may take over this user's password: a superMan may; anyone else only for users of their
 * companies (others do not exist for them) whose role grants nothing beyond their own, so no one gains rights by
 * logging in as someone they reset.
 */
async function mayReset(db: Db, caller: AuthContext, userId: number): Promise<'yes' | 'beyond' | 'notFound'> {
  const user = await db
    .selectFrom('appUser')
    .innerJoin('role', 'role.id', 'appUser.roleId')
    .select(['appUser.companyCode', 'role.id as roleId', 'role.superMan'])
    .where('appUser.id', '=', userId)
    .executeTakeFirst();
  if (!user) return 'notFound';
  if (caller.superMan) return 'yes';
  if (!caller.companyCodes.includes(user.companyCode)) return 'notFound';
  if (user.superMan === 1) return 'beyond';
  const functions = await db.selectFrom('roleFunction').select('functionId').where('roleId', '=', user.roleId).execute();
  const held = expandFunctions(caller.functions);
  const granted = expandFunctions(functions.map((row) => row.functionId));
  return [...granted].every((path) => held.has(path)) ? 'yes' : 'beyond';
}

/** Sets the password and ends every session of the user but the caller's own (an administrator resetting their own). */
export async function resetPassword(db: Db, caller: AuthContext, userId: number, password: string, confirm: string): Promise<PasswordResetResult> {
  const problem = resetProblem(password, confirm);
  if (problem) return problem;
  const allowed = await mayReset(db, caller, userId);
  if (allowed !== 'yes') return { kind: allowed };
  // Hashed before the transaction: a third of a second the database need not be held for.
  const passwordHash = await hashMd5(md5Hex(password));
  return inTransaction(db, async (trx) => {
    const updated = await trx.updateTable('appUser').set({ passwordHash }).where('id', '=', userId).executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return { kind: 'notFound' };
    await trx.deleteFrom('session').where('userId', '=', userId).where('tokenHash', '<>', caller.tokenHash).execute();
    return { kind: 'reset', userId };
  });
}
