// The accounts calls on the wire: the role_function screen's roles, one role's functions and their save, and an
// administrator's password reset; with the runtime checks the console reads the answers through.
import type { EntityPath } from '../entities/definition';
import { entityCallPath } from '../entities/wire';
import { isFiniteNumber, isRecord, isStringArray } from '../../wire/guards';

const ROLE_FUNCTION_PATH = '/setting/privilege_account/role_function' satisfies EntityPath;
const USER_PATH = '/setting/privilege_account/user' satisfies EntityPath;

/** GET: the roles the caller may edit; GET/PUT `/<role id>`: one role's functions. */
export const ROLE_FUNCTION_CALL = entityCallPath(ROLE_FUNCTION_PATH);

export function roleFunctionCall(roleId: number): string {
  return `${ROLE_FUNCTION_CALL}/${roleId}`;
}

/** The user screen's entity calls; `/<key>/password` below it is the password reset. */
export const USER_CALL = entityCallPath(USER_PATH);

/** POST { password, confirm }: an administrator sets a user's password (the user's key: its id). */
export function passwordResetCall(userKey: string): string {
  return `${USER_CALL}/${encodeURIComponent(userKey)}/password`;
}

export interface RoleChoice {
  readonly id: number;
  readonly name: string;
  readonly status: 0 | 1;
}

/** What the screen opens with: the roles to pick from and what the caller holds (a non-superMan grants only that). */
export interface RoleFunctionRoles {
  readonly roles: readonly RoleChoice[];
  readonly callerSuperMan: boolean;
  /** The caller's own stored functions (group ids and route paths). */
  readonly callerFunctions: readonly string[];
}

/** One role's functions in their stored form, at the role's version, with its last change. */
export interface RoleFunctions {
  readonly id: number;
  readonly name: string;
  readonly version: number;
  readonly functions: readonly string[];
  readonly modifiedBy: string | null;
  readonly modifiedAt: number | null;
}

/** PUT body: the functions comma-joined (no id holds a comma), and the version they were chosen on. */
export interface RoleFunctionSave {
  readonly functions: string;
  readonly version: number;
}

/** A save of a stale version (resultCode 409): the role's functions as they are now. */
export interface RoleFunctionConflict {
  readonly current: RoleFunctions;
}

export interface PasswordReset {
  readonly password: string;
  readonly confirm: string;
}

export const ACCOUNT_RESULT = { refused: 400, conflict: 409 } as const;

export function joinFunctions(ids: readonly string[]): string {
  return ids.join(',');
}

export function splitFunctions(text: string): string[] {
  return text.split(',').map((id) => id.trim()).filter((id) => id !== '');
}

function isRoleChoice(value: unknown): value is RoleChoice {
  return isRecord(value) && isFiniteNumber(value['id']) && typeof value['name'] === 'string' && (value['status'] === 0 || value['status'] === 1);
}

export function isRoleFunctionRoles(value: unknown): value is RoleFunctionRoles {
  return (
    isRecord(value) &&
    Array.isArray(value['roles']) &&
    (value['roles'] as unknown[]).every(isRoleChoice) &&
    typeof value['callerSuperMan'] === 'boolean' &&
    isStringArray(value['callerFunctions'])
  );
}

export function isRoleFunctions(value: unknown): value is RoleFunctions {
  if (!isRecord(value)) return false;
  const { id, name, version, functions, modifiedBy, modifiedAt } = value;
  return (
    isFiniteNumber(id) &&
    typeof name === 'string' &&
    isFiniteNumber(version) &&
    isStringArray(functions) &&
    (modifiedBy === null || typeof modifiedBy === 'string') &&
    (modifiedAt === null || isFiniteNumber(modifiedAt))
  );
}
