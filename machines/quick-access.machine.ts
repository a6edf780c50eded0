// Quick access (shell spec §4, §5, §7): slides in on hover, a click toggles the list, the minus arms one delete.
import { assign, fromPromise, type ErrorActorEvent, raise, setup } from 'xstate';
import type { LocaleKey } from '../domain/i18n';
import type { ToastType } from '../domain/constants';
import { isConsoleLink } from '../domain/shell/console-link';
import { QUICK_VISIT_ADDED, QUICK_VISIT_REMOVED, type QuickVisit, type QuickVisitAddRequest } from '../domain/wire/entities';

/** The error of a failed invoke, for the reportFailure action. */
const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;

interface QuickAccessContext {
  readonly userId: number;
  readonly entries: readonly QuickVisit[];
}

interface QuickAccessInput {
  readonly userId: number;
}

interface PageRef {
  readonly url: string;
  readonly name: string;
}

type QuickAccessEvent =
  | { type: 'quickAccess.pointerEnter' }
  | { type: 'quickAccess.pointerLeave' }
  | { type: 'quickAccess.toggle' }
  | { type: 'quickAccess.armDelete' }
  | { type: 'quickAccess.rowClick'; entry: QuickVisit }
  | { type: 'quickAccess.add'; page: PageRef }
  | { type: 'quickAccess.reload' }
  /** Internal: the row click of an armed delete. */
  | { type: 'quickAccess.remove'; entry: QuickVisit };

export const quickAccessMachine = setup({
  types: {
    context: {} as QuickAccessContext,
    events: {} as QuickAccessEvent,
    input: {} as QuickAccessInput,
  },
  actions: {
    navigate: (_, _url: string) => {},
    notify: (_, _message: { type: ToastType; key: LocaleKey }) => {},
    /** A failed call the client has not shown yet (e.g. the network is down). */
    reportFailure: (_, _error: unknown) => {},
  },
  actors: {
    loadEntries: fromPromise<readonly QuickVisit[], { userId: number }>(async () => []),
    addEntry: fromPromise<string, QuickVisitAddRequest>(async () => ''),
    removeEntry: fromPromise<string, { id: number }>(async () => ''),
  },
  guards: {
    /** A stored link that is not a console screen (old or forged data) is never followed, and none is added. */
    notConsoleLink: ({ event }) =>
      (event.type === 'quickAccess.rowClick' && !isConsoleLink(event.entry.quickVisitUrl)) ||
      (event.type === 'quickAccess.add' && !isConsoleLink(event.page.url)),
    alreadyListed: ({ context, event }) =>
      event.type === 'quickAccess.add' && context.entries.some((entry) => entry.quickVisitUrl === event.page.url),
    answeredAdded: (_, output: string) => output === QUICK_VISIT_ADDED,
    answeredRemoved: (_, output: string) => output === QUICK_VISIT_REMOVED,
  },
}).createMachine({
  id: 'quickAccess',
  type: 'parallel',
  context: ({ input }) => ({ userId: input.userId, entries: [] }),
  states: {
    /** The button slides in while the pointer (or keyboard focus) is on it. */
    slide: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'quickAccess.pointerEnter': 'shown' } },
        shown: { on: { 'quickAccess.pointerLeave': 'hidden' } },
      },
    },
    list: {
      initial: 'closed',
      states: {
        closed: { on: { 'quickAccess.toggle': 'open' } },
        open: { on: { 'quickAccess.toggle': 'closed' } },
      },
    },
    mode: {
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            'quickAccess.armDelete': 'deleteArmed',
            'quickAccess.rowClick': [
              { guard: 'notConsoleLink', actions: { type: 'notify', params: { type: 'warning', key: 'quickVisit.notConsoleLink' } } },
              { actions: { type: 'navigate', params: ({ event }) => event.entry.quickVisitUrl } },
            ],
          },
        },
        // Armed for one removal: the next row click removes instead of navigating, then browsing resumes.
        deleteArmed: {
          on: {
            'quickAccess.armDelete': 'browsing',
            'quickAccess.rowClick': { target: 'browsing', actions: raise(({ event }) => ({ type: 'quickAccess.remove', entry: event.entry })) },
          },
        },
      },
    },
    data: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadEntries',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'ready', actions: assign({ entries: ({ event }) => event.output }) },
            onError: { target: 'ready', actions: { type: 'reportFailure', params: errorOf } },
          },
        },
        ready: {
          on: {
            'quickAccess.reload': 'loading',
            'quickAccess.add': [
              { guard: 'notConsoleLink', actions: { type: 'notify', params: { type: 'warning', key: 'quickVisit.notConsoleLink' } } },
              { guard: 'alreadyListed', actions: { type: 'notify', params: { type: 'warning', key: 'quickVisit.exists' } } },
              { target: 'adding' },
            ],
            'quickAccess.remove': 'removing',
          },
        },
        adding: {
          invoke: {
            src: 'addEntry',
            input: ({ context, event }) => {
              if (event.type !== 'quickAccess.add') throw new Error(`adding entered on ${event.type}`);
              return { userId: context.userId, quickVisitUrl: event.page.url, quickVisitName: event.page.name };
            },
            onDone: [
              {
                guard: { type: 'answeredAdded', params: ({ event }) => event.output },
                target: 'loading',
                actions: { type: 'notify', params: { type: 'success', key: 'quickVisit.addSuccess' } },
              },
              { target: 'ready', actions: { type: 'notify', params: { type: 'error', key: 'quickVisit.addFail' } } },
            ],
            onError: { target: 'ready', actions: { type: 'reportFailure', params: errorOf } },
          },
        },
        removing: {
          invoke: {
            src: 'removeEntry',
            input: ({ event }) => {
              if (event.type !== 'quickAccess.remove') throw new Error(`removing entered on ${event.type}`);
              return { id: event.entry.id };
            },
            onDone: [
              {
                guard: { type: 'answeredRemoved', params: ({ event }) => event.output },
                target: 'loading',
                actions: { type: 'notify', params: { type: 'success', key: 'quickVisit.removeSuccess' } },
              },
              { target: 'ready', actions: { type: 'notify', params: { type: 'error', key: 'quickVisit.removeFail' } } },
            ],
            onError: { target: 'ready', actions: { type: 'reportFailure', params: errorOf } },
          },
        },
      },
    },
  },
});
