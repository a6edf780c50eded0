// The caller's own password: the change (PUT /userInfoPwd, spec §7) and our old-password check (POST /verifyPwd).
import type { FastifyRequest } from 'fastify';
import { translate } from '../../domain/i18n';
import { envelope, RESULT_CODE } from '../../domain/wire/envelope';
import type { AuthContext } from '../auth/context';
import { authOf } from '../auth/guard';
import { hashMd5, verifyMd5 } from '../auth/passwords';
import { attemptSucceeded, beginAttempt } from '../auth/rate-limit';
import { failText, langOf } from '../envelope';
import type { Services } from '../services';
import { callRoute } from './call-route';
import { field, type ContractPlugin } from './plugin';

/** How long a right old password (POST /verifyPwd) allows one password change in the same session. */
const VERIFIED_FOR_MS = 10 * 60_000;

type OldPasswordCheck = 'right' | 'wrong' | 'limited';

/** Checks the caller's old password (MD5 hex); a wrong one is a failed attempt like a failed login, from this address. */
async function checkOldPassword(services: Services, auth: AuthContext, request: FastifyRequest, md5: string): Promise<OldPasswordCheck> {
  const attempt = await beginAttempt(services.db, auth.user.userName, request.ip, services.rateLimit);
  if (!attempt) return 'limited';
  if (!(await verifyMd5(md5, auth.user.passwordHash))) return 'wrong';
  await attemptSucceeded(services.db, attempt);
  return 'right';
}

interface PasswordRoutes {
  /** PUT /userInfoPwd: the spec's call. */
  readonly change: ContractPlugin;
  /** POST /verifyPwd: our addition for the dialog's blur check; a right answer also allows the next change. */
  readonly verify: ContractPlugin;
}

/** The two plugins share which sessions just proved their old password; the app registers `verify` under our contract only. */
export function passwordRoutes(): PasswordRoutes {
  /** Sessions whose old password was just checked, until when; in memory, like the dialog it serves. */
  const verifiedSessions = new Map<string, number>();

  const change: ContractPlugin = async (app, { services }) => {
    callRoute(
      app, 'changePassword',
      {
        config: { access: 'shell' },
        schema: {
          body: { type: 'object', required: ['id', 'pwd'], properties: { id: field.id, pwd: field.md5, oldPwd: field.md5 } },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const { id, pwd, oldPwd } = request.body;
        if (id !== auth.user.id) return failText(request, RESULT_CODE.UNAUTHORIZED, 'server.forbidden');
        // A stolen header-id alone must not take the account over: the old password comes with the change, or was
        // checked in this session just before (POST /verifyPwd; a console whose check failed can still send it here).
        if (oldPwd !== undefined) {
          const check = await checkOldPassword(services, auth, request, oldPwd);
          if (check === 'limited') return failText(request, 429, 'server.tooManyAttempts');
          if (check === 'wrong') return failText(request, 400, 'password.oldPwdError');
        } else if ((verifiedSessions.get(auth.tokenHash) ?? 0) < Date.now()) {
          return failText(request, 400, 'password.oldPwdError');
        }
        await services.db.updateTable('appUser').set({ passwordHash: await hashMd5(pwd) }).where('id', '=', auth.user.id).execute();
        verifiedSessions.delete(auth.tokenHash);
        // Other sessions of this user end with the old password; this one ends when the console logs out after 0.8 s.
        await services.db.deleteFrom('session').where('userId', '=', auth.user.id).where('tokenHash', '<>', auth.tokenHash).execute();
        services.hub.publishSessionsEnded({ userId: auth.user.id, exceptTokenHash: auth.tokenHash });
        return envelope(null, translate(langOf(request), 'password.changeSuccess'));
      },
    );
  };

  const verify: ContractPlugin = async (app, { services }) => {
    callRoute(
      app, 'verifyPwd',
      {
        config: { access: 'shell' },
        schema: { body: { type: 'object', required: ['id', 'oldPwd'], properties: { id: field.id, oldPwd: field.md5 } } },
      },
      async (request) => {
        const auth = authOf(request);
        if (request.body.id !== auth.user.id) return failText(request, RESULT_CODE.UNAUTHORIZED, 'server.forbidden');
        const check = await checkOldPassword(services, auth, request, request.body.oldPwd);
        if (check === 'limited') return failText(request, 429, 'server.tooManyAttempts');
        if (check === 'right') {
          const now = Date.now();
          for (const [hash, until] of verifiedSessions) if (until < now) verifiedSessions.delete(hash);
          verifiedSessions.set(auth.tokenHash, now + VERIFIED_FOR_MS);
        }
        return envelope(check === 'right');
      },
    );
  };

  return { change, verify };
}
