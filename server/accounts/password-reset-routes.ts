// POST <api>/entity/setting/privilege_account/user/:key/password { password, confirm }: an administrator resets a
// user's password (spec 2 §6, "after a confirm prompt", which the console asks). Refusals: 400 with {field}; a user
// whose role holds more than the caller: 401; a user the caller cannot see: 404.
import { translate } from '../../domain/i18n';
import { USER_CALL, type PasswordReset } from '../../domain/screens/accounts/wire';
import type { FieldRefusal } from '../../domain/screens/entities/wire';
import { envelope, RESULT_CODE } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import { failData, failText, langOf } from '../envelope';
import { field, type ContractPlugin } from '../routes/plugin';
import { resetPassword, userIdOf } from './password-reset';

/** Longer than any password anyone types; the rules themselves answer with their own messages. */
const PASSWORD_SCHEMA_MAX = 128;

export const passwordResetRoutes: ContractPlugin = async (app, { services }) => {
  app.post<{ Params: { readonly key: string }; Body: Partial<PasswordReset> }>(
    `${USER_CALL}/:key/password`,
    {
      config: { access: '/setting/privilege_account/user' },
      schema: {
        params: { type: 'object', required: ['key'], properties: { key: field.nonEmpty(64) } },
        body: { type: 'object', properties: { password: field.text(PASSWORD_SCHEMA_MAX), confirm: field.text(PASSWORD_SCHEMA_MAX) } },
      },
    },
    async (request) => {
      const userId = userIdOf(request.params.key);
      if (userId === undefined) return failText(request, 404, 'entity.notFound');
      const auth = authOf(request);
      const { password = '', confirm = '' } = request.body ?? {};
      const result = await resetPassword(services.db, auth, userId, password, confirm);
      switch (result.kind) {
        case 'refused':
          return failData<FieldRefusal>(request, 400, result.key, undefined, { field: result.field });
        case 'beyond':
          return failText(request, RESULT_CODE.UNAUTHORIZED, 'account.resetBeyond');
        case 'notFound':
          return failText(request, 404, 'entity.notFound');
        case 'reset':
          // The sockets of the ended sessions close now (4401), here and on the other instances.
          services.hub.publishSessionsEnded({ userId: result.userId, exceptTokenHash: auth.tokenHash });
          return envelope(null, translate(langOf(request), 'account.resetDone'));
      }
    },
  );
};
