// Runs the one session actor for the console, wires the HTTP client's §8 reactions to it, and hands it to the views.
import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { sessionMachine, type SessionContext } from '../../../machines/session.machine';
import { isRefusal } from '../../api/client';
import { installReactions, reportFailure } from '../reactions';
import { login, loadShell, logout } from './session-services';
import { clearStoredSession, readStoredSession, readStoredShell, storeSession, storeShell, watchSessionEnd } from './session-storage';

type SessionActor = ActorRefFrom<typeof sessionMachine>;

const SessionActorContext = createContext<SessionActor | null>(null);

const browserSession = sessionMachine.provide({
  actors: { login, loadShell, logout },
  actions: {
    storeSession: (_, session) => storeSession(session),
    storeShell: (_, { session, shell }) => storeShell(session, shell),
    clearStoredSession: () => clearStoredSession(),
    reloadPage: () => window.location.reload(),
    reportLogoutFailure: (_, error) => reportFailure(error),
  },
  guards: { checkRefused: (_, error) => isRefusal(error) },
});

/** The stored session, with its menus and privileges when they were stored for the same session. */
function storedInput() {
  const stored = readStoredSession();
  const storedShell = stored ? readStoredShell(stored) : undefined;
  return { stored, ...(storedShell ? { storedShell } : {}) };
}

export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const [input] = useState(storedInput);
  const actor = useActorRef(browserSession, { input });
  useEffect(() => installReactions(actor), [actor]);
  useEffect(() => watchSessionEnd(() => actor.send({ type: 'session.forceLogout' })), [actor]);
  return <SessionActorContext value={actor}>{children}</SessionActorContext>;
}

export function useSessionActor(): SessionActor {
  const actor = use(SessionActorContext);
  if (!actor) throw new Error('useSessionActor outside SessionProvider');
  return actor;
}

type SessionPhase = 'checking' | 'loggedOut' | 'loggingIn' | 'loggedIn' | 'loggingOut';

export function useSessionPhase(): SessionPhase {
  const actor = useSessionActor();
  return useSelector(actor, (snapshot) => {
    if (snapshot.matches('loggedIn')) return 'loggedIn';
    if (snapshot.matches('loggingIn')) return 'loggingIn';
    if (snapshot.matches('loggingOut')) return 'loggingOut';
    if (snapshot.matches('loggedOut')) return 'loggedOut';
    return 'checking';
  });
}

export function useSessionContext<T>(select: (context: SessionContext) => T): T {
  return useSelector(useSessionActor(), (snapshot) => select(snapshot.context));
}
