// One send to one truck (params spec §4), of any kind: the console's side of a send whose status of record the server
// holds. The machine mirrors the server's status and gates the editor; what differs between a message or file and a
// tank table (statuses, what each allows, the draft, stop sending) is the kind's data (send-kinds.ts).
import { assign, fromPromise, raise, setup } from 'xstate';
import type { ToastType } from '../domain/constants';
import type { LocaleKey, LocaleValues, LocalizedText } from '../domain/i18n';
import { takesStatus, type SendRecord, type StatusMoves } from '../domain/params/send-follow';

/**
 * What the editor may do while a send stands at a status: `open`, edit and send (again); `pending`, nothing until the
 * send ends; `stoppable`, pending and stop sending offered; `closed`, the device holds it: replaced by a new upload,
 * never edited or sent again.
 */
type SendGate = 'open' | 'pending' | 'stoppable' | 'closed';

/** What the send machine starts on: the truck, the draft, and the send it follows. */
interface SendInput<S extends string, P> {
  readonly truckId: number;
  readonly draft: P;
  /** The server's latest send of this to this truck, when the screen opens on one (mid-send, or after it ended). */
  readonly current?: SendRecord<S>;
}

/** The machine's context: the truck, the followed send, and the kind's draft. */
interface SendContext<S extends string, D extends object> {
  readonly truckId: number;
  /** What the editor holds, and what is derived from it (a parsed table). */
  readonly draft: D;
  /** The send being followed, as the server last reported it. */
  readonly record?: SendRecord<S>;
  /** Why the draft cannot be sent, or why the server refused the last send. */
  readonly problem?: LocalizedText;
}

/** A draft with the problem found in it, where the kind checks one (a table that does not parse). */
export interface CheckedDraft<D> {
  readonly draft: D;
  readonly problem?: LocalizedText;
}

/** The POST's input: the truck and the draft as the kind posts it. */
export interface SendPost<P> {
  readonly truckId: number;
  readonly draft: P;
}

type Accepted<S extends string, A extends object> = { readonly accepted: true; readonly sendId: number; readonly status: S } & A;

/** The POST's answer: the send the server opened (with what the kind learns from it), or its refusal. */
export type SendAnswer<S extends string, A extends object = object> = Accepted<S, A> | { readonly accepted: false; readonly problem: LocalizedText };

type SendEvent<S extends string, C extends object, A extends object = object> =
  | { type: 'edit.change'; change: C }
  | { type: 'send.submit' }
  | { type: 'send.accepted'; answer: Accepted<S, A> }
  | { type: 'send.refused'; problem: LocalizedText }
  /** A status the server pushed, in any order: see `takesStatus`. */
  | { type: 'send.status'; sendId: number; status: S }
  | { type: 'send.stop' };

/**
 * A kind of send as data. `S` its statuses, `P` the draft as the editor gives it and the POST carries it, `D` the draft
 * as the machine holds it (with what it derives, a parsed table), `C` an edit, `A` what an accepted answer carries
 * beside the send.
 */
export interface SendKind<S extends string, P, D extends object, C extends object, A extends object = object> {
  readonly id: string;
  readonly statuses: readonly S[];
  /** The moves a push of the same send may make (domain/params/send-follow.ts). */
  readonly moves: StatusMoves<S>;
  readonly gates: Readonly<Record<S, SendGate>>;
  /** The name of the state holding the open statuses, and of the one holding the closed ones; pending ones sit under `pending`. */
  readonly groups: { readonly open: string; readonly closed?: string };
  /** The draft the machine starts on, and a problem it already has. */
  readonly start: (draft: P) => CheckedDraft<D>;
  /** The draft after an edit; a problem when the edit checked it again (a problem left out stays as it was). */
  readonly edit: (draft: D, change: C) => CheckedDraft<D>;
  /** What the POST carries of the draft. */
  readonly posted: (draft: D) => P;
  /** Why a draft cannot be sent at all (said as an error, nothing posted); none when any draft can. */
  readonly refusal?: (draft: D) => LocaleKey | undefined;
  /** What an accepted answer changes in the draft (the stored table's id). */
  readonly accepted?: (answer: A) => Partial<D>;
}

