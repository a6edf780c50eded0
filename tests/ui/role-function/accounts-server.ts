// The accounts calls in memory behind a stubbed fetch, so the real client judges the answers: the roles, one role's
// functions, their save on the version (409 with the role as it is now), and the password reset with its rules.
import { envelope, stubApi } from '../stub-api';
import type { RoleChoice, RoleFunctions } from '../../../domain/screens/accounts/wire';

const ROLES_PATH = '/entity/setting/privilege_account/role_function';

interface AccountsSetup {
  readonly roles: readonly RoleChoice[];
  readonly functions?: Readonly<Record<number, readonly string[]>>;
  readonly callerSuperMan?: boolean;
  readonly callerFunctions?: readonly string[];
  /** What the password reset answers: its resultCode, message and data. */
  readonly resetAnswer?: { readonly resultCode: number; readonly message: string; readonly data?: unknown };
}

export function accountsServer(setup: AccountsSetup) {
  const stored = new Map<number, RoleFunctions>(
    setup.roles.map((role) => [role.id, { id: role.id, name: role.name, version: 1, functions: setup.functions?.[role.id] ?? [], modifiedBy: null, modifiedAt: null }]),
  );

  const handle = (method: string, path: string, params: Record<string, string>): Response => {
    if (method === 'GET' && path === ROLES_PATH) {
      return envelope(200, { roles: setup.roles, callerSuperMan: setup.callerSuperMan ?? true, callerFunctions: setup.callerFunctions ?? [] });
    }
    const role = /^\/entity\/setting\/privilege_account\/role_function\/(\d+)$/.exec(path);
    if (role) {
      const current = stored.get(Number(role[1]));
      if (!current) return envelope(404, null, 'no such role');
      if (method === 'GET') return envelope(200, current);
      if (Number(params['version']) !== current.version) return envelope(409, { current }, `stale: ${current.modifiedBy ?? ''}`);
      const next = { ...current, version: current.version + 1, functions: (params['functions'] ?? '').split(',').filter(Boolean), modifiedBy: 'admin' };
      stored.set(current.id, next);
      return envelope(200, next);
    }
    if (method === 'POST' && /^\/entity\/setting\/privilege_account\/user\/[^/]+\/password$/.test(path)) {
      const answer = setup.resetAnswer ?? { resultCode: 200, message: 'done', data: null };
      return envelope(answer.resultCode, answer.data ?? null, answer.message);
    }
    return envelope(404, null, `no such call ${path}`);
  };

  const calls = stubApi(handle);

  return {
    calls,
    writes: () => calls.filter((call) => call.method !== 'GET'),
    role: (id: number) => stored.get(id),
    /** Someone else saves the role meanwhile. */
    changeBehind(id: number, functions: readonly string[], by: string) {
      const current = stored.get(id);
      if (current) stored.set(id, { ...current, version: current.version + 1, functions, modifiedBy: by, modifiedAt: Date.now() });
    },
  };
}
