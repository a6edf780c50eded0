// One live socket's lifecycle: connect, send the open message, heartbeat after silence, reconnect with jitter, stop for good.
import { assign, emit, fromCallback, sendTo, setup, type SnapshotFrom } from 'xstate';
import {
  HEARTBEAT_MESSAGE,
  HEARTBEAT_SILENCE_MS,
  SOCKET_RECONNECT_MS,
  isFinalClose,
  isPong,
} from '../domain/wire/sockets';

/**
 * The reconnect delay is the spec's 5 s plus up to this much: after a server restart a control room's consoles
 * then come back spread over 2.5 s instead of all in the same instant.
 */
export const RECONNECT_JITTER_MS = 2_500;
/** The code a link reports when it gives up on a socket that stayed silent after a heartbeat (a half-open TCP link). */
export const SILENT_LINK_CODE = 4000;
/** What a socket that could not even be created reports (the browser's abnormal-closure code). */
const ABNORMAL_CLOSE_CODE = 1006;

/** 5 s plus a jitter in [0, RECONNECT_JITTER_MS); `random` answers in [0, 1) like Math.random. */
export function reconnectDelay(random: () => number): number {
  const r = Math.min(Math.max(random(), 0), 0.999_999);
  return SOCKET_RECONNECT_MS + Math.floor(r * RECONNECT_JITTER_MS);
}

/** What a socket tells its link. */
export interface SocketHandlers {
  opened(): void;
  message(text: string): void;
  closed(code: number, reason: string): void;
}

export interface SocketHandle {
  send(text: string): void;
  close(): void;
}

/** Opens a socket and reports its events; the browser's WebSocket, mock-socket and ws each get a small adapter. */
export type SocketFactory = (url: string, handlers: SocketHandlers) => SocketHandle;

interface SocketLinkInput {
  readonly url: string;
  /** Built at every open: the alarm socket's lastSeq changes between connections. */
  readonly openMessage: () => string;
}

interface SocketLinkContext extends SocketLinkInput {
  readonly opens: number;
  readonly closes: number;
  readonly heartbeats: number;
  readonly framesSinceOpen: number;
  readonly lastCloseCode: number | undefined;
}

type SocketEvent =
  | { readonly type: 'socket.opened' }
  | { readonly type: 'socket.message'; readonly text: string }
  | { readonly type: 'socket.closed'; readonly code: number; readonly reason: string };

type SocketLinkEvent =
  | SocketEvent
  /** Logout: close and never reconnect. */
  | { readonly type: 'link.stop' }
  /** Send the open message again on the open socket (the server then applies its new filter). */
  | { readonly type: 'link.resend' };

export type SocketLinkEmitted =
  /** `first`: the first data frame since this socket opened (the status socket's full snapshot). */
  | { readonly type: 'link.frame'; readonly text: string; readonly first: boolean }
  | { readonly type: 'link.closed'; readonly code: number; readonly reason: string };

interface SocketCommand {
  readonly type: 'socket.send';
  readonly text: string;
}

/** The socket actor: owns one socket from creation to cleanup; events after cleanup are dropped. */
function socketActor(factory: SocketFactory) {
  return fromCallback<SocketCommand, { url: string }>(({ input, sendBack, receive }) => {
    let live = true;
    let handle: SocketHandle | undefined;
    const report = (event: SocketEvent) => {
      if (live) sendBack(event);
    };
    try {
      handle = factory(input.url, {
        opened: () => report({ type: 'socket.opened' }),
        message: (text) => report({ type: 'socket.message', text }),
        closed: (code, reason) => report({ type: 'socket.closed', code, reason }),
      });
    } catch (error) {
      report({ type: 'socket.closed', code: ABNORMAL_CLOSE_CODE, reason: String(error) });
    }
    receive((command) => handle?.send(command.text));
    return () => {
      live = false;
      handle?.close();
    };
  });
}

const noSocket: SocketFactory = () => {
  throw new Error('no socket factory was provided');
};

