// What the server knows about the caller of a request: the session, the user, the role's grants and visible companies.
import type { Db } from '../db/open';
import type { Row } from '../db/schema';
import type { Grants } from './access';

export interface AuthContext extends Grants {
  readonly tokenHash: string;
  readonly user: Row<'appUser'>;
  readonly role: Row<'role'>;
  /** userPri: the company codes whose data this user receives. */
  readonly companyCodes: readonly string[];
}

/** Loads the user behind a live session; undefined when the user is gone or disabled. */
export async function loadAuthContext(db: Db, tokenHash: string, userId: number): Promise<AuthContext | undefined> {
  const user = await db.selectFrom('appUser').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user || user.status !== 1) return undefined;
  const role = await db.selectFrom('role').selectAll().where('id', '=', user.roleId).executeTakeFirst();
  if (!role || role.status !== 1) return undefined;
  const functions = await db.selectFrom('roleFunction').select('functionId').where('roleId', '=', role.id).execute();
  const superMan = role.superMan === 1;
  return {
    tokenHash,
    user,
    role,
    superMan,
    functions: new Set(functions.map((f) => f.functionId)),
    companyCodes: await visibleCompanies(db, user.id, superMan),
  };
}

/** userPri: a superMan sees every company, anyone else the companies granted to them. */
export async function visibleCompanies(db: Db, userId: number, superMan: boolean): Promise<string[]> {
  const rows = superMan
    ? await db.selectFrom('company').select('code').orderBy('code').execute()
    : await db.selectFrom('userCompany').select('companyCode as code').where('userId', '=', userId).orderBy('companyCode').execute();
  return rows.map((row) => row.code);
}

/**
 * Whether companies granted since `before` lie outside what a client asked for: a client that named its companies (the
 * console names the list it read at login) cannot ask for one granted later until it reads its privileges again.
 */
export function grantedOutside(requested: readonly string[], before: ReadonlySet<string>, now: readonly string[]): boolean {
  return requested.length > 0 && now.some((code) => !before.has(code) && !requested.includes(code));
}

/** The companies a request asks for (userPri), narrowed to those the user may see; empty asks for all of them. */
export function narrowCompanies(allowed: readonly string[], requested: readonly string[]): string[] {
  if (requested.length === 0) return [...allowed];
  const wanted = new Set(requested);
  return allowed.filter((code) => wanted.has(code));
}
