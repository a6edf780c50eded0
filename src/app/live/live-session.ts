// Builds the worker's session from the console's session and its loaded shell (token, user, companies, alarm types, polls,
// the server's idle limit).
import type { ShellData } from '../../../machines/session.machine';
import type { LiveSession } from '../../../workers/live-api';
import { listInForce } from '../../../domain/alarm-types';
import { pollsOf } from '../../../domain/shell/polls';
import type { SessionData } from '../../../domain/shell/session';

/** The worker session for a logged-in user; `typeIds` empty (every type) until the user has chosen alarm types. */
export function liveSessionOf(session: SessionData, shell: ShellData): LiveSession {
  return {
    token: session.headerId,
    userName: session.token.userName,
    userPri: shell.userPri.userPri,
    typeIds: listInForce(shell.userPri.stUserAlarm?.alarmTypeIds),
    polls: pollsOf(session),
    ...(session.sessionIdleMs === undefined ? {} : { sessionIdleMs: session.sessionIdleMs }),
  };
}
