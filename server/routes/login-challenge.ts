// GET /captcha: a challenge for a login the server refused with CHALLENGE_REQUIRED (docs/api.md, Sessions and
// passwords); our call, which a server speaking exactly the spec's contract does not have.
import { envelope } from '../../domain/wire/envelope';
import type { LoginChallenge } from '../../domain/wire/login-challenge';
import { issueChallenge } from '../auth/login-challenge';
import { failText } from '../envelope';
import { callRoute } from './call-route';
import type { ContractPlugin } from './plugin';

export const loginChallengeRoutes: ContractPlugin = async (app, { services, testHooks }) => {
  callRoute(app, 'captcha', { config: { access: 'public' } }, async (request, reply) => {
    const issued = await issueChallenge(services.db, request.ip, Date.now(), services.rateLimit.challengesPerMinute);
    if (!issued) return failText(request, 429, 'server.tooManyChallenges');
    testHooks?.challengeIssued(issued.id, issued.answer);
    void reply.header('cache-control', 'no-store');
    const answer: LoginChallenge = { id: issued.id, image: `data:image/png;base64,${issued.png.toString('base64')}`, length: issued.answer.length };
    return envelope(answer);
  });
};
