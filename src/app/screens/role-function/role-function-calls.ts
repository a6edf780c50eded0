// The role_function screen's calls: the roles to pick from, one role's functions, and their save on the role's version;
// a refused save (400, the field) and a stale one (409, the role as it is now) come back for the screen to show.
import i18next from 'i18next';
import { CallError, callPath } from '../../../api/client';
import {
  ACCOUNT_RESULT, ROLE_FUNCTION_CALL, isRoleFunctionRoles, isRoleFunctions, joinFunctions, roleFunctionCall,
  type RoleFunctionRoles, type RoleFunctions,
} from '../../../../domain/screens/accounts/wire';
import { isRecord } from '../../../../domain/wire/guards';

/** Another backend's shape is the spec's 'read data fail', never a half-drawn tree. */
const readFail = () => new CallError(i18next.t('error.readDataFail'), undefined, undefined, false);

export async function fetchRoles(): Promise<RoleFunctionRoles> {
  const answer = await callPath<unknown>('GET', ROLE_FUNCTION_CALL, {});
  if (isRoleFunctionRoles(answer)) return answer;
  throw readFail();
}

export async function fetchRoleFunctions(roleId: number): Promise<RoleFunctions> {
  const answer = await callPath<unknown>('GET', roleFunctionCall(roleId), {});
  if (isRoleFunctions(answer)) return answer;
  throw readFail();
}

type SaveOutcome =
  | { readonly kind: 'saved'; readonly role: RoleFunctions }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'conflict'; readonly message: string; readonly current: RoleFunctions };

/** Saves the functions; every failure but a refusal or a conflict rejects after the client's usual reaction. */
export async function saveRoleFunctions(roleId: number, functions: readonly string[], version: number): Promise<SaveOutcome> {
  try {
    const answer = await callPath<unknown>('PUT', roleFunctionCall(roleId), { functions: joinFunctions(functions), version }, {
      passBackCodes: [ACCOUNT_RESULT.refused, ACCOUNT_RESULT.conflict],
    });
    if (isRoleFunctions(answer)) return { kind: 'saved', role: answer };
    throw readFail();
  } catch (error) {
    if (!(error instanceof CallError) || error.shown) throw error;
    if (error.resultCode === ACCOUNT_RESULT.refused) return { kind: 'refused', message: error.message };
    const current = isRecord(error.data) ? error.data['current'] : undefined;
    if (error.resultCode === ACCOUNT_RESULT.conflict && isRoleFunctions(current)) return { kind: 'conflict', message: error.message, current };
    throw error;
  }
}
