// The export queue's bounds as behaviour: at most so many exports at once overall and per user, the others in the order
// they came (a user at its own bound lets later users pass), a waiting export whose client left is gone from the queue,
// and a full queue refuses at once. Each export is a slot taken and released by the test: no timings.
import { describe, expect, it } from 'vitest';
import { ExportQueue, ExportQueueFull, type ExportSlot } from '../../../server/exports/export-queue';

/** An export entering the queue: its slot once granted, and the order grants came in. */
function entrant(queue: ExportQueue, user: number, log: string[], name: string, ticket?: string) {
  const leave = new AbortController();
  let slot: ExportSlot | undefined;
  const granted = queue.enter(user, leave.signal, ticket).then((given) => {
    slot = given;
    log.push(name);
    return given;
  });
  return {
    granted,
    leave: (reason: unknown = new Error('client gone')) => leave.abort(reason),
    release: () => {
      if (!slot) throw new Error(`${name} holds no slot`);
      slot.release();
    },
  };
}

/** Lets granted promises settle (their callbacks run as microtasks). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the export queue', () => {
  it('runs at most so many at once overall, the rest in the order they came', async () => {
    const queue = new ExportQueue({ atOnce: 2, perUser: 5, waiting: 10, waitingPerUser: 10 });
    const log: string[] = [];
    const [a, b, c, d] = [1, 2, 3, 4].map((user) => entrant(queue, user, log, `u${user}`));
    await settle();
    expect(log).toEqual(['u1', 'u2']);
    expect(queue.counts()).toEqual({ running: 2, waiting: 2 });
    b?.release();
    await settle();
    expect(log).toEqual(['u1', 'u2', 'u3']);
    a?.release();
    await settle();
    expect(log).toEqual(['u1', 'u2', 'u3', 'u4']);
    c?.release();
    d?.release();
    expect(queue.counts()).toEqual({ running: 0, waiting: 0 });
  });

  it("holds a user's second export while another user's later one passes", async () => {
    const queue = new ExportQueue({ atOnce: 2, perUser: 1, waiting: 10, waitingPerUser: 10 });
    const log: string[] = [];
    const first = entrant(queue, 7, log, 'u7 first');
    const second = entrant(queue, 7, log, 'u7 second');
    const other = entrant(queue, 8, log, 'u8');
    await settle();
    expect(log).toEqual(['u7 first', 'u8']);
    expect(queue.counts()).toEqual({ running: 2, waiting: 1 });
    other.release();
    await settle();
    // The place freed is not the user's to take while its first export runs.
    expect(log).toEqual(['u7 first', 'u8']);
    first.release();
    await settle();
    expect(log).toEqual(['u7 first', 'u8', 'u7 second']);
    second.release();
  });

  it('tells a ticket where it waits, how many are ahead, then that it runs; not to another user', async () => {
    const queue = new ExportQueue({ atOnce: 1, perUser: 1, waiting: 10, waitingPerUser: 10 });
    const log: string[] = [];
    const running = entrant(queue, 1, log, 'a', 'ticket-a-0000000000');
    const waiting = [2, 3].map((user) => entrant(queue, user, log, `w${user}`, `ticket-${user}-000000000000`));
    await settle();
    expect(queue.stateOf(1, 'ticket-a-0000000000')).toEqual({ state: 'running' });
    expect(queue.stateOf(2, 'ticket-2-000000000000')).toEqual({ state: 'queued', ahead: 0 });
    expect(queue.stateOf(3, 'ticket-3-000000000000')).toEqual({ state: 'queued', ahead: 1 });
    expect(queue.stateOf(9, 'ticket-3-000000000000')).toEqual({ state: 'none' });
    running.release();
    await settle();
    expect(queue.stateOf(1, 'ticket-a-0000000000')).toEqual({ state: 'none' });
    expect(queue.stateOf(2, 'ticket-2-000000000000')).toEqual({ state: 'running' });
    expect(queue.stateOf(3, 'ticket-3-000000000000')).toEqual({ state: 'queued', ahead: 0 });
    waiting[0]?.release();
    await settle();
    waiting[1]?.release();
  });

  it('drops a waiting export whose client left, and those behind it move up', async () => {
    const queue = new ExportQueue({ atOnce: 1, perUser: 1, waiting: 10, waitingPerUser: 10 });
    const log: string[] = [];
    const running = entrant(queue, 1, log, 'a');
    const gone = entrant(queue, 2, log, 'gone', 'ticket-gone-00000000');
    const next = entrant(queue, 3, log, 'next', 'ticket-next-00000000');
    await settle();
    expect(queue.stateOf(3, 'ticket-next-00000000')).toEqual({ state: 'queued', ahead: 1 });
    const reason = new Error('closed');
    gone.leave(reason);
    await expect(gone.granted).rejects.toBe(reason);
    expect(queue.counts()).toEqual({ running: 1, waiting: 1 });
    expect(queue.stateOf(2, 'ticket-gone-00000000')).toEqual({ state: 'none' });
    expect(queue.stateOf(3, 'ticket-next-00000000')).toEqual({ state: 'queued', ahead: 0 });
    running.release();
    await settle();
    expect(log).toEqual(['a', 'next']);
    next.release();
  });

  it('refuses a new export while the queue holds its most, and takes one again once one leaves', async () => {
    const queue = new ExportQueue({ atOnce: 1, perUser: 1, waiting: 2, waitingPerUser: 10 });
    const log: string[] = [];
    const running = entrant(queue, 1, log, 'a');
    const waiting = [2, 3].map((user) => entrant(queue, user, log, `w${user}`));
    await expect(queue.enter(4, new AbortController().signal)).rejects.toMatchObject({ scope: 'all', bound: 2 });
    waiting[0]?.leave();
    await expect(waiting[0]?.granted).rejects.toThrow('client gone');
    const late = entrant(queue, 4, log, 'late');
    running.release();
    await settle();
    waiting[1]?.release();
    await settle();
    expect(log).toEqual(['a', 'w3', 'late']);
    late.release();
    expect(queue.counts()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a user's export beyond its own bound of waiting ones, while other users' exports still queue", async () => {
    const queue = new ExportQueue({ atOnce: 1, perUser: 1, waiting: 10, waitingPerUser: 2 });
    const log: string[] = [];
    const running = entrant(queue, 1, log, 'running');
    const mine = [entrant(queue, 1, log, 'mine 1'), entrant(queue, 1, log, 'mine 2')];
    const waitsOrFails = (user: number) => Promise.race([queue.enter(user, new AbortController().signal).catch((error: unknown) => error), settle().then(() => 'waits')]);
    const refused = await waitsOrFails(1);
    expect(refused).toBeInstanceOf(ExportQueueFull);
    expect(refused).toMatchObject({ scope: 'user', bound: 2 });
    const other = entrant(queue, 2, log, 'other');
    expect(queue.counts()).toEqual({ running: 1, waiting: 3 });
    running.release();
    await settle();
    // Once one of the user's waiting exports runs, the user may queue one more.
    expect(log).toEqual(['running', 'mine 1']);
    const again = entrant(queue, 1, log, 'mine 3');
    expect(queue.counts()).toEqual({ running: 1, waiting: 3 });
    // The bound refuses; it does not reorder: those that wait are granted in the order they came.
    for (const next of [mine[0], mine[1], other, again]) {
      next?.release();
      await settle();
    }
    expect(log).toEqual(['running', 'mine 1', 'mine 2', 'other', 'mine 3']);
    expect(queue.counts()).toEqual({ running: 0, waiting: 0 });
  });

  it('releases a slot once, however often release is called', async () => {
    const queue = new ExportQueue({ atOnce: 1, perUser: 1, waiting: 2, waitingPerUser: 10 });
    const log: string[] = [];
    const first = entrant(queue, 1, log, 'a');
    const second = entrant(queue, 1, log, 'b');
    const third = entrant(queue, 2, log, 'c');
    await settle();
    first.release();
    first.release();
    await settle();
    expect(log).toEqual(['a', 'b']);
    expect(queue.counts()).toEqual({ running: 1, waiting: 1 });
    second.release();
    await settle();
    third.release();
  });
});
