// One tank table sent to one truck (params spec §3.2, §4 tank-table send): the console's side of the table's status of
// record, held by the server. Editing and a repeat send are blocked while a send is pending; a failed table may be
// edited and sent again; a table that reached the device (complete, in use, history) is replaced by a new upload.
import { assign, fromPromise, raise, setup } from 'xstate';
import type { ToastType } from '../domain/constants';
import type { LocaleKey, LocaleValues, LocalizedText } from '../domain/i18n';
import { TANK_TABLE_MOVES, takesStatus, type SendRecord } from '../domain/params/send-follow';
import { TANK_TABLE_STATUSES, type TankTableStatus } from '../domain/params/send-status';
import { parseTankTable, type TankTable } from '../domain/params/tank-table';

/** The record's own fields the editor sets beside the table (serial number, pipeline capacity, frame number…). */
export type TankTableFields = Readonly<Record<string, string | number>>;

export interface TankTableSendInput {
  readonly truckId: number;
  /** The table's text: the uploaded file's, or the stored table's when the screen opens on one. */
  readonly text: string;
  readonly fields: TankTableFields;
  /** The stored table's id; none before its first send. */
  readonly tableId?: number;
  /** The table's latest send as the server holds it. */
  readonly current?: SendRecord<TankTableStatus>;
}

interface TankTableSendContext {
  readonly truckId: number;
  readonly text: string;
  readonly fields: TankTableFields;
  readonly tableId?: number;
  /** The parsed text, when it parses. */
  readonly table?: TankTable;
  /** Why the text does not parse (with its line), or why the server refused the last send. */
  readonly problem?: LocalizedText;
  readonly record?: SendRecord<TankTableStatus>;
}

export type TankTableSendAnswer =
  | { readonly accepted: true; readonly tableId: number; readonly sendId: number; readonly status: TankTableStatus }
  | { readonly accepted: false; readonly problem: LocalizedText };

type TankTableSendEvent =
  | { type: 'edit.change'; text?: string; fields?: TankTableFields }
  | { type: 'send.submit' }
  | { type: 'send.accepted'; tableId: number; sendId: number; status: TankTableStatus }
  | { type: 'send.refused'; problem: LocalizedText }
  /** A status the server pushed, in any order: see `takesStatus`. */
  | { type: 'send.status'; sendId: number; status: TankTableStatus };

type Notice = { type: ToastType; key: LocaleKey; values?: LocaleValues };

const STATE_OF: Readonly<Record<TankTableStatus, string>> = {
  notSent: '#tankTableSend.sendable.notSent',
  failed: '#tankTableSend.sendable.failed',
  pipelineFailed: '#tankTableSend.sendable.pipelineFailed',
  toBeSent: '#tankTableSend.pending.toBeSent',
  sending: '#tankTableSend.pending.sending',
  synchronizing: '#tankTableSend.pending.synchronizing',
  complete: '#tankTableSend.settled.complete',
  inUse: '#tankTableSend.settled.inUse',
  history: '#tankTableSend.settled.history',
};

const recordOf = (event: TankTableSendEvent): SendRecord<TankTableStatus> | undefined =>
  event.type === 'send.status' || event.type === 'send.accepted' ? { sendId: event.sendId, status: event.status } : undefined;

function parsed(text: string): Pick<TankTableSendContext, 'table' | 'problem'> {
  const result = parseTankTable(text);
  return result.ok ? { table: result.table, problem: undefined } : { table: undefined, problem: result.problem };
}

/** Editing and sending again, allowed before the first send and after a failed one. */
const OPEN = {
  tags: ['editable'],
  on: {
    'edit.change': { actions: 'edit' },
    'send.submit': [
      { guard: 'tableInvalid', actions: { type: 'notify', params: { type: 'error', key: 'sendMachine.tableInvalid' } } },
      { target: '#tankTableSend.pending.submitting' },
    ],
  },
} as const;

