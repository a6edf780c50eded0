// One message or file sent to one truck (params spec §4 message and file send): the console's side of a send whose
// status of record the server holds. The machine mirrors the server's status and gates the editor: no edit while a send
// is pending, no second send until it ends, stop sending while it is not sent or sending.
import { assign, fromPromise, raise, setup } from 'xstate';
import type { ToastType } from '../domain/constants';
import type { LocaleKey, LocaleValues, LocalizedText } from '../domain/i18n';
import { FILE_SEND_MOVES, takesStatus, type SendRecord } from '../domain/params/send-follow';
import { FILE_SEND_FINAL, FILE_SEND_STATUSES, type FileSendStatus } from '../domain/params/send-status';

/** What the editor holds for the send: field → value (a parameter file's fields, a command, camera settings…). */
export type SendDraft = Readonly<Record<string, string | number>>;

interface ParamSendInput {
  readonly truckId: number;
  readonly draft: SendDraft;
  /** The server's latest send of this to this truck, when the screen opens on one (mid-send, or after it ended). */
  readonly current?: SendRecord<FileSendStatus>;
}

interface ParamSendContext {
  readonly truckId: number;
  readonly draft: SendDraft;
  /** The send being followed, as the server last reported it. */
  readonly record?: SendRecord<FileSendStatus>;
  /** Why the last submit was refused. */
  readonly problem?: LocalizedText;
}

/** The POST's answer: the send the server opened, or its refusal (a value out of limits, a send already pending). */
export type ParamSendAnswer =
  | { readonly accepted: true; readonly sendId: number; readonly status: FileSendStatus }
  | { readonly accepted: false; readonly problem: LocalizedText };

type ParamSendEvent =
  | { type: 'edit.change'; values: SendDraft }
  | { type: 'send.submit' }
  | { type: 'send.accepted'; sendId: number; status: FileSendStatus }
  | { type: 'send.refused'; problem: LocalizedText }
  /** A status the server pushed, in any order: see `takesStatus`. */
  | { type: 'send.status'; sendId: number; status: FileSendStatus }
  | { type: 'send.stop' };

type Notice = { type: ToastType; key: LocaleKey; values?: LocaleValues };

const STATE_OF: Readonly<Record<FileSendStatus, string>> = {
  notSent: '#paramSend.pending.notSent',
  sending: '#paramSend.pending.sending',
  sent: '#paramSend.settled.sent',
  terminated: '#paramSend.settled.terminated',
  connectionFailed: '#paramSend.settled.connectionFailed',
  dataError: '#paramSend.settled.dataError',
  crcError: '#paramSend.settled.crcError',
};

const recordOf = (event: ParamSendEvent): SendRecord<FileSendStatus> | undefined =>
  event.type === 'send.status' || event.type === 'send.accepted' ? { sendId: event.sendId, status: event.status } : undefined;

