// The send of a tank table to its truck (params spec §4 tank-table send): the send machine of a tank table with the send call
// injected, starting from the table's latest send as the server holds it and following that send live, so the dialog
// shows each status as it comes and a repeat send, or a send of a table already on the device, is refused with why.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { TANK_TABLE_SEND, type TankTableFields, type TankTableSendAnswer, type TankTableSendPost } from '../../../../machines/send-kinds';
import { sendMachine } from '../../../../machines/send.machine';
import type { LocalizedText } from '../../../../domain/i18n';
import type { SendRecord } from '../../../../domain/params/send-follow';
import { isTankTableStatus, type TankTableStatus } from '../../../../domain/params/send-status';
import type { SendRow } from '../../../../domain/params/send-wire';
import type { TankTable } from '../../../../domain/params/tank-table';
import type { EntityRow } from '../../../../domain/screens/entities/wire';
import { showToast } from '../../../ui/notify';
import { useSendFollow } from '../send-message/use-send-follow';
import { sendToDevices, type TruckChoice } from './send-calls';

interface TankTableSend {
  /** The table may be sent: never sent, or its last send failed. */
  readonly editable: boolean;
  readonly pending: boolean;
  readonly status: TankTableStatus | undefined;
  /** The followed send as last read (its progress), once this dialog knows its id. */
  readonly row: SendRow | undefined;
  readonly table: TankTable | undefined;
  /** Why the table cannot be sent, or why the server refused the last send. */
  readonly problem: LocalizedText | undefined;
  send(description: string): void;
}

interface TankTableSendOptions {
  readonly row: EntityRow;
  readonly truck: TruckChoice;
  /** The stored table's text. */
  readonly text: string;
  /** The table's latest send, read when the dialog opened; none for a table never sent. */
  readonly latest: SendRow | undefined;
}

const tankStatus = (row: SendRow | undefined): TankTableStatus | undefined => (row && isTankTableStatus(row.status) ? row.status : undefined);

/**
 * Where the machine starts: the latest send's status; a table no send of which is listed (one loaded before sends were
 * recorded) starts from its own state, as a send older than any this dialog can make (id 0).
 */
function startOf(row: EntityRow, latest: SendRow | undefined): SendRecord<TankTableStatus> | undefined {
  const status = tankStatus(latest);
  if (latest && status) return { sendId: latest.id, status };
  const state = row.values['state'];
  return isTankTableStatus(state) ? { sendId: 0, status: state } : undefined;
}

/** The row's set fields, as the machine keeps them beside the table. */
function fieldsOf(row: EntityRow): TankTableFields {
  return Object.fromEntries(Object.entries(row.values).filter((entry): entry is [string, string | number] => entry[1] !== null));
}

export function useTankTableSend({ row, truck, text, latest }: TankTableSendOptions): TankTableSend {
  const [followed, setFollowed] = useState<SendRow | undefined>(latest);
  const description = useRef('');
  const [machine] = useState(() =>
    sendMachine(TANK_TABLE_SEND).provide({
      actors: {
        postSend: fromPromise<TankTableSendAnswer, TankTableSendPost>(async ({ input }) => {
          const tableId = input.draft.tableId ?? Number(row.key);
          const note = description.current.trim();
          const answer = await sendToDevices({ kind: 'tankTable', sourceId: tableId, truckIds: String(input.truckId), ...(note === '' ? {} : { description: note }) });
          const sent = answer.sends.find((send) => send.truckId === input.truckId);
          if (sent && isTankTableStatus(sent.status)) {
            showToast('success', { key: 'deviceEntity.send.tankTable.accepted', values: { plate: sent.signCode } });
            return { accepted: true, tableId, sendId: sent.id, status: sent.status };
          }
          const refused = answer.refused.find((entry) => entry.truckId === input.truckId);
          return { accepted: false, problem: { key: 'deviceEntity.send.refusedRow', values: { plate: refused?.signCode ?? truck.plate, reason: refused?.reason ?? '' } } };
        }),
      },
      actions: {
        notify: (_, notice) => showToast(notice.type, { key: notice.key, values: notice.values }),
      },
    }),
  );
  const actor = useActorRef(machine, {
    input: { truckId: truck.id, draft: { text, fields: fieldsOf(row), tableId: Number(row.key) }, current: startOf(row, latest) },
  });
  const view = useSelector(
    actor,
    (snapshot) => ({
      editable: snapshot.hasTag('editable'),
      pending: snapshot.hasTag('pending'),
      sendId: snapshot.context.record?.sendId,
      status: snapshot.context.record?.status,
      table: snapshot.context.draft.table,
      problem: snapshot.context.problem,
    }),
    (a, b) => a.editable === b.editable && a.pending === b.pending && a.sendId === b.sendId && a.status === b.status && a.table === b.table && a.problem === b.problem,
  );

  // A send of id 0 is the table's own state: there is no send row to follow.
  useSendFollow(view.sendId === 0 ? undefined : view.sendId, (found) => {
    const status = tankStatus(found);
    if (!status || found.id !== actor.getSnapshot().context.record?.sendId) return;
    setFollowed(found);
    actor.send({ type: 'send.status', sendId: found.id, status });
  });

  const send = useCallback(
    (text: string) => {
      description.current = text;
      actor.send({ type: 'send.submit' });
    },
    [actor],
  );
  const shown = followed && followed.id === view.sendId ? followed : undefined;
  return { editable: view.editable, pending: view.pending, status: view.status, row: shown, table: view.table, problem: view.problem, send };
}
