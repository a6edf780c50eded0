// Login, logout, caller's address, privileges and menus (shell spec §7); the password calls are in password.ts.
import { envelope } from '../../domain/wire/envelope';
import type { LoginAnswer, UserPriAnswer } from '../../domain/wire/entities';
import { visibleCompanies } from '../auth/context';
import { authOf, SESSION_COOKIE } from '../auth/guard';
import { menuTree } from '../auth/menu-tree';
import { hashMd5, md5Hex, needsRehash, verifyPlainOrDummy } from '../auth/passwords';
import { takeChallenge } from '../auth/login-challenge';
import { attemptSucceeded, beginAttempt, beginLoginAttempt, loginFailed, type Attempt } from '../auth/rate-limit';
import { CHALLENGE_REQUIRED } from '../../domain/wire/login-challenge';
import { createSession, deleteSession, purgeSessions } from '../auth/sessions';
import { failText, langOf } from '../envelope';
import { areaOf } from './area';
import { callRoute } from './call-route';
import { field, type ContractPlugin } from './plugin';

interface LoginBody {
  username: string;
  password: string;
  ip?: string;
  area?: string;
  /** A challenge's id and the caller's answer (our contract, once the server asked for one). */
  captchaId?: string;
  captcha?: string;
}

export const sessionRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;

  callRoute<'login', LoginBody>(
    app, 'login',
    {
      config: { access: 'public' },
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          // username and area are stored (failure counts, last login); ip is read from the connection, not from here.
          properties: {
            username: field.nonEmpty(50), password: field.nonEmpty(200), ip: field.text(64), area: field.text(100),
            captchaId: field.text(32), captcha: field.text(16),
          },
        },
      },
    },
    async (request, reply) => {
      const userName = request.body.username.trim();
      const ip = request.ip;
      const { captchaId, captcha } = request.body;
      let attempt: Attempt | undefined;
      if (services.wire.loginChallenge) {
        // The challenge is used up only if this login needs one; decided before the password is looked at, so a refusal
        // for the challenge tells nothing of the password, and is the same for a user name that does not exist.
        const place = await beginLoginAttempt(db, userName, ip, services.rateLimit, (executor) => takeChallenge(executor, captchaId, captcha));
        if (place === 'challenge') return failText(request, CHALLENGE_REQUIRED, captchaId ? 'server.challengeWrong' : 'server.challengeRequired');
        attempt = place === 'locked' ? undefined : place;
      } else {
        attempt = await beginAttempt(db, userName, ip, services.rateLimit);
      }
      if (!attempt) return failText(request, 429, 'server.tooManyAttempts');
      const user = await db.selectFrom('appUser').selectAll().where('userName', '=', userName).executeTakeFirst();
      // The same answer, in the same time, for an unknown user and a wrong password, so the form tells no user names.
      // The attempt's place stays, as a failure.
      const right = await verifyPlainOrDummy(request.body.password, user?.passwordHash);
      if (!user || !right) {
        await loginFailed(db, attempt);
        return failText(request, 400, 'server.loginFailed');
      }
      await attemptSucceeded(db, attempt);
      const role = await db.selectFrom('role').selectAll().where('id', '=', user.roleId).executeTakeFirstOrThrow();
      // A disabled role disables its users: their session would be refused at every call anyway.
      if (user.status !== 1 || role.status !== 1) return failText(request, 403, 'server.userDisabled');
      if (needsRehash(user.passwordHash)) {
        await db.updateTable('appUser').set({ passwordHash: await hashMd5(md5Hex(request.body.password)) }).where('id', '=', user.id).execute();
      }
      const companyCodes = await visibleCompanies(db, user.id, role.superMan === 1);

      const now = Date.now();
      await purgeSessions(db, services.sessions, now);
      const area = request.body.area || areaOf(ip, langOf(request));
      const previous = { ip: user.lastLoginIp ?? ip, area: user.lastLoginArea ?? area, time: user.lastLoginTime ?? now };
      await db.updateTable('appUser').set({ lastLoginIp: ip, lastLoginArea: area, lastLoginTime: now }).where('id', '=', user.id).execute();
      const token = await createSession(db, user.id, ip, now);
      void reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/', secure: services.cookieSecure });
      const answer: LoginAnswer = {
        role: [{ roleName: role.roleName, superMan: role.superMan === 1 }],
        userInfo: { id: user.id, userName: user.userName, realName: user.realName, avatar: user.avatar, companyCode: user.companyCode },
        'header-id': token,
        userIn: { companyCodes, customer: true },
        lastLoginInfo: previous,
        sessionIdleMs: services.sessions.idleMs,
      };
      return envelope(services.wire.loginAnswer(answer));
    },
  );

  // GET as the spec has it, yet a change: a foreign page must not be able to log the user out with an image tag.
  callRoute(app, 'logout', { config: { access: 'shell', changesState: true } }, async (request, reply) => {
    const { tokenHash } = authOf(request);
    await deleteSession(db, tokenHash);
    services.hub.publishSessionsEnded({ tokenHashes: [tokenHash] });
    void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/', secure: services.cookieSecure });
    return envelope(null);
  });

  callRoute(app, 'getIp', { config: { access: 'public' } }, async (request) =>
    envelope({ ip: request.ip, area: areaOf(request.ip, langOf(request)) }),
  );

  callRoute(app, 'userPri', { config: { access: 'shell' } }, async (request) => {
    const auth = authOf(request);
    const choice = await db.selectFrom('userAlarmChoice').selectAll().where('userId', '=', auth.user.id).executeTakeFirst();
    const answer: UserPriAnswer = {
      userPri: auth.companyCodes.map((key) => ({ key })),
      stUserAlarm: choice ? { id: choice.id, userId: choice.userId, alarmTypeIds: choice.alarmTypeIds } : null,
    };
    return envelope(answer);
  });

  callRoute(app, 'menus', { config: { access: 'shell' } }, async (request) => envelope(menuTree(authOf(request), langOf(request), services.wire.extensionRoutes)));
};

