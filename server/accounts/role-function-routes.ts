// The accounts calls, each serving its screen: the role_function screen's roles, one role's
// functions and their save below `/entity/setting/privilege_account/role_function`, and the administrator's password
// reset (password-reset-routes.ts). A saved change holds from the next request on: every request loads its caller's
// functions from the database (server/auth/context.ts).
import {
  ROLE_FUNCTION_CALL, splitFunctions, type RoleFunctionConflict, type RoleFunctionRoles, type RoleFunctionSave,
} from '../../domain/screens/accounts/wire';
import type { FieldRefusal } from '../../domain/screens/entities/wire';
import { envelope } from '../../domain/wire/envelope';
import { announceAccountChange } from '../auth/account-change';
import { authOf } from '../auth/guard';
import { conflictValues } from '../entities/entity-answers';
import { failData, failText, langOf } from '../envelope';
import { field, type ContractPlugin } from '../routes/plugin';
import { passwordResetRoutes } from './password-reset-routes';
import { editableRoles, editorOf, readRoleFunctions, saveRoleFunctions } from './role-function-store';

const config = { access: '/setting/privilege_account/role_function' } as const;
const ROLE_PARAMS = { type: 'object', required: ['roleId'], properties: { roleId: field.id } } as const;
/** Every group id and route path joined by commas fits well within this. */
const FUNCTIONS_MAX = 20_000;
const ROLE_URL = `${ROLE_FUNCTION_CALL}/:roleId`;

export const roleFunctionRoutes: ContractPlugin = async (app, { services }) => {
  app.get(ROLE_FUNCTION_CALL, { config }, async (request) => {
    const auth = authOf(request);
    const answer: RoleFunctionRoles = {
      roles: await editableRoles(services.db, editorOf(auth, langOf(request))),
      callerSuperMan: auth.superMan,
      callerFunctions: [...auth.functions],
    };
    return envelope(answer);
  });

  app.get<{ Params: { readonly roleId: number } }>(ROLE_URL, { config, schema: { params: ROLE_PARAMS } }, async (request) => {
    const result = await readRoleFunctions(services.db, request.params.roleId, editorOf(authOf(request), langOf(request)));
    if (result.kind === 'notFound') return failText(request, 404, 'entity.notFound');
    if (result.kind === 'refused') return failData<FieldRefusal>(request, 400, result.key, result.params, { field: 'role' });
    return envelope(result.role);
  });

  app.put<{ Params: { readonly roleId: number }; Body: RoleFunctionSave }>(
    ROLE_URL,
    {
      config,
      schema: {
        params: ROLE_PARAMS,
        body: { type: 'object', required: ['version'], properties: { functions: field.text(FUNCTIONS_MAX), version: field.id } },
      },
    },
    async (request) => {
      const lang = langOf(request);
      const { roleId } = request.params;
      const { functions = '', version } = request.body;
      const result = await saveRoleFunctions(services.db, editorOf(authOf(request), lang), roleId, splitFunctions(functions), version, Date.now());
      switch (result.kind) {
        case 'notFound':
          return failText(request, 404, 'entity.notFound');
        case 'refused': {
          const refusedField = result.key === 'roleFunction.superManRole' || result.key === 'roleFunction.ownRole' ? 'role' : 'functions';
          return failData<FieldRefusal>(request, 400, result.key, result.params, { field: refusedField });
        }
        case 'conflict': {
          const { current } = result;
          return failData<RoleFunctionConflict>(request, 409, 'entity.conflict', conflictValues(request, current), { current });
        }
        case 'saved':
          // The role's users' open consoles reload their account (sockets); their next menu load shows the new menu.
          await announceAccountChange(services.db, services.hub, { roleIds: [roleId] });
          return envelope(result.role);
      }
    },
  );

  // Inherits this plugin's prefix (the API base); passing the options on would add it twice.
  await app.register(passwordResetRoutes, { services });
};