const socketLinkMachine = setup({
  types: {
    context: {} as SocketLinkContext,
    input: {} as SocketLinkInput,
    events: {} as SocketLinkEvent,
    emitted: {} as SocketLinkEmitted,
  },
  actors: { socket: socketActor(noSocket) },
  delays: {
    heartbeat: HEARTBEAT_SILENCE_MS,
    reconnect: () => reconnectDelay(Math.random),
  },
  guards: {
    isPong: ({ event }) => event.type === 'socket.message' && isPong(event.text),
    isFinalClose: ({ event }) => event.type === 'socket.closed' && isFinalClose(event.code),
  },
  actions: {
    sendOpenMessage: sendTo('socket', ({ context }) => ({ type: 'socket.send', text: context.openMessage() })),
    sendHeartbeat: sendTo('socket', { type: 'socket.send', text: HEARTBEAT_MESSAGE }),
    countOpen: assign({ opens: ({ context }) => context.opens + 1, framesSinceOpen: 0 }),
    countHeartbeat: assign({ heartbeats: ({ context }) => context.heartbeats + 1 }),
    emitFrame: emit(({ context, event }) => ({
      type: 'link.frame' as const,
      text: event.type === 'socket.message' ? event.text : '',
      first: context.framesSinceOpen === 0,
    })),
    countFrame: assign({ framesSinceOpen: ({ context }) => context.framesSinceOpen + 1 }),
    recordClose: assign({
      closes: ({ context }) => context.closes + 1,
      lastCloseCode: ({ event }) => (event.type === 'socket.closed' ? event.code : SILENT_LINK_CODE),
    }),
    emitClosed: emit(({ event }) => ({
      type: 'link.closed' as const,
      code: event.type === 'socket.closed' ? event.code : SILENT_LINK_CODE,
      reason: event.type === 'socket.closed' ? event.reason : 'no answer to the heartbeat',
    })),
  },
}).createMachine({
  id: 'socketLink',
  context: ({ input }) => ({
    ...input,
    opens: 0,
    closes: 0,
    heartbeats: 0,
    framesSinceOpen: 0,
    lastCloseCode: undefined,
  }),
  initial: 'connection',
  on: { 'link.stop': '.stopped' },
  states: {
    // One socket per visit of this state: leaving it (close, silence, stop) closes that socket.
    connection: {
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ url: context.url }) },
      initial: 'connecting',
      on: {
        'socket.closed': [
          { guard: 'isFinalClose', target: 'rejected', actions: ['recordClose', 'emitClosed'] },
          { target: 'waiting', actions: ['recordClose', 'emitClosed'] },
        ],
      },
      states: {
        connecting: {
          on: { 'socket.opened': { target: 'open', actions: ['countOpen', 'sendOpenMessage'] } },
        },
        open: {
          initial: 'live',
          on: {
            'link.resend': { actions: 'sendOpenMessage' },
            // Any frame, pong included, proves the link alive; only data frames go on to the pipeline.
            'socket.message': [
              { guard: 'isPong', target: '.live' },
              { target: '.live', actions: ['emitFrame', 'countFrame'] },
            ],
          },
          states: {
            live: { after: { heartbeat: 'probing' } },
            probing: {
              entry: ['sendHeartbeat', 'countHeartbeat'],
              after: { heartbeat: { target: '#socketLink.waiting', actions: ['recordClose', 'emitClosed'] } },
            },
          },
        },
      },
    },
    waiting: { after: { reconnect: 'connection' } },
    stopped: { type: 'final' },
    rejected: { type: 'final' },
  },
});

type SocketLinkSnapshot = SnapshotFrom<typeof socketLinkMachine>;
export type LinkState = 'connecting' | 'open' | 'waiting' | 'stopped' | 'rejected';

/** The link's state as diagnostics and the UI name it. */
export function linkState(snapshot: SocketLinkSnapshot): LinkState {
  if (snapshot.matches({ connection: 'open' })) return 'open';
  if (snapshot.matches('connection')) return 'connecting';
  if (snapshot.matches('waiting')) return 'waiting';
  return snapshot.matches('rejected') ? 'rejected' : 'stopped';
}

interface SocketLinkOptions {
  readonly socketFactory: SocketFactory;
  /** Jitter source; tests pass a fixed one. */
  readonly random?: () => number;
}

/** The machine with its side effects bound: the socket factory and the jitter's random source. */
export function socketLink(options: SocketLinkOptions) {
  const random = options.random ?? Math.random;
  return socketLinkMachine.provide({
    actors: { socket: socketActor(options.socketFactory) },
    delays: { reconnect: () => reconnectDelay(random) },
  });
}