type Notice = { type: ToastType; key: LocaleKey; values?: LocaleValues };

const BLOCKED = {
  'edit.change': { actions: { type: 'notify', params: { type: 'warning', key: 'sendMachine.editBlocked' } } },
  'send.submit': { actions: { type: 'notify', params: { type: 'warning', key: 'sendMachine.repeatBlocked' } } },
} as const;

const CLOSED = {
  'edit.change': { actions: { type: 'notify', params: { type: 'warning', key: 'sendMachine.settledBlocked' } } },
  'send.submit': { actions: { type: 'notify', params: { type: 'warning', key: 'sendMachine.settledBlocked' } } },
} as const;

/** The send machine of one kind; its POST and stop call are injected actors, its toasts an injected `notify`. */
export function sendMachine<S extends string, P, D extends object, C extends object, A extends object>(
  kind: SendKind<S, P, D, C, A>,
) {
  type Context = SendContext<S, D>;
  type Event = SendEvent<S, C, A>;
  const root = `#${kind.id}`;
  const statusesOf = (...gates: SendGate[]) => kind.statuses.filter((status) => gates.includes(kind.gates[status]));
  const [opens, closes] = [statusesOf('open'), statusesOf('closed')];
  const closed = kind.groups.closed;
  if (closes.length > 0 && closed === undefined) throw new Error(`send kind ${kind.id}: closed statuses need a group name`);
  const groupOf = (status: S): string => {
    const gate = kind.gates[status];
    return gate === 'open' ? kind.groups.open : gate === 'closed' ? String(closed) : 'pending';
  };
  const stillPending = (status: S) => kind.gates[status] === 'pending' || kind.gates[status] === 'stoppable';
  const recordOf = (event: Event): SendRecord<S> | undefined =>
    event.type === 'send.status' ? { sendId: event.sendId, status: event.status }
      : event.type === 'send.accepted' ? { sendId: event.answer.sendId, status: event.answer.status } : undefined;
  const refusal = kind.refusal ?? (() => undefined);
  const substates = (statuses: readonly S[], node: (status: S) => object = () => ({})) =>
    Object.fromEntries(statuses.map((status) => [status, node(status)]));

  /** Edit, then send; allowed before the first send and at an open status. */
  const open = {
    tags: ['editable'],
    on: {
      'edit.change': { actions: 'edit' },
      'send.submit': [
        { guard: 'refused', actions: { type: 'notify', params: ({ context }: { context: Context }) => ({ type: 'error' as const, key: refusal(context.draft) ?? 'error.submitFailed' }) } },
        { target: `${root}.pending.submitting` },
      ],
    },
  } as const;

  const groups = {
    [kind.groups.open]: { ...open, initial: opens[0], states: substates(opens) },
    ...(closed === undefined ? {} : { [closed]: { initial: closes[0], on: CLOSED, states: substates(closes) } }),
  };

  return setup({
    types: {
      context: {} as Context,
      events: {} as Event,
      input: {} as SendInput<S, P>,
    },
    actions: {
      notify: (_, _notice: Notice) => {},
      edit: assign(({ context, event }) => {
        if (event.type !== 'edit.change') return {};
        const next = kind.edit(context.draft, event.change);
        return 'problem' in next ? { draft: next.draft, problem: next.problem } : { draft: next.draft };
      }),
      follow: assign(({ context, event }) => ({
        record: recordOf(event) ?? context.record,
        draft: event.type === 'send.accepted' && kind.accepted ? { ...context.draft, ...kind.accepted(event.answer) } : context.draft,
      })),
      takeStopAnswer: assign({
        record: ({ context }, status: S) => {
          const answer = context.record && { sendId: context.record.sendId, status };
          return answer && takesStatus(kind.moves, context.record, answer) ? answer : context.record;
        },
      }),
      setProblem: assign({ problem: ({ event }) => (event.type === 'send.refused' ? event.problem : undefined) }),
      /** A send starts only from a draft that may be sent, so the problem left is the last refusal. */
      clearProblem: assign({ problem: undefined }),
    },
    actors: {
      /** POST of the draft to the truck; a refusal is an answer, a rejection a failed request. */
      postSend: fromPromise<SendAnswer<S, A>, SendPost<P>>(async () => ({ accepted: false, problem: { key: 'error.submitFailed' } })),
      /** Asks the server to stop the send; resolves with the send's status of record after the stop (normally terminated). */
      stopSend: fromPromise<S, { truckId: number; sendId: number }>(async () => {
        throw new Error('stop sending is not offered for this kind of send');
      }),
    },
    guards: {
      statusIs: ({ context }, status: S) => context.record?.status === status,
      refused: ({ context }) => refusal(context.draft) !== undefined,
      takes: ({ context, event }) => {
        const pushed = recordOf(event);
        return pushed !== undefined && takesStatus(kind.moves, context.record, pushed);
      },
      /** A push that moves the stopped send along but leaves it pending: the stop call stays under way. */
      takesPending: ({ context, event }) => {
        const pushed = recordOf(event);
        return pushed !== undefined && pushed.sendId === context.record?.sendId && stillPending(pushed.status) &&
          takesStatus(kind.moves, context.record, pushed);
      },
    },
  }).createMachine({
    id: kind.id,
    context: ({ input }) => ({ truckId: input.truckId, record: input.current, ...kind.start(input.draft) }),
    initial: 'follow',
    on: {
      'send.status': { guard: 'takes', actions: 'follow', target: '.follow' },
    },
    states: {
      /** Goes to the state of the followed send's status; with none yet, to editing. */
      follow: {
        always: [
          ...kind.statuses.map((status) => ({ guard: { type: 'statusIs' as const, params: status }, target: `${root}.${groupOf(status)}.${status}` })),
          { target: 'editing' },
        ],
      },
      /** Nothing sent yet. */
      editing: open,
      /** A send is under way: the editor is locked and a second send waits for this one to end. */
      pending: {
        tags: ['pending'],
        initial: 'submitting',
        on: BLOCKED,
        states: {
          /** The POST is out; a push of the new send may come before its answer, and is followed at once. */
          submitting: {
            entry: 'clearProblem',
            invoke: {
              src: 'postSend',
              input: ({ context }) => ({ truckId: context.truckId, draft: kind.posted(context.draft) }),
              onDone: {
                actions: raise(({ event }): Event => (event.output.accepted
                  ? { type: 'send.accepted', answer: event.output }
                  : { type: 'send.refused', problem: event.output.problem })),
              },
              onError: { actions: raise({ type: 'send.refused', problem: { key: 'error.submitFailed' } }) },
            },
            on: {
              'send.accepted': { actions: 'follow', target: `${root}.follow` },
              'send.refused': {
                target: `${root}.follow`,
                actions: ['setProblem', { type: 'notify', params: ({ event }) => ({ type: 'error' as const, ...event.problem }) }],
              },
            },
          },
          ...substates(statusesOf('pending')),
          ...substates(statusesOf('stoppable'), () => ({ tags: ['stoppable'], on: { 'send.stop': 'stopping' } })),
          /** The stop call is out; a final push (the device answered first) ends the send and drops the call's answer. */
          stopping: {
            on: { 'send.status': [{ guard: 'takesPending', actions: 'follow' }, { guard: 'takes', actions: 'follow', target: `${root}.follow` }] },
            invoke: {
              src: 'stopSend',
              input: ({ context }) => ({ truckId: context.truckId, sendId: context.record?.sendId ?? 0 }),
              onDone: {
                target: `${root}.follow`,
                actions: { type: 'takeStopAnswer', params: ({ event }) => event.output },
              },
              onError: { target: `${root}.follow`, actions: { type: 'notify', params: { type: 'error', key: 'sendMachine.stopFailed' } } },
            },
          },
        },
      },
      ...groups,
    },
  });
}
