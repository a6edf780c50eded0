// The send machine of a message or file: every move of the status list pushed by the server, the moves it refuses (stale,
// repeated, out of order, a final one undone), the blocked edit and the blocked repeat, stop sending, the POST's answers.
import { describe, expect, it, vi } from 'vitest';
import { createActor, type StateValue } from 'xstate';
import { FILE_SEND, type FileSendAnswer, type FileSendPost, type SendDraft } from '../../machines/send-kinds';
import { sendMachine } from '../../machines/send.machine';
import { FILE_SEND_MOVES, type SendRecord } from '../../domain/params/send-follow';
import { FILE_SEND_STATUSES, type FileSendStatus } from '../../domain/params/send-status';
import { flush, scripted } from './shell-fixtures';

const DRAFT: SendDraft = { maxSpeed: 80, voicePrompt: 1 };

/** Where each status puts the machine. */
const PLACE: Record<FileSendStatus, string> = {
  notSent: 'pending.notSent',
  sending: 'pending.sending',
  sent: 'settled.sent',
  terminated: 'settled.terminated',
  connectionFailed: 'settled.connectionFailed',
  dataError: 'settled.dataError',
  crcError: 'settled.crcError',
};

const place = (value: StateValue): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([key, inner]) => `${key}.${place(inner!)}`).join();

function start(current?: SendRecord<FileSendStatus>) {
  const post = scripted<FileSendPost, FileSendAnswer>();
  const stop = scripted<{ truckId: number; sendId: number }, FileSendStatus>();
  const notify = vi.fn();
  const machine = sendMachine(FILE_SEND).provide({
    actors: { postSend: post.logic, stopSend: stop.logic },
    actions: { notify: (_, notice) => notify(notice) },
  });
  const actor = createActor(machine, { input: { truckId: 12, draft: DRAFT, current } }).start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor, post, stop, notify, snapshot,
    at: () => place(snapshot().value),
    push: (sendId: number, status: FileSendStatus) => actor.send({ type: 'send.status', sendId, status }),
    edit: (change: SendDraft) => actor.send({ type: 'edit.change', change }),
  };
}

const ALLOWED = FILE_SEND_STATUSES.flatMap((from) => [...FILE_SEND_MOVES[from]].map((to) => [from, to] as const));
const REFUSED = FILE_SEND_STATUSES.flatMap((from) =>
  FILE_SEND_STATUSES.filter((to) => !FILE_SEND_MOVES[from].has(to)).map((to) => [from, to] as const));

