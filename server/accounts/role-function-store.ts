// A role's functions in table role_function: the roles a caller may edit, one role's functions, and their save (one
// transaction on the role's version; a non-superMan changes only what they hold themselves).
import { translate, type Lang, type LocaleKey, type LocaleValues } from '../../domain/i18n';
import { routeByPath } from '../../domain/routes';
import {
  changedRoutes, compactFunctions, expandFunctions, isFunctionId, lockedFor,
} from '../../domain/screens/accounts/role-functions';
import type { RoleChoice, RoleFunctions } from '../../domain/screens/accounts/wire';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/open';
import type { Row } from '../db/schema';
import { inTransaction } from '../db/transaction';

type RoleFunctionResult =
  | { readonly kind: 'saved'; readonly role: RoleFunctions }
  | { readonly kind: 'refused'; readonly key: LocaleKey; readonly params?: LocaleValues }
  | { readonly kind: 'conflict'; readonly current: RoleFunctions }
  | { readonly kind: 'notFound' };

type RoleFunctionRead = Exclude<RoleFunctionResult, { readonly kind: 'saved' | 'conflict' }> | { readonly kind: 'read'; readonly role: RoleFunctions };

/** The part of the caller a save is judged by. */
type Editor = Pick<AuthContext, 'superMan' | 'functions'> & { readonly roleId: number; readonly userName: string; readonly lang: Lang };

export function editorOf(auth: AuthContext, lang: Lang): Editor {
  return { superMan: auth.superMan, functions: auth.functions, roleId: auth.role.id, userName: auth.user.userName, lang };
}

/**
 * The roles the tree edits: not the superMan roles (they hold every function without rows), and not the caller's own
 * role unless they are a superMan (nobody widens or narrows their own rights).
 */
export async function editableRoles(db: Db, editor: Editor): Promise<RoleChoice[]> {
  let query = db.selectFrom('role').select(['id', 'roleName', 'status']).where('superMan', '=', 0);
  if (!editor.superMan) query = query.where('id', '<>', editor.roleId);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, name: row.roleName, status: row.status === 1 ? 1 : 0 }));
}

async function storedFunctions(db: Db, roleId: number): Promise<string[]> {
  const rows = await db.selectFrom('roleFunction').select('functionId').where('roleId', '=', roleId).execute();
  return compactFunctions(expandFunctions(rows.map((row) => row.functionId)));
}

function wireRole(role: Row<'role'>, functions: readonly string[]): RoleFunctions {
  return { id: role.id, name: role.roleName, version: role.version, functions, modifiedBy: role.modifiedBy, modifiedAt: role.modifiedAt };
}

/** Why the editor may not edit this role at all, or undefined. */
function roleProblem(role: Row<'role'>, editor: Editor): LocaleKey | undefined {
  if (role.superMan === 1) return 'roleFunction.superManRole';
  if (!editor.superMan && role.id === editor.roleId) return 'roleFunction.ownRole';
  return undefined;
}

/** One role's functions, for the editor. */
export async function readRoleFunctions(db: Db, roleId: number, editor: Editor): Promise<RoleFunctionRead> {
  const role = await db.selectFrom('role').selectAll().where('id', '=', roleId).executeTakeFirst();
  if (!role) return { kind: 'notFound' };
  const problem = roleProblem(role, editor);
  if (problem) return { kind: 'refused', key: problem };
  return { kind: 'read', role: wireRole(role, await storedFunctions(db, roleId)) };
}

/** At most this many route titles in a refusal; the rest as "…". */
const NAMED_AT_MOST = 5;

function routeTitles(paths: readonly string[], lang: Lang): string {
  const titles = paths.slice(0, NAMED_AT_MOST).map((path) => {
    const route = routeByPath(path);
    return route ? translate(lang, route.titleKey) : path;
  });
  return (paths.length > NAMED_AT_MOST ? [...titles, '…'] : titles).join(lang === 'zh' ? '、' : ', ');
}

/**
 * Replaces a role's functions with `requested` (group ids and route paths) if the role is still at `version`: the
 * version is bumped first, so a concurrent save of the same version finds no row and writes nothing.
 */
export async function saveRoleFunctions(db: Db, editor: Editor, roleId: number, requested: readonly string[], version: number, now: number): Promise<RoleFunctionResult> {
  const unknown = requested.find((id) => !isFunctionId(id));
  if (unknown !== undefined) return { kind: 'refused', key: 'roleFunction.unknownFunction', params: { id: unknown } };
  const after = expandFunctions(requested);
  if (after.size === 0) return { kind: 'refused', key: 'validation.required' };
  return inTransaction(db, async (trx) => {
    const role = await trx.selectFrom('role').selectAll().where('id', '=', roleId).executeTakeFirst();
    if (!role) return { kind: 'notFound' };
    const problem = roleProblem(role, editor);
    if (problem) return { kind: 'refused', key: problem };
    const beforeIds = await storedFunctions(trx, roleId);
    if (role.version !== version) return { kind: 'conflict', current: wireRole(role, beforeIds) };
    if (!editor.superMan) {
      const locked = lockedFor(editor.functions);
      const beyond = changedRoutes(expandFunctions(beforeIds), after).filter((path) => locked.has(path));
      if (beyond.length > 0) return { kind: 'refused', key: 'roleFunction.beyondOwn', params: { names: routeTitles(beyond, editor.lang) } };
    }
    const updated = await trx
      .updateTable('role')
      .set({ version: version + 1, modifiedBy: editor.userName, modifiedAt: now })
      .where('id', '=', roleId)
      .where('version', '=', version)
      .returningAll()
      .executeTakeFirst();
    if (!updated) {
      const current = await trx.selectFrom('role').selectAll().where('id', '=', roleId).executeTakeFirstOrThrow();
      return { kind: 'conflict', current: wireRole(current, await storedFunctions(trx, roleId)) };
    }
    const ids = compactFunctions(after);
    await trx.deleteFrom('roleFunction').where('roleId', '=', roleId).execute();
    await trx.insertInto('roleFunction').values(ids.map((functionId) => ({ roleId, functionId }))).execute();
    return { kind: 'saved', role: wireRole(updated, ids) };
  });
}
