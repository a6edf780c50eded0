// The session (shell spec §2, §4): logged out → logging in → checking → logged in → logging out; storage and reload injected.
import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import type { SessionData } from '../src/domain/shell/session';
import type { MenuEntry, UserPriAnswer } from '../src/domain/wire/entities';

/** The error of a failed invoke, for the reporting action. */
const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

/** What the shell loads once a session exists: the failing load is the spec's "token check". */
export interface ShellData {
  readonly menus: readonly MenuEntry[];
  readonly userPri: UserPriAnswer;
}

export interface SessionContext {
  readonly session?: SessionData;
  readonly shell?: ShellData;
  /** The last login or logout failure, passed back to the caller as it came (spec §8: not shown by the client). */
  readonly error?: unknown;
}

export interface SessionInput {
  /** Session data found in storage at start-up; checked against the server before the shell opens. */
  readonly stored?: SessionData;
}

export type SessionEvent =
  | { type: 'session.login'; credentials: Credentials }
  | { type: 'session.logout' }
  /** Clears the session without calling the server. */
  | { type: 'session.forceLogout' }
  /** The server answered 504: the session is gone; clear it and reload. */
  | { type: 'session.expired' }
  /** Reloads menus and privileges (the routine after the 'access limit' alert). */
  | { type: 'session.refresh' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actions: {
    /** Keeps the token, header id and session data (browser storage in the app). */
    storeSession: (_, _session: SessionData) => {},
    /** Removes everything the session stored. */
    clearStoredSession: () => {},
    /** Reloads the page; the access guard then shows the login screen. */
    reloadPage: () => {},
    /** Tells the user a logout the server did not complete (the login form shows its own failures). */
    reportLogoutFailure: (_, _error: unknown) => {},
    clearContext: assign({ session: undefined, shell: undefined }),
  },
  actors: {
    login: fromPromise<SessionData, Credentials>(async () => {
      throw new Error('session machine: provide the login actor');
    }),
    loadShell: fromPromise<ShellData, SessionData>(async () => {
      throw new Error('session machine: provide the loadShell actor');
    }),
    logout: fromPromise<void, SessionData>(async () => {
      throw new Error('session machine: provide the logout actor');
    }),
  },
  guards: {
    hasStoredSession: ({ context }) => context.session !== undefined,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ session: input.stored }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasStoredSession', target: 'checking' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      on: {
        'session.login': { target: 'loggingIn' },
      },
    },
    loggingIn: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'login',
        input: ({ event }) => {
          if (event.type !== 'session.login') throw new Error(`loggingIn entered on ${event.type}`);
          return event.credentials;
        },
        onDone: {
          target: 'checking',
          actions: [assign({ session: ({ event }) => event.output }), { type: 'storeSession', params: ({ event }) => event.output }],
        },
        onError: { target: 'loggedOut', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    checking: {
      invoke: {
        src: 'loadShell',
        input: ({ context }) => {
          if (!context.session) throw new Error('checking without a session');
          return context.session;
        },
        onDone: { target: 'loggedIn', actions: assign({ shell: ({ event }) => event.output }) },
        // A stored token the server no longer accepts: back to the login screen, nothing kept.
        onError: {
          target: 'loggedOut',
          actions: ['clearStoredSession', 'clearContext', assign({ error: ({ event }) => event.error })],
        },
      },
    },
    loggedIn: {
      initial: 'ready',
      states: {
        ready: {
          on: { 'session.refresh': { target: 'refreshing' } },
        },
        refreshing: {
          invoke: {
            src: 'loadShell',
            input: ({ context }) => {
              if (!context.session) throw new Error('refreshing without a session');
              return context.session;
            },
            onDone: { target: 'ready', actions: assign({ shell: ({ event }) => event.output }) },
            onError: { target: 'ready' },
          },
        },
      },
      on: {
        'session.logout': { target: 'loggingOut' },
        'session.forceLogout': { target: 'loggedOut', actions: ['clearStoredSession', 'clearContext'] },
        'session.expired': { target: 'loggedOut', actions: ['clearStoredSession', 'clearContext', 'reloadPage'] },
      },
    },
    loggingOut: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'logout',
        input: ({ context }) => {
          if (!context.session) throw new Error('logging out without a session');
          return context.session;
        },
        onDone: { target: 'loggedOut', actions: ['clearStoredSession', 'clearContext', 'reloadPage'] },
        // Logout failures go back to the caller; the session stays (a 504 has already logged out through session.expired).
        onError: {
          target: 'loggedIn',
          actions: [assign({ error: ({ event }) => event.error }), { type: 'reportLogoutFailure', params: errorOf }],
        },
      },
      on: {
        'session.expired': { target: 'loggedOut', actions: ['clearStoredSession', 'clearContext', 'reloadPage'] },
        'session.forceLogout': { target: 'loggedOut', actions: ['clearStoredSession', 'clearContext'] },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