describe('send machine, message or file', () => {
  it('edits freely before anything was sent', () => {
    const s = start();
    expect(s.at()).toBe('editing');
    s.edit({ maxSpeed: 90 });
    expect(s.snapshot().context.draft).toEqual({ maxSpeed: 90, voicePrompt: 1 });
    expect(s.snapshot().hasTag('editable')).toBe(true);
  });

  it('posts the draft for the truck, then follows the send the server opened', async () => {
    const s = start();
    s.actor.send({ type: 'send.submit' });
    expect(s.at()).toBe('pending.submitting');
    expect(s.post.inputs).toEqual([{ truckId: 12, draft: DRAFT }]);
    s.post.resolve({ accepted: true, sendId: 41, status: 'notSent' });
    await flush();
    expect(s.at()).toBe('pending.notSent');
    expect(s.snapshot().context.record).toEqual({ sendId: 41, status: 'notSent' });
  });

  it('blocks editing and a repeat submit while the POST is out, saying why', () => {
    const s = start();
    s.actor.send({ type: 'send.submit' });
    s.edit({ maxSpeed: 120 });
    s.actor.send({ type: 'send.submit' });
    expect(s.snapshot().context.draft).toEqual(DRAFT);
    expect(s.post.inputs).toHaveLength(1);
    expect(s.notify.mock.calls).toEqual([
      [{ type: 'warning', key: 'sendMachine.editBlocked' }],
      [{ type: 'warning', key: 'sendMachine.repeatBlocked' }],
    ]);
  });

  it.each(['notSent', 'sending'] as const)('blocks editing and a repeat send while the send is %s', (status) => {
    const s = start({ sendId: 3, status });
    expect(s.at()).toBe(PLACE[status]);
    expect(s.snapshot().hasTag('pending')).toBe(true);
    s.edit({ maxSpeed: 1 });
    s.actor.send({ type: 'send.submit' });
    expect(s.snapshot().context.draft).toEqual(DRAFT);
    expect(s.post.inputs).toEqual([]);
    expect(s.at()).toBe(PLACE[status]);
    expect(s.notify.mock.calls.map(([notice]) => notice.key)).toEqual(['sendMachine.editBlocked', 'sendMachine.repeatBlocked']);
  });

  it('shows the server’s refusal and edits again; a failed request says 提交失败', async () => {
    const s = start();
    s.actor.send({ type: 'send.submit' });
    s.post.resolve({ accepted: false, problem: { key: 'sendMachine.repeatBlocked' } });
    await flush();
    expect(s.at()).toBe('editing');
    expect(s.snapshot().context.problem).toEqual({ key: 'sendMachine.repeatBlocked' });
    expect(s.notify).toHaveBeenLastCalledWith({ type: 'error', key: 'sendMachine.repeatBlocked' });
    s.actor.send({ type: 'send.submit' });
    expect(s.snapshot().context.problem).toBeUndefined();
    s.post.reject(new Error('offline'));
    await flush();
    expect(s.at()).toBe('editing');
    expect(s.notify).toHaveBeenLastCalledWith({ type: 'error', key: 'error.submitFailed' });
  });

  it('returns to the last ended send when a new one is refused', async () => {
    const s = start({ sendId: 7, status: 'crcError' });
    s.actor.send({ type: 'send.submit' });
    s.post.resolve({ accepted: false, problem: { key: 'error.submitFailed' } });
    await flush();
    expect(s.at()).toBe('settled.crcError');
  });

  it.each(ALLOWED)('follows the server from %s to %s', (from, to) => {
    const s = start({ sendId: 5, status: from });
    s.push(5, to);
    expect(s.at()).toBe(PLACE[to]);
    expect(s.snapshot().context.record).toEqual({ sendId: 5, status: to });
    expect(s.snapshot().hasTag('editable')).toBe(to !== 'sending');
  });

  it.each(REFUSED)('stays at %s when the same send is pushed as %s (late, repeated, or undoing a final status)', (from, to) => {
    const s = start({ sendId: 5, status: from });
    s.push(5, to);
    expect(s.at()).toBe(PLACE[from]);
    expect(s.snapshot().context.record).toEqual({ sendId: 5, status: from });
  });

  it('follows pushes that arrive out of order: sent before sending, then a late sending and notSent change nothing', () => {
    const s = start({ sendId: 9, status: 'notSent' });
    s.push(9, 'sent');
    s.push(9, 'sending');
    s.push(9, 'notSent');
    expect(s.at()).toBe('settled.sent');
  });

  it('ignores an earlier send and follows a later one whatever its status (another console sent again)', () => {
    const s = start({ sendId: 9, status: 'dataError' });
    s.push(8, 'sending');
    expect(s.at()).toBe('settled.dataError');
    s.push(10, 'sending');
    expect(s.at()).toBe('pending.sending');
    expect(s.snapshot().context.record).toEqual({ sendId: 10, status: 'sending' });
  });

  it('follows its own send pushed before the POST answers, and locks the editor at once', async () => {
    const s = start();
    s.actor.send({ type: 'send.submit' });
    s.push(60, 'sending');
    expect(s.at()).toBe('pending.sending');
    s.post.resolve({ accepted: true, sendId: 60, status: 'notSent' });
    await flush();
    expect(s.at()).toBe('pending.sending');
  });

  it.each(['notSent', 'sending'] as const)('stops a send that is %s: the stop call names it and ends terminated', async (status) => {
    const s = start({ sendId: 21, status });
    expect(s.snapshot().hasTag('stoppable')).toBe(true);
    s.actor.send({ type: 'send.stop' });
    expect(s.at()).toBe('pending.stopping');
    s.edit({ maxSpeed: 1 });
    expect(s.snapshot().context.draft).toEqual(DRAFT);
    expect(s.stop.inputs).toEqual([{ truckId: 12, sendId: 21 }]);
    s.stop.resolve('terminated');
    await flush();
    expect(s.at()).toBe('settled.terminated');
    s.edit({ maxSpeed: 1 });
    expect(s.snapshot().context.draft).toEqual({ maxSpeed: 1, voicePrompt: 1 });
  });

  it('keeps stopping while a push moves the send to sending, and ends with the device’s answer if it came first', async () => {
    const s = start({ sendId: 21, status: 'notSent' });
    s.actor.send({ type: 'send.stop' });
    s.push(21, 'sending');
    expect(s.at()).toBe('pending.stopping');
    expect(s.snapshot().context.record?.status).toBe('sending');
    s.push(21, 'sent');
    expect(s.at()).toBe('settled.sent');
    s.stop.resolve('terminated');
    await flush();
    expect(s.at()).toBe('settled.sent');
  });

  it('takes the status the stop call reports when the send had already ended', async () => {
    const s = start({ sendId: 4, status: 'sending' });
    s.actor.send({ type: 'send.stop' });
    s.stop.resolve('connectionFailed');
    await flush();
    expect(s.at()).toBe('settled.connectionFailed');
  });

  it('says 停止发送失败 and stays on the send when the stop call fails', async () => {
    const s = start({ sendId: 4, status: 'sending' });
    s.actor.send({ type: 'send.stop' });
    s.stop.reject(new Error('offline'));
    await flush();
    expect(s.at()).toBe('pending.sending');
    expect(s.notify).toHaveBeenCalledWith({ type: 'error', key: 'sendMachine.stopFailed' });
  });

  it('cannot stop before a send exists, while the POST is out, or after the send ended', () => {
    for (const current of [undefined, { sendId: 1, status: 'sent' as const }]) {
      const s = start(current);
      s.actor.send({ type: 'send.stop' });
      expect(s.at()).toBe(current ? 'settled.sent' : 'editing');
      s.actor.send({ type: 'send.submit' });
      s.actor.send({ type: 'send.stop' });
      expect(s.at()).toBe('pending.submitting');
      expect(s.stop.inputs).toEqual([]);
    }
  });

  it('sends again after a failure, with the edited draft, and follows the new send', async () => {
    const s = start({ sendId: 2, status: 'connectionFailed' });
    s.edit({ maxSpeed: 70 });
    s.actor.send({ type: 'send.submit' });
    expect(s.post.inputs).toEqual([{ truckId: 12, draft: { maxSpeed: 70, voicePrompt: 1 } }]);
    s.post.resolve({ accepted: true, sendId: 3, status: 'notSent' });
    await flush();
    expect(s.at()).toBe('pending.notSent');
    s.push(2, 'sent');
    expect(s.at()).toBe('pending.notSent');
  });
});
