// The send of an edited file from the editor (params spec §4 message and file send): the send machine with the server
// calls injected, following its send live (each entity-changed notice naming it reads the row again), so the editor
// locks while the send is pending and shows its status and progress; the other trucks' refusals are told in a toast.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { FILE_SEND, type FileSendAnswer, type FileSendPost } from '../../../../machines/send-kinds';
import { sendMachine } from '../../../../machines/send.machine';
import type { ParamFileName } from '../../../../domain/params/catalogue-types';
import { isFileSendStatus, type FileSendStatus } from '../../../../domain/params/send-status';
import type { DeviceFileAnswer, SendRow } from '../../../../domain/params/send-wire';
import { showToast } from '../../../ui/notify';
import { fetchSendsByIds, stopSendCall } from '../send-message/send-calls';
import { useSendFollow } from '../send-message/use-send-follow';
import { fileRefusal, postFileSend } from './param-file-calls';

/** What one send carries besides the edited truck: the file as edited, the other trucks, the copy it started from. */
interface FileSendDraft {
  readonly content: string;
  readonly otherTruckIds: readonly number[];
  readonly description: string;
  readonly baseVersion: number;
}

export interface FileSend {
  readonly editable: boolean;
  readonly pending: boolean;
  readonly stoppable: boolean;
  /** The followed send as last read: status, step of steps. */
  readonly row: SendRow | undefined;
  readonly status: FileSendStatus | undefined;
  send(draft: FileSendDraft): void;
  stop(): void;
}

interface FileSendOptions {
  readonly name: ParamFileName;
  readonly copy: DeviceFileAnswer;
  /** The server refused values: their messages by place. */
  readonly onRefusedValues: (problems: readonly { readonly section?: string; readonly index?: number; readonly key: string; readonly message: string }[]) => void;
  /** The device took the file: its copy is to be read again. */
  readonly onSent: () => void;
}

const fileStatus = (row: SendRow | null | undefined): FileSendStatus | undefined =>
  row && isFileSendStatus(row.status) ? row.status : undefined;

export function useFileSend({ name, copy, onRefusedValues, onSent }: FileSendOptions): FileSend {
  const [row, setRow] = useState<SendRow | undefined>(copy.pending ?? undefined);
  const latest = useRef({ onRefusedValues, onSent, draft: undefined as FileSendDraft | undefined });
  latest.current = { ...latest.current, onRefusedValues, onSent };

  const [machine] = useState(() =>
    sendMachine(FILE_SEND).provide({
      actors: {
        postSend: fromPromise<FileSendAnswer, FileSendPost>(async ({ input }) => {
          const draft = latest.current.draft;
          if (!draft) return { accepted: false, problem: { key: 'error.submitFailed' } };
          try {
            const answer = await postFileSend({
              name, truckId: input.truckId, truckIds: [input.truckId, ...draft.otherTruckIds].join(','),
              content: draft.content, baseVersion: draft.baseVersion, description: draft.description,
            });
            for (const refusal of answer.refused.filter((r) => r.truckId !== input.truckId)) {
              showToast('warning', { key: 'paramEditor.refused', values: { plate: refusal.signCode, reason: refusal.reason } });
            }
            const own = answer.sends.find((send) => send.truckId === input.truckId);
            if (own && isFileSendStatus(own.status)) {
              showToast('success', { key: 'paramEditor.accepted', values: { count: answer.sends.length } });
              return { accepted: true, sendId: own.id, status: own.status };
            }
            const reason = answer.refused.find((r) => r.truckId === input.truckId)?.reason ?? '';
            return { accepted: false, problem: { key: 'paramEditor.serverRefused', values: { message: reason } } };
          } catch (error) {
            const refusal = fileRefusal(error);
            if (!refusal) throw error;
            latest.current.onRefusedValues(refusal.problems.filter((problem) => problem.key !== ''));
            return { accepted: false, problem: { key: 'paramEditor.serverRefused', values: { message: refusal.message } } };
          }
        }),
        stopSend: fromPromise<FileSendStatus, { truckId: number; sendId: number }>(async ({ input }) => {
          await stopSendCall(input.sendId);
          const [after] = await fetchSendsByIds([input.sendId]);
          if (after) setRow(after);
          return fileStatus(after) ?? 'terminated';
        }),
      },
      actions: {
        notify: (_, notice) => showToast(notice.type, { key: notice.key, values: notice.values }),
      },
    }),
  );
  const current = copy.pending && fileStatus(copy.pending) ? { sendId: copy.pending.id, status: fileStatus(copy.pending)! } : undefined;
  const actor = useActorRef(machine, { input: { truckId: copy.truckId, draft: {}, current } });
  const gates = useSelector(
    actor,
    (snapshot) => ({
      editable: snapshot.hasTag('editable'),
      pending: snapshot.hasTag('pending'),
      stoppable: snapshot.hasTag('stoppable'),
      sendId: snapshot.context.record?.sendId,
      status: snapshot.context.record?.status,
    }),
    (a, b) => a.editable === b.editable && a.pending === b.pending && a.stoppable === b.stoppable && a.sendId === b.sendId && a.status === b.status,
  );

  const sendId = gates.sendId;
  useSendFollow(sendId, (found) => {
    const status = fileStatus(found);
    if (!status || found.id !== actor.getSnapshot().context.record?.sendId) return;
    setRow(found);
    actor.send({ type: 'send.status', sendId: found.id, status });
  });

  // The device took this console's edit: its copy changed.
  const status = gates.status;
  const toldSent = useRef(status === 'sent' ? sendId : undefined);
  useEffect(() => {
    if (status !== 'sent' || toldSent.current === sendId) return;
    toldSent.current = sendId;
    latest.current.onSent();
  }, [status, sendId]);

  const send = useCallback(
    (draft: FileSendDraft) => {
      latest.current.draft = draft;
      actor.send({ type: 'send.submit' });
    },
    [actor],
  );
  const stop = useCallback(() => actor.send({ type: 'send.stop' }), [actor]);
  const shownRow = row && row.id === sendId ? row : undefined;
  return { editable: gates.editable, pending: gates.pending, stoppable: gates.stoppable, row: shownRow, status, send, stop };
}