export const paramSendMachine = setup({
  types: {
    context: {} as ParamSendContext,
    events: {} as ParamSendEvent,
    input: {} as ParamSendInput,
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    setDraft: assign({ draft: ({ context, event }) => (event.type === 'edit.change' ? { ...context.draft, ...event.values } : context.draft) }),
    follow: assign({ record: ({ context, event }) => recordOf(event) ?? context.record }),
    takeStopAnswer: assign({
      record: ({ context }, status: FileSendStatus) => {
        const answer = context.record && { sendId: context.record.sendId, status };
        return answer && takesStatus(FILE_SEND_MOVES, context.record, answer) ? answer : context.record;
      },
    }),
    setProblem: assign({ problem: ({ event }) => (event.type === 'send.refused' ? event.problem : undefined) }),
    clearProblem: assign({ problem: undefined }),
  },
  actors: {
    /** POST of the draft to the truck; a refusal is an answer, a rejection a failed request. */
    postSend: fromPromise<ParamSendAnswer, { truckId: number; draft: SendDraft }>(async () => ({
      accepted: false, problem: { key: 'error.submitFailed' },
    })),
    /** Asks the server to stop the send; resolves with the send's status of record after the stop (normally terminated). */
    stopSend: fromPromise<FileSendStatus, { truckId: number; sendId: number }>(async () => 'terminated'),
  },
  guards: {
    statusIs: ({ context }, status: FileSendStatus) => context.record?.status === status,
    takes: ({ context, event }) => {
      const pushed = recordOf(event);
      return pushed !== undefined && takesStatus(FILE_SEND_MOVES, context.record, pushed);
    },
    /** A push that moves the stopped send along but does not end it: the stop call stays under way. */
    takesPending: ({ context, event }) => {
      const pushed = recordOf(event);
      return pushed !== undefined && pushed.sendId === context.record?.sendId && !FILE_SEND_FINAL.has(pushed.status) &&
        takesStatus(FILE_SEND_MOVES, context.record, pushed);
    },
  },
}).createMachine({
  id: 'paramSend',
  context: ({ input }) => ({ truckId: input.truckId, draft: input.draft, record: input.current }),
  initial: 'follow',
  on: {
    'send.status': { guard: 'takes', actions: 'follow', target: '.follow' },
  },
  states: {
    /** Goes to the state of the followed send's status; with none yet, to editing. */
    follow: {
      always: [
        ...FILE_SEND_STATUSES.map((status) => ({ guard: { type: 'statusIs' as const, params: status }, target: STATE_OF[status] })),
        { target: 'editing' },
      ],
    },
    /** Nothing sent yet: edit, then send. */
    editing: {
      tags: ['editable'],
      on: {
        'edit.change': { actions: 'setDraft' },
        'send.submit': { target: 'pending.submitting' },
      },
    },
    /** A send is under way: the editor is locked and a second send waits for this one to end. */
    pending: {
      tags: ['pending'],
      initial: 'submitting',
      on: {
        'edit.change': { actions: { type: 'notify', params: { type: 'warning', key: 'sendMachine.editBlocked' } } },
        'send.submit': { actions: { type: 'notify', params: { type: 'warning', key: 'sendMachine.repeatBlocked' } } },
      },
      states: {
        /** The POST is out; a push of the new send may come before its answer, and is followed at once. */
        submitting: {
          entry: 'clearProblem',
          invoke: {
            src: 'postSend',
            input: ({ context }) => ({ truckId: context.truckId, draft: context.draft }),
            onDone: {
              actions: raise(({ event }): ParamSendEvent => (event.output.accepted
                ? { type: 'send.accepted', sendId: event.output.sendId, status: event.output.status }
                : { type: 'send.refused', problem: event.output.problem })),
            },
            onError: { actions: raise({ type: 'send.refused', problem: { key: 'error.submitFailed' } }) },
          },
          on: {
            'send.accepted': { actions: 'follow', target: '#paramSend.follow' },
            'send.refused': {
              target: '#paramSend.follow',
              actions: ['setProblem', { type: 'notify', params: ({ event }) => ({ type: 'error' as const, ...event.problem }) }],
            },
          },
        },
        notSent: { tags: ['stoppable'], on: { 'send.stop': 'stopping' } },
        sending: { tags: ['stoppable'], on: { 'send.stop': 'stopping' } },
        /** The stop call is out; a final push (the device answered first) ends the send and drops the call's answer. */
        stopping: {
          on: { 'send.status': [{ guard: 'takesPending', actions: 'follow' }, { guard: 'takes', actions: 'follow', target: '#paramSend.follow' }] },
          invoke: {
            src: 'stopSend',
            input: ({ context }) => ({ truckId: context.truckId, sendId: context.record?.sendId ?? 0 }),
            onDone: { target: '#paramSend.follow', actions: { type: 'takeStopAnswer', params: ({ event }) => event.output } },
            onError: { target: '#paramSend.follow', actions: { type: 'notify', params: { type: 'error', key: 'sendMachine.stopFailed' } } },
          },
        },
      },
    },
    /** The send ended (sent, stopped or failed): the editor is free and the draft may be sent again. */
    settled: {
      tags: ['editable'],
      initial: 'sent',
      on: {
        'edit.change': { actions: 'setDraft' },
        'send.submit': { target: 'pending.submitting' },
      },
      states: {
        sent: {},
        terminated: {},
        connectionFailed: {},
        dataError: {},
        crcError: {},
      },
    },
  },
});