export const tankTableSendMachine = setup({
  types: {
    context: {} as TankTableSendContext,
    events: {} as TankTableSendEvent,
    input: {} as TankTableSendInput,
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    edit: assign(({ context, event }) => {
      if (event.type !== 'edit.change') return {};
      const fields = { ...context.fields, ...event.fields };
      return event.text === undefined ? { fields } : { fields, text: event.text, ...parsed(event.text) };
    }),
    follow: assign(({ context, event }) => ({
      record: recordOf(event) ?? context.record,
      tableId: event.type === 'send.accepted' ? event.tableId : context.tableId,
    })),
    setProblem: assign({ problem: ({ event }) => (event.type === 'send.refused' ? event.problem : undefined) }),
    /** A send starts only from a table that parses, so the problem left is the last refusal. */
    clearProblem: assign({ problem: undefined }),
  },
  actors: {
    /** POST of the table (new, or edited after a failure) for sending to the truck. */
    postSend: fromPromise<TankTableSendAnswer, { truckId: number; tableId?: number; text: string; fields: TankTableFields }>(
      async () => ({ accepted: false, problem: { key: 'error.submitFailed' } })),
  },
  guards: {
    statusIs: ({ context }, status: TankTableStatus) => context.record?.status === status,
    tableInvalid: ({ context }) => context.table === undefined,
    takes: ({ context, event }) => {
      const pushed = recordOf(event);
      return pushed !== undefined && takesStatus(TANK_TABLE_MOVES, context.record, pushed);
    },
  },
}).createMachine({
  id: 'tankTableSend',
  context: ({ input }) => ({
    truckId: input.truckId, text: input.text, fields: input.fields, tableId: input.tableId, record: input.current,
    ...parsed(input.text),
  }),
  initial: 'follow',
  on: {
    'send.status': { guard: 'takes', actions: 'follow', target: '.follow' },
  },
  states: {
    /** Goes to the state of the table's latest status; never sent, to editing. */
    follow: {
      always: [
        ...TANK_TABLE_STATUSES.map((status) => ({ guard: { type: 'statusIs' as const, params: status }, target: STATE_OF[status] })),
        { target: 'editing' },
      ],
    },
    editing: OPEN,
    /** A table that may be edited and sent (again). */
    sendable: {
      ...OPEN,
      initial: 'notSent',
      states: { notSent: {}, failed: {}, pipelineFailed: {} },
    },
    /** A send is under way: the table is locked and a repeat send waits for this one to end. */
    pending: {
      tags: ['pending'],
      initial: 'submitting',
      on: {
        'edit.change': { actions: { type: 'notify', params: { type: 'warning', key: 'sendMachine.editBlocked' } } },
        'send.submit': { actions: { type: 'notify', params: { type: 'warning', key: 'sendMachine.repeatBlocked' } } },
      },
      states: {
        submitting: {
          entry: 'clearProblem',
          invoke: {
            src: 'postSend',
            input: ({ context }) => ({ truckId: context.truckId, tableId: context.tableId, text: context.text, fields: context.fields }),
            onDone: {
              actions: raise(({ event }): TankTableSendEvent => (event.output.accepted
                ? { type: 'send.accepted', tableId: event.output.tableId, sendId: event.output.sendId, status: event.output.status }
                : { type: 'send.refused', problem: event.output.problem })),
            },
            onError: { actions: raise({ type: 'send.refused', problem: { key: 'error.submitFailed' } }) },
          },
          on: {
            'send.accepted': { actions: 'follow', target: '#tankTableSend.follow' },
            'send.refused': {
              target: '#tankTableSend.follow',
              actions: ['setProblem', { type: 'notify', params: ({ event }) => ({ type: 'error' as const, ...event.problem }) }],
            },
          },
        },
        toBeSent: {},
        sending: {},
        synchronizing: {},
      },
    },
    /** The device has the table: it is replaced by uploading a new one, not edited or sent again. */
    settled: {
      initial: 'complete',
      on: {
        'edit.change': { actions: { type: 'notify', params: { type: 'warning', key: 'sendMachine.settledBlocked' } } },
        'send.submit': { actions: { type: 'notify', params: { type: 'warning', key: 'sendMachine.settledBlocked' } } },
      },
      states: { complete: {}, inUse: {}, history: {} },
    },
  },
});
