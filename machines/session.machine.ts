// The session (shell spec §2, §4): logged out → logging in → checking → logged in → logging out; storage and reload injected.
import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { SESSION_CHECK_RETRY_MS } from '../domain/constants';
import type { LoginCredentials } from '../domain/login-form';
import type { SessionData } from '../domain/shell/session';
import { sameShellData, type ShellData } from '../domain/shell/shell-data';
import type { StUserAlarm } from '../domain/wire/entities';

/** The session and the shell data the server just answered for it, for the storing action. */
function storedShellOf({ context, event }: { context: SessionContext; event: { output: ShellData } }) {
  if (!context.session) throw new Error('shell data without a session');
  return { session: context.session, shell: event.output };
}

/** The shell with the alarm choice the user just saved, as `/userPri` would now answer it. */
function withAlarmChoice(shell: ShellData, choice: StUserAlarm): ShellData {
  return { ...shell, userPri: { ...shell.userPri, stUserAlarm: choice } };
}

/** The error of a failed invoke, for the reporting action. */
const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;

/** A login's user name and password, and the answer to the server's challenge when it asked for one. */
export type Credentials = LoginCredentials;

/** What the shell loads once a session exists: the failing load is the spec's "token check". */
export type { ShellData };

export interface SessionContext {
  readonly session?: SessionData;
  readonly shell?: ShellData;
  /** The last login or logout failure, passed back to the caller as it came (spec §8: not shown by the client). */
  readonly error?: unknown;
}

interface SessionInput {
  /** Session data found in storage at start-up; checked against the server before the shell opens. */
  readonly stored?: SessionData;
  /**
   * Menus and privileges stored with that session: with them the shell opens at once while the server checks the
   * session (a new tab of a logged-in browser); a failed check still logs out.
   */
  readonly storedShell?: ShellData;
}

type SessionEvent =
  | { type: 'session.login'; credentials: Credentials }
  | { type: 'session.logout' }
  /** Clears the session without calling the server. */
  | { type: 'session.forceLogout' }
  /** The server answered 504: the session is gone; clear it and reload. */
  | { type: 'session.expired' }
  /** Reloads menus and privileges (the routine after the 'access limit' alert). */
  | { type: 'session.refresh' }
  /** The server stored a new alarm choice for this user: kept with the shell data, so a reload opens on it. */
  | { type: 'session.alarmChoiceSaved'; choice: StUserAlarm };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actions: {
    /** Keeps the token, header id and session data (browser storage in the app). */
    storeSession: (_, _session: SessionData) => {},
    /** Keeps the menus and privileges the server answered for this session, for the next tab to open with. */
    storeShell: (_, _stored: { session: SessionData; shell: ShellData }) => {},
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
  delays: { checkRetry: SESSION_CHECK_RETRY_MS },
  guards: {
    /**
     * The check failed because the server refused the session, not because it could not be reached: only then does a
     * shell opened from storage log out. The app tells the two apart; by default every failure is a refusal.
     */
    checkRefused: (_, _error: unknown) => true,
    hasStoredSession: ({ context }) => context.session !== undefined,
    hasStoredShell: ({ context }) => context.session !== undefined && context.shell !== undefined,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ session: input.stored, shell: input.stored ? input.storedShell : undefined }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasStoredShell', target: 'loggedIn.verifying' },
        { guard: 'hasStoredSession', target: 'checking' },
        { target: 'loggedOut' },
      ],
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
        onDone: {
          target: 'loggedIn',
          actions: [assign({ shell: ({ event }) => event.output }), { type: 'storeShell', params: storedShellOf }],
        },
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
        /** The shell is open from storage; the server's answer replaces the stored menus, or its refusal logs out. */
        verifying: {
          invoke: {
            src: 'loadShell',
            input: ({ context }) => {
              if (!context.session) throw new Error('verifying without a session');
              return context.session;
            },
            onDone: {
              target: 'ready',
              // The stored menus, when the server answered the same, stay the same object: the live session built
              // from them, and the worker connection it keys, stay as they are.
              actions: [
                assign({ shell: ({ context, event }) => (sameShellData(context.shell, event.output) ? context.shell : event.output) }),
                { type: 'storeShell', params: storedShellOf },
              ],
            },
            onError: [
              {
                guard: { type: 'checkRefused', params: errorOf },
                target: '#session.loggedOut',
                actions: ['clearStoredSession', 'clearContext', assign({ error: ({ event }) => event.error })],
              },
              // A reload during an outage keeps the console open on what it stored, and asks again.
              { target: 'awaitingCheck' },
            ],
          },
        },
        /** The server could not be reached to check the stored session: the shell stays open until it can. */
        awaitingCheck: {
          after: { checkRetry: { target: 'verifying' } },
        },
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
            onDone: {
              target: 'ready',
              actions: [assign({ shell: ({ event }) => event.output }), { type: 'storeShell', params: storedShellOf }],
            },
            onError: { target: 'ready' },
          },
        },
      },
      on: {
        'session.logout': { target: 'loggingOut' },
        'session.forceLogout': { target: 'loggedOut', actions: ['clearStoredSession', 'clearContext'] },
        'session.alarmChoiceSaved': {
          guard: 'hasStoredShell',
          actions: [
            assign({ shell: ({ context, event }) => (context.shell ? withAlarmChoice(context.shell, event.choice) : undefined) }),
            {
              type: 'storeShell',
              params: ({ context, event }) => {
                if (!context.session || !context.shell) throw new Error('an alarm choice without a session');
                return { session: context.session, shell: withAlarmChoice(context.shell, event.choice) };
              },
            },
          ],
        },
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
