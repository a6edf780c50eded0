// The send machine of a tank table: every move of the tank-table status list pushed by the server and the moves it refuses,
// the blocked edit and repeat while pending, a failed table edited and sent again, a table on the device never edited.
import { describe, expect, it, vi } from 'vitest';
import { createActor, type StateValue } from 'xstate';
import { TANK_TABLE_SEND, type TankTableFields, type TankTablePost, type TankTableSendAnswer, type TankTableSendPost } from '../../machines/send-kinds';
import { sendMachine } from '../../machines/send.machine';
import { TANK_TABLE_MOVES, type SendRecord } from '../../domain/params/send-follow';
import { TANK_TABLE_STATUSES, type TankTableStatus } from '../../domain/params/send-status';
import { sampleTankTable } from '../../domain/params/tank-table-sample';
import { flush, scripted } from './shell-fixtures';

const TEXT = sampleTankTable(2, 12_000, 1500);
const FIELDS: TankTableFields = { serialNumber: 'TT-0042', pipelineCapacityL: 120 };

const PLACE: Record<TankTableStatus, string> = {
  notSent: 'sendable.notSent',
  failed: 'sendable.failed',
  pipelineFailed: 'sendable.pipelineFailed',
  toBeSent: 'pending.toBeSent',
  sending: 'pending.sending',
  synchronizing: 'pending.synchronizing',
  complete: 'settled.complete',
  inUse: 'settled.inUse',
  history: 'settled.history',
};
const PENDING = new Set<TankTableStatus>(['toBeSent', 'sending', 'synchronizing']);
const OPEN = new Set<TankTableStatus>(['notSent', 'failed', 'pipelineFailed']);

const place = (value: StateValue): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([key, inner]) => `${key}.${place(inner!)}`).join();

function start(draft: Partial<TankTablePost> = {}, current?: SendRecord<TankTableStatus>) {
  const post = scripted<TankTableSendPost, TankTableSendAnswer>();
  const notify = vi.fn();
  const machine = sendMachine(TANK_TABLE_SEND).provide({ actors: { postSend: post.logic }, actions: { notify: (_, notice) => notify(notice) } });
  const actor = createActor(machine, { input: { truckId: 8, draft: { text: TEXT, fields: FIELDS, ...draft }, current } }).start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor, post, notify, snapshot,
    at: () => place(snapshot().value),
    push: (sendId: number, status: TankTableStatus) => actor.send({ type: 'send.status', sendId, status }),
    keys: () => notify.mock.calls.map(([notice]) => notice.key),
  };
}
const onTable = (status: TankTableStatus, sendId = 5) => start({ tableId: 30 }, { sendId, status });

const ALLOWED = TANK_TABLE_STATUSES.flatMap((from) => [...TANK_TABLE_MOVES[from]].map((to) => [from, to] as const));
const REFUSED = TANK_TABLE_STATUSES.flatMap((from) =>
  TANK_TABLE_STATUSES.filter((to) => !TANK_TABLE_MOVES[from].has(to)).map((to) => [from, to] as const));

