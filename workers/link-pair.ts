// The two socket links of one session: their actors, the frames they pass on, and their status for diagnostics.
import { createActor } from 'xstate';
import { linkState, socketLink, type SocketFactory } from '../machines/socket-link.machine';
import { isFinalClose, type SocketName } from '../domain/wire/sockets';
import type { InboundFrame } from '../streams/frames';
import type { LinkStatus, LinkStatuses } from './live-api';
import type { LiveClock } from './live-clock';
import { socketUrl } from './socket-factory';

const IDLE_LINK: LinkStatus = {
  state: 'idle', opens: 0, closes: 0, heartbeats: 0, frames: 0, lastCloseCode: undefined, lastFrameAt: undefined,
};
export const IDLE_LINKS: LinkStatuses = { truck: IDLE_LINK, alarm: IDLE_LINK };

interface LinkPairOptions {
  /** ws(s)://host of the sockets. */
  readonly base: string;
  readonly socketFactory: SocketFactory;
  readonly clock: LiveClock;
  readonly random?: () => number;
  /** Built at every open. */
  readonly openMessage: (socket: SocketName) => string;
  readonly onFrame: (frame: InboundFrame) => void;
  readonly onStatus: (links: LinkStatuses) => void;
  /** A close that ends the link for good (4401 session expired, 4403 origin refused). */
  readonly onFinalClose: (socket: SocketName, code: number) => void;
  /** Any other close, after which the link reconnects by itself. */
  readonly onClose?: (socket: SocketName, code: number) => void;
  /** The link is open again after a close (not its first open). */
  readonly onReopen?: (socket: SocketName) => void;
}

export interface LinkPair {
  statuses(): LinkStatuses;
  /** False once either link stopped for good (a final close or stop): a new connect must start a new pair. */
  alive(): boolean;
  /** Sends the open message again on an open socket (the alarm filter changed). */
  resend(socket: SocketName): void;
  /** Logout or session end: both links close and never reconnect. */
  stop(): void;
}

function startLink(name: SocketName, options: LinkPairOptions, report: () => void) {
  const machine = socketLink({ socketFactory: options.socketFactory, ...(options.random ? { random: options.random } : {}) });
  const actor = createActor(machine, {
    input: { url: socketUrl(options.base, name), openMessage: () => options.openMessage(name) },
    clock: options.clock,
  });
  let frames = 0;
  let lastFrameAt: number | undefined;
  const status = (): LinkStatus => {
    const snapshot = actor.getSnapshot();
    const { opens, closes, heartbeats, lastCloseCode } = snapshot.context;
    return { state: linkState(snapshot), opens, closes, heartbeats, frames, lastCloseCode, lastFrameAt };
  };
  actor.on('link.frame', (event) => {
    frames += 1;
    lastFrameAt = options.clock.now();
    // Only the status socket's first frame after an open is a full snapshot.
    options.onFrame({ socket: name, t: lastFrameAt, text: event.text, snapshot: name === 'truck' && event.first });
  });
  actor.on('link.closed', (event) => {
    if (isFinalClose(event.code)) options.onFinalClose(name, event.code);
    else options.onClose?.(name, event.code);
  });
  let previous = '';
  let reopened = 1;
  actor.subscribe(() => {
    const next = status();
    const key = `${next.state}:${next.opens}:${next.closes}:${next.heartbeats}`;
    if (key === previous) return;
    previous = key;
    report();
    if (next.state === 'open' && next.opens > reopened) {
      reopened = next.opens;
      options.onReopen?.(name);
    }
  });
  actor.start();
  return { actor, status };
}

/** Starts both links; their states are reported together whenever either changes (frames alone do not count). */
export function startLinkPair(options: LinkPairOptions): LinkPair {
  // Reports wait until both links exist, so the first one is not reported alongside an idle twin.
  let started = false;
  const links = new Map<SocketName, ReturnType<typeof startLink>>();
  const statuses = (): LinkStatuses => ({
    truck: links.get('truck')?.status() ?? IDLE_LINK,
    alarm: links.get('alarm')?.status() ?? IDLE_LINK,
  });
  const report = () => {
    if (started) options.onStatus(statuses());
  };
  for (const name of ['truck', 'alarm'] as const) links.set(name, startLink(name, options, report));
  started = true;
  report();
  return {
    statuses,
    alive: () => [...links.values()].every((link) => link.actor.getSnapshot().status === 'active'),
    resend: (socket) => links.get(socket)?.actor.send({ type: 'link.resend' }),
    stop() {
      for (const link of links.values()) {
        if (link.actor.getSnapshot().status === 'active') link.actor.send({ type: 'link.stop' });
      }
    },
  };
}
