// The import gate on its own: one lease per user, a few running over the server and the rest waiting in turn, and a
// lease that ends with its work or with its request, never under work still running.
import { describe, expect, it } from 'vitest';
import { ImportGate, type ImportLease } from '../../../server/entities/entity-import-gate';

/** Whether the lease's turn has come, without waiting for it. */
async function started(lease: ImportLease): Promise<boolean | 'waiting'> {
  return Promise.race([lease.turn(), new Promise<'waiting'>((resolve) => setImmediate(() => resolve('waiting')))]);
}

/** The user's lease, which the test expects the gate to give. */
function enter(gate: ImportGate, user: number): ImportLease {
  const lease = gate.enter(user);
  if (!lease) throw new Error(`no lease for user ${user}`);
  return lease;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('import gate', () => {
  it('gives a user one lease at a time, and another once it ends', async () => {
    const gate = new ImportGate(2);
    const lease = gate.enter(1);
    expect(lease).toBeDefined();
    expect(gate.enter(1)).toBeUndefined();
    expect(gate.enter(2)).toBeDefined();
    await lease?.run(async () => 'done');
    expect(gate.enter(1)).toBeDefined();
  });

  it('runs two at once; the third waits its turn, which comes when one ends', async () => {
    const gate = new ImportGate(2);
    const [a, b, c, d] = [enter(gate, 1), enter(gate, 2), enter(gate, 3), enter(gate, 4)];
    expect([await started(a), await started(b), await started(c), await started(d)]).toEqual([true, true, 'waiting', 'waiting']);
    a.closed();
    expect([await started(c), await started(d)]).toEqual([true, 'waiting']);
    expect(await b.run(async () => 'b')).toBe('b');
    expect(await started(d)).toBe(true);
  });

  it('frees a waiting place when its request closes, and answers its turn as gone', async () => {
    const gate = new ImportGate(1);
    const running = enter(gate, 1);
    const waiting = enter(gate, 2);
    const turn = waiting.turn();
    waiting.closed();
    expect(await turn).toBe(false);
    expect(await waiting.run(async () => 'never')).toBeUndefined();
    expect(gate.enter(2)).toBeDefined();
    running.closed();
  });

  it('keeps the lease while its work runs, even when the request closes meanwhile', async () => {
    const gate = new ImportGate(1);
    const lease = enter(gate, 1);
    const work = deferred();
    const running = lease.run(() => work.promise);
    lease.closed();
    expect(gate.enter(1)).toBeUndefined();
    const next = enter(gate, 2);
    expect(await started(next)).toBe('waiting');
    work.resolve();
    await running;
    expect(await started(next)).toBe(true);
    expect(gate.enter(1)).toBeDefined();
  });

  it('ends a lease once however often its request and its work report', async () => {
    const gate = new ImportGate(1);
    const lease = enter(gate, 1);
    await lease.run(async () => undefined);
    lease.closed();
    lease.closed();
    const [a, b] = [enter(gate, 1), enter(gate, 2)];
    expect([await started(a), await started(b)]).toEqual([true, 'waiting']);
  });
});
