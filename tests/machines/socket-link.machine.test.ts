// The socket link: open message, reconnect 5 s after a close with jitter, heartbeat on silence, pong, final closes, stop.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  RECONNECT_JITTER_MS,
  SILENT_LINK_CODE,
  linkState,
  reconnectDelay,
  socketLink,
  type SocketLinkEmitted,
} from '../../machines/socket-link.machine';
import { SOCKET_CLOSE } from '../../domain/wire/sockets';
import { mockEndpoint, mockHost, mockSocketFactory, type MockEndpoint } from '../helpers/mock-sockets';

const OPEN = { frequency: 30, msgType: 0, userPri: [] };
/** mock-socket delivers every event 4 ms later. */
const HOP = 10;

let endpoint: MockEndpoint;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  endpoint = mockEndpoint(mockHost(), 'truck');
});
afterEach(() => {
  endpoint.stop();
  vi.useRealTimers();
});

function startLink(options: { random?: number; openMessage?: () => string } = {}) {
  const machine = socketLink({ socketFactory: mockSocketFactory, random: () => options.random ?? 0 });
  const actor = createActor(machine, {
    input: { url: endpoint.url, openMessage: options.openMessage ?? (() => JSON.stringify(OPEN)) },
  });
  const emitted: SocketLinkEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, state: () => linkState(actor.getSnapshot()) };
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('socket link', () => {
  it('sends the open message once the socket opens', async () => {
    const link = startLink();
    expect(link.state()).toBe('connecting');
    await advance(HOP);
    expect(link.state()).toBe('open');
    expect(endpoint.latest().opens()).toEqual([OPEN]);
    link.actor.stop();
  });

  it('passes data frames on and marks the first one after each open', async () => {
    const link = startLink();
    await advance(HOP);
    endpoint.latest().send([{ a: 1 }]);
    endpoint.latest().send([{ a: 2 }]);
    await advance(HOP);
    expect(link.emitted).toEqual([
      { type: 'link.frame', text: '[{"a":1}]', first: true },
      { type: 'link.frame', text: '[{"a":2}]', first: false },
    ]);
    link.actor.stop();
  });

  it.each([
    [0, 5_000],
    [0.5, 6_250],
    [0.999_999, 5_000 + RECONNECT_JITTER_MS - 1],
  ])('reconnects (random %s) exactly %i ms after the close', async (random, delay) => {
    const link = startLink({ random });
    await advance(HOP);
    let closedAt = 0;
    let reconnectingAt = 0;
    link.actor.on('link.closed', () => (closedAt = Date.now()));
    link.actor.subscribe((snapshot) => {
      if (closedAt > 0 && reconnectingAt === 0 && linkState(snapshot) === 'connecting') reconnectingAt = Date.now();
    });
    endpoint.latest().close(SOCKET_CLOSE.maintenance);
    await advance(HOP);
    expect(link.state()).toBe('waiting');
    await advance(delay);
    expect(reconnectingAt - closedAt).toBe(delay);
    await advance(HOP);
    expect(endpoint.connections).toHaveLength(2);
    expect(link.state()).toBe('open');
    link.actor.stop();
  });

  it('keeps every reconnect delay within 5 s and 5 s plus the jitter', () => {
    const delays = Array.from({ length: 1_000 }, (_, i) => reconnectDelay(() => i / 1_000));
    expect(Math.min(...delays)).toBe(5_000);
    expect(Math.max(...delays)).toBeLessThan(5_000 + RECONNECT_JITTER_MS);
    expect(reconnectDelay(() => 1)).toBeLessThan(5_000 + RECONNECT_JITTER_MS);
    expect(reconnectDelay(() => -3)).toBe(5_000);
  });

  it('builds the open message again at every open', async () => {
    let lastSeq = 3;
    const link = startLink({ openMessage: () => JSON.stringify({ lastSeq }) });
    await advance(HOP);
    lastSeq = 9;
    endpoint.latest().close(SOCKET_CLOSE.maintenance);
    await advance(HOP + 5_000 + HOP);
    expect(endpoint.connections.map((c) => c.opens())).toEqual([[{ lastSeq: 3 }], [{ lastSeq: 9 }]]);
    link.actor.stop();
  });

  it('sends an empty heartbeat after 60 s without a frame, counted from the last frame', async () => {
    const link = startLink();
    await advance(HOP);
    const connection = endpoint.latest();
    await advance(30_000);
    connection.send([]);
    await advance(59_990);
    expect(connection.received).toHaveLength(1);
    await advance(HOP + 20);
    expect(connection.received).toEqual([JSON.stringify(OPEN), '']);
    link.actor.stop();
  });

  it('ignores pong: no frame goes on, and the link stays open', async () => {
    const link = startLink();
    await advance(HOP);
    await advance(60_000);
    endpoint.latest().send('pong');
    await advance(HOP);
    expect(link.emitted).toEqual([]);
    expect(link.state()).toBe('open');
    expect(endpoint.latest().received.filter((text) => text === '')).toHaveLength(1);
    await advance(60_000);
    expect(endpoint.connections).toHaveLength(1);
    link.actor.stop();
  });

  it('drops a socket that stays silent 60 s after its heartbeat, and reconnects', async () => {
    const link = startLink();
    await advance(HOP + 120_000);
    expect(link.emitted).toContainEqual(expect.objectContaining({ type: 'link.closed', code: SILENT_LINK_CODE }));
    expect(link.state()).toBe('waiting');
    await advance(5_000 + HOP);
    expect(endpoint.connections).toHaveLength(2);
    link.actor.stop();
  });

  it.each([SOCKET_CLOSE.sessionExpired, SOCKET_CLOSE.originRefused])('stops for good on close code %i', async (code) => {
    const link = startLink();
    await advance(HOP);
    endpoint.latest().close(code, 'no');
    await advance(HOP);
    expect(link.state()).toBe('rejected');
    expect(link.emitted).toEqual([{ type: 'link.closed', code, reason: 'no' }]);
    await advance(60_000);
    expect(endpoint.connections).toHaveLength(1);
  });

  it('stops for good on link.stop, closing its socket', async () => {
    const link = startLink();
    await advance(HOP);
    link.actor.send({ type: 'link.stop' });
    await advance(HOP);
    expect(link.state()).toBe('stopped');
    expect(endpoint.latest().client.readyState).toBe(3);
    await advance(60_000);
    expect(endpoint.connections).toHaveLength(1);
  });

  it('resends the open message on link.resend', async () => {
    const link = startLink();
    await advance(HOP);
    link.actor.send({ type: 'link.resend' });
    await advance(HOP);
    expect(endpoint.latest().opens()).toEqual([OPEN, OPEN]);
    link.actor.stop();
  });

  it('retries when the socket cannot be created', async () => {
    const machine = socketLink({ socketFactory: () => { throw new Error('blocked'); }, random: () => 0 });
    const actor = createActor(machine, { input: { url: 'ws://nowhere', openMessage: () => '{}' } }).start();
    await advance(HOP);
    expect(linkState(actor.getSnapshot())).toBe('waiting');
    expect(actor.getSnapshot().context.lastCloseCode).toBe(1006);
    actor.stop();
  });
});
