// The kinds of send the send machine follows (params spec §4), as data: a message or file (parameter files, upgrade
// files, parameters, commands, camera settings), stopped while not sent or sending and sent again once ended; and a
// tank table, sent again only after a failure, replaced by a new upload once the device has it.
import { FILE_SEND_MOVES, TANK_TABLE_MOVES } from '../domain/params/send-follow';
import { FILE_SEND_STATUSES, TANK_TABLE_STATUSES, type FileSendStatus, type TankTableStatus } from '../domain/params/send-status';
import { parseTankTable, type TankTable } from '../domain/params/tank-table';
import type { CheckedDraft, SendAnswer, SendKind, SendPost } from './send.machine';

/** What the editor holds for a message or file send: field → value (a parameter file's fields, a command, camera settings…). */
export type SendDraft = Readonly<Record<string, string | number>>;

export type FileSendPost = SendPost<SendDraft>;
export type FileSendAnswer = SendAnswer<FileSendStatus>;

/** A message or file send; an edit gives the fields changed. */
export const FILE_SEND: SendKind<FileSendStatus, SendDraft, SendDraft, SendDraft> = {
  id: 'fileSend',
  statuses: FILE_SEND_STATUSES,
  moves: FILE_SEND_MOVES,
  gates: {
    notSent: 'stoppable',
    sending: 'stoppable',
    sent: 'open',
    terminated: 'open',
    connectionFailed: 'open',
    dataError: 'open',
    crcError: 'open',
  },
  /** The send ended (sent, stopped or failed): the editor is free and the draft may be sent again. */
  groups: { open: 'settled' },
  start: (draft) => ({ draft }),
  edit: (draft, values) => ({ draft: { ...draft, ...values } }),
  posted: (draft) => draft,
};

/** The record's own fields the editor sets beside the table (serial number, pipeline capacity, frame number…). */
export type TankTableFields = Readonly<Record<string, string | number>>;

/** The table as the editor gives it and the POST carries it. */
export interface TankTablePost {
  /** The table's text: the uploaded file's, or the stored table's when the screen opens on one. */
  readonly text: string;
  readonly fields: TankTableFields;
  /** The stored table's id; none before its first send. */
  readonly tableId?: number;
}

interface TankTableDraft extends TankTablePost {
  /** The parsed text, when it parses. */
  readonly table?: TankTable;
}

export type TankTableSendPost = SendPost<TankTablePost>;
export type TankTableSendAnswer = SendAnswer<TankTableStatus, { readonly tableId: number }>;

/** The draft with its text parsed: the table, or why it does not parse (with its line). */
function parsed(draft: TankTablePost): CheckedDraft<TankTableDraft> {
  const result = parseTankTable(draft.text);
  return result.ok ? { draft: { ...draft, table: result.table }, problem: undefined } : { draft: { ...draft, table: undefined }, problem: result.problem };
}

/** A tank table's send; an edit gives a new text, changed fields, or both. */
export const TANK_TABLE_SEND: SendKind<TankTableStatus, TankTablePost, TankTableDraft, { text?: string; fields?: TankTableFields }, { tableId: number }> = {
  id: 'tankTableSend',
  statuses: TANK_TABLE_STATUSES,
  moves: TANK_TABLE_MOVES,
  gates: {
    notSent: 'open',
    failed: 'open',
    pipelineFailed: 'open',
    toBeSent: 'pending',
    sending: 'pending',
    synchronizing: 'pending',
    complete: 'closed',
    inUse: 'closed',
    history: 'closed',
  },
  /** A table that may be edited and sent (again); the device has a settled one. */
  groups: { open: 'sendable', closed: 'settled' },
  start: ({ text, fields, tableId }) => parsed({ text, fields, tableId }),
  edit: (draft, change) => {
    const fields = { ...draft.fields, ...change.fields };
    return change.text === undefined ? { draft: { ...draft, fields } } : parsed({ ...draft, fields, text: change.text });
  },
  posted: ({ text, fields, tableId }) => ({ tableId, text, fields }),
  refusal: ({ table }) => (table === undefined ? 'sendMachine.tableInvalid' : undefined),
  accepted: ({ tableId }) => ({ tableId }),
};