describe('send machine, tank table', () => {
  it('posts a new table with its fields, and follows it to be sent', async () => {
    const s = start();
    expect(s.at()).toBe('editing');
    expect(s.snapshot().context.draft.table?.compartments).toHaveLength(2);
    s.actor.send({ type: 'send.submit' });
    expect(s.at()).toBe('pending.submitting');
    expect(s.post.inputs).toEqual([{ truckId: 8, draft: { tableId: undefined, text: TEXT, fields: FIELDS } }]);
    s.post.resolve({ accepted: true, tableId: 31, sendId: 1, status: 'toBeSent' });
    await flush();
    expect(s.at()).toBe('pending.toBeSent');
    expect(s.snapshot().context).toMatchObject({ draft: { tableId: 31 }, record: { sendId: 1, status: 'toBeSent' } });
  });

  it('refuses to send a text that does not parse, keeping its line, until the text is fixed', () => {
    const s = start({ text: '[compartment.1]\n0 0\n20 10\n15 30\n' });
    expect(s.snapshot().context.problem).toEqual({ key: 'tankTable.problem.levelNotIncreasing', values: { line: 4 } });
    s.actor.send({ type: 'send.submit' });
    expect(s.post.inputs).toEqual([]);
    expect(s.keys()).toEqual(['sendMachine.tableInvalid']);
    s.actor.send({ type: 'edit.change', change: { text: '[compartment.1]\n0 0\n20 10\n25 30\n', fields: { frameNumber: 'F7' } } });
    expect(s.snapshot().context.problem).toBeUndefined();
    expect(s.snapshot().context.draft.fields).toEqual({ ...FIELDS, frameNumber: 'F7' });
    s.actor.send({ type: 'send.submit' });
    expect(s.post.inputs).toHaveLength(1);
  });

  it('shows the server’s refusal and a failed request (提交失败), and lets the table be edited again', async () => {
    const s = start();
    s.actor.send({ type: 'send.submit' });
    s.post.resolve({ accepted: false, problem: { key: 'sendMachine.repeatBlocked' } });
    await flush();
    expect(s.at()).toBe('editing');
    expect(s.snapshot().context.problem).toEqual({ key: 'sendMachine.repeatBlocked' });
    s.actor.send({ type: 'send.submit' });
    s.post.reject(new Error('offline'));
    await flush();
    expect(s.at()).toBe('editing');
    expect(s.notify).toHaveBeenLastCalledWith({ type: 'error', key: 'error.submitFailed' });
  });

  it('blocks editing and a repeat send while the POST is out', () => {
    const s = start();
    s.actor.send({ type: 'send.submit' });
    s.actor.send({ type: 'edit.change', change: { text: 'x' } });
    s.actor.send({ type: 'send.submit' });
    expect(s.snapshot().context.draft.text).toBe(TEXT);
    expect(s.post.inputs).toHaveLength(1);
    expect(s.keys()).toEqual(['sendMachine.editBlocked', 'sendMachine.repeatBlocked']);
  });

  it.each([...PENDING])('blocks editing and a repeat send while the table is %s', (status) => {
    const s = onTable(status);
    s.actor.send({ type: 'edit.change', change: { fields: { serialNumber: 'changed' } } });
    s.actor.send({ type: 'send.submit' });
    expect(s.at()).toBe(PLACE[status]);
    expect(s.snapshot().context.draft.fields).toEqual(FIELDS);
    expect(s.post.inputs).toEqual([]);
    expect(s.keys()).toEqual(['sendMachine.editBlocked', 'sendMachine.repeatBlocked']);
  });

  it.each(['complete', 'inUse', 'history'] as const)('neither edits nor sends again a table that is %s: a new upload replaces it', (status) => {
    const s = onTable(status);
    s.actor.send({ type: 'edit.change', change: { text: '' } });
    s.actor.send({ type: 'send.submit' });
    expect(s.at()).toBe(PLACE[status]);
    expect(s.snapshot().context.draft.text).toBe(TEXT);
    expect(s.post.inputs).toEqual([]);
    expect(s.keys()).toEqual(['sendMachine.settledBlocked', 'sendMachine.settledBlocked']);
  });

  it.each(['notSent', 'failed', 'pipelineFailed'] as const)('edits a %s table and sends it (again) under its id', async (status) => {
    const s = onTable(status);
    expect(s.snapshot().hasTag('editable')).toBe(true);
    s.actor.send({ type: 'edit.change', change: { fields: { pipelineCapacityL: 130 } } });
    s.actor.send({ type: 'send.submit' });
    expect(s.post.inputs).toEqual([{ truckId: 8, draft: { tableId: 30, text: TEXT, fields: { ...FIELDS, pipelineCapacityL: 130 } } }]);
    s.post.resolve({ accepted: true, tableId: 30, sendId: 6, status: 'toBeSent' });
    await flush();
    expect(s.at()).toBe('pending.toBeSent');
    s.push(5, status);
    expect(s.at()).toBe('pending.toBeSent');
  });

  it.each(ALLOWED)('follows the server from %s to %s', (from, to) => {
    const s = onTable(from);
    s.push(5, to);
    expect(s.at()).toBe(PLACE[to]);
    expect(s.snapshot().context.record).toEqual({ sendId: 5, status: to });
    expect(s.snapshot().hasTag('pending')).toBe(PENDING.has(to));
    expect(s.snapshot().hasTag('editable')).toBe(OPEN.has(to));
  });

  it.each(REFUSED)('stays at %s when the same send is pushed as %s (late, repeated, or undoing a final status)', (from, to) => {
    const s = onTable(from);
    s.push(5, to);
    expect(s.at()).toBe(PLACE[from]);
    expect(s.snapshot().context.record).toEqual({ sendId: 5, status: from });
  });

  it('walks the whole list: to be sent, sending, synchronizing, complete, in use, then history when replaced', () => {
    const s = onTable('notSent');
    const seen: string[] = [];
    for (const status of ['toBeSent', 'sending', 'synchronizing', 'complete', 'inUse', 'history'] as const) {
      s.push(5, status);
      seen.push(s.at());
    }
    expect(seen).toEqual(['pending.toBeSent', 'pending.sending', 'pending.synchronizing', 'settled.complete', 'settled.inUse', 'settled.history']);
  });

  it('follows pushes out of order: complete before synchronizing, then the late steps change nothing', () => {
    const s = onTable('toBeSent');
    s.push(5, 'complete');
    s.push(5, 'synchronizing');
    s.push(5, 'sending');
    expect(s.at()).toBe('settled.complete');
    s.push(5, 'inUse');
    s.push(5, 'complete');
    expect(s.at()).toBe('settled.inUse');
  });

  it('ignores a push of an earlier send and follows a later send from another console', () => {
    const s = onTable('failed', 5);
    s.push(4, 'sending');
    expect(s.at()).toBe('sendable.failed');
    s.push(6, 'synchronizing');
    expect(s.at()).toBe('pending.synchronizing');
  });
});
