// Test-only fault injection for the console's e2e tests: the next call(s) to a path answer a chosen resultCode, an
// HTTP 500, a dropped connection, or wait unanswered (a socket upgrade held in "connecting") until the faults are
// cleared; and the answers of the login challenges issued, which a test cannot read from their pictures. Installed
// only when buildApp gets `faults: true` (tests).
import type { FastifyInstance } from 'fastify';
import { failure } from '../domain/wire/envelope';

export interface Fault {
  /** The request path without query, e.g. /truckmanage/api/addUserQuickVisit or a socket's /truckatgsub/truck. */
  readonly path: string;
  /** Answer HTTP 200 with this resultCode. */
  readonly resultCode?: number;
  /** Answer this HTTP status (with a resultCode 500 envelope). */
  readonly httpStatus?: number;
  /** Drop the connection without an answer (a network error). */
  readonly abort?: boolean;
  /**
   * Hold the request unanswered until the faults are cleared (DELETE), then let it through as usual. On a socket's
   * path the browser's socket stays connecting: no open, no close, so the client neither gets data nor reconnects.
   */
  readonly hold?: boolean;
  readonly message?: string;
  /** How many calls it hits; 1 by default. */
  readonly times?: number;
}

export const FAULT_PATH = '/__test/fault';
/** GET: `{ id, answer }[]` of the login challenges issued so far, oldest first. */
export const CHALLENGE_ANSWERS_PATH = '/__test/challenge-answers';

/** What routes tell the test-only endpoints (ContractOptions' testHooks). */
export interface TestHooks {
  challengeIssued(id: string, answer: string): void;
}

export async function installFaults(app: FastifyInstance): Promise<TestHooks> {
  const answers: { readonly id: string; readonly answer: string }[] = [];
  app.get(CHALLENGE_ANSWERS_PATH, async () => answers);

  const armed = new Map<string, Fault & { left: number }>();
  /** The releases of held requests; clearing the faults (or closing the server) lets them all through. */
  const held = new Set<() => void>();
  const releaseHeld = () => {
    for (const release of held) release();
    held.clear();
  };

  app.post<{ Body: Fault }>(FAULT_PATH, async (request) => {
    const fault = request.body;
    armed.set(fault.path, { ...fault, left: fault.times ?? 1 });
    return { armed: fault.path };
  });
  app.delete(FAULT_PATH, async () => {
    armed.clear();
    const released = held.size;
    releaseHeld();
    return { cleared: true, released };
  });
  app.addHook('preClose', async () => releaseHeld());

  app.addHook('onRequest', async (request, reply) => {
    const fault = armed.get(request.url.split('?')[0] ?? '');
    if (!fault) return;
    if (--fault.left <= 0) armed.delete(fault.path);
    if (fault.hold) {
      await new Promise<void>((release) => held.add(release));
      return;
    }
    if (fault.abort) {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    const message = fault.message ?? `injected fault on ${fault.path}`;
    if (fault.httpStatus !== undefined) return reply.code(fault.httpStatus).send(failure(500, message));
    return reply.send(failure(fault.resultCode ?? 500, message));
  });
  return { challengeIssued: (id, answer) => void answers.push({ id, answer }) };
}
