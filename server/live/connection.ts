// One live socket's framing: session check, heartbeat, malformed-frame counting, open timeout, account reloads, hand-over to its feed.
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { translate, type Lang } from '../../domain/i18n';
import { PONG, type SocketName } from '../../domain/wire/sockets';
import { loadAuthContext, type AuthContext } from '../auth/context';
import { authenticate } from '../auth/guard';
import type { Services } from '../services';
import { CLOSE_TEXT, SOCKET_CLOSE, type LiveLimits } from './socket-policy';

/** Both sockets' open messages may carry the session token (browsers cannot set headers on a socket). */
interface OpenMessage {
  readonly token?: string;
}

/** What a feed may do with its socket: send JSON, and see how much is still unsent. */
export interface FeedSender {
  json(value: unknown): void;
  /** Sends JSON text serialised once for many sockets. */
  text(json: string): void;
  backlog(): number;
  /** overloaded: the alarm socket's reader fell behind; accessChanged: the status socket lost companies. */
  close(reason: 'overloaded' | 'accessChanged'): void;
}

/** The part of a socket that knows its open message and what to send (status rows or alarms). */
export interface Feed<Open extends OpenMessage> {
  parse(value: unknown): Open | undefined;
  /** Applies an open message of an authenticated caller; a later one replaces the earlier one's filters. */
  open(message: Open, auth: AuthContext): Promise<void>;
  /** Applies the caller's changed account (companies, superMan) to the filters of the last open message. */
  refilter(auth: AuthContext): Promise<void>;
  dispose(): void;
}

export interface ConnectionSetup {
  readonly kind: SocketName;
  readonly socket: WebSocket;
  readonly services: Services;
  readonly limits: LiveLimits;
  readonly lang: Lang;
  /** The sid cookie of the upgrade request, if any. */
  readonly cookieToken: string | undefined;
  readonly log: FastifyBaseLogger;
  readonly onFrameSent: () => void;
  readonly onBadFrame: () => void;
  /** Called once, when the socket is gone or was closed by the server. */
  readonly onGone: (connection: LiveSocketHandle) => void;
}

/** The account a socket streams for, as its authentication or its last reload found it. */
export interface SocketSession {
  readonly tokenHash: string;
  readonly userId: number;
  readonly roleId: number;
  readonly superMan: boolean;
  /** Every company the user may see (before userPri narrows it). */
  readonly companyCodes: readonly string[];
}

const sessionOf = (auth: AuthContext): SocketSession => ({
  tokenHash: auth.tokenHash, userId: auth.user.id, roleId: auth.role.id, superMan: auth.superMan, companyCodes: auth.companyCodes,
});

/** A connection as the registry sees it, whatever its feed. */
export interface LiveSocketHandle {
  readonly kind: SocketName;
  readonly isAuthenticated: boolean;
  /** The session and account this socket streams for, once authenticated. */
  readonly session: SocketSession | undefined;
  /** Reloads the account (an announced change); resolves once applied, or at once when the socket is not streaming. */
  refresh(): Promise<void>;
  sendRaw(data: unknown): void;
  ping(): void;
  close(reason: keyof typeof CLOSE_TEXT): void;
  dispose(): void;
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** Cuts a close reason to the 123 bytes a close frame allows, on a character boundary. */
export function closeReason(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
}

export class LiveConnection<Open extends OpenMessage> implements LiveSocketHandle {
  readonly kind: SocketName;
  private readonly feed: Feed<Open>;
  private authenticated = false;
  session: SocketSession | undefined;
  private answeredPing = true;
  private gone = false;
  /**
   * Open messages and account reloads are applied one at a time, so a replay never runs with two filters; while one
   * is applied only the latest waiting message is kept (it replaces the others anyway), so a flood costs no memory.
   */
  private nextOpen: Open | undefined;
  /** Callers of refresh() waiting for the next reload, which serves them all. */
  private refreshWaiters: (() => void)[] = [];
  private applying = false;
  private readonly openTimer: NodeJS.Timeout;

  constructor(
    private readonly setup: ConnectionSetup,
    createFeed: (sender: FeedSender) => Feed<Open>,
  ) {
    this.kind = setup.kind;
    const { socket } = setup;
    this.feed = createFeed({
      json: (value) => this.sendText(JSON.stringify(value)),
      text: (json) => this.sendText(json),
      backlog: () => socket.bufferedAmount,
      close: (reason) => this.close(reason),
    });
    this.openTimer = setTimeout(() => {
      if (!this.authenticated) this.close('openTimeout');
    }, setup.limits.openTimeoutMs);
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('pong', () => {
      this.answeredPing = true;
    });
    socket.on('close', () => this.dispose());
  }

  get isAuthenticated(): boolean {
    return this.authenticated && !this.gone;
  }

  refresh(): Promise<void> {
    if (this.gone || !this.session) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.refreshWaiters.push(resolve));
    if (!this.applying) void this.applyWaiting();
    return done;
  }

  /** A recorded frame (replay mode) goes out as it was received, to authenticated sockets only. */
  sendRaw(data: unknown): void {
    if (this.isAuthenticated) this.sendText(JSON.stringify(data));
  }

  /** One ping round: a socket that did not answer the previous ping is dead (half-open TCP) and is dropped. */
  ping(): void {
    if (this.gone) return;
    if (!this.answeredPing) {
      this.setup.socket.terminate();
      this.dispose();
      return;
    }
    this.answeredPing = false;
    this.setup.socket.ping();
  }

  /** Closes with one of our codes and its text in the caller's language; the socket stops receiving at once. */
  close(reason: keyof typeof CLOSE_TEXT): void {
    if (this.gone) return;
    const { socket, lang } = this.setup;
    if (socket.readyState === socket.OPEN) socket.close(SOCKET_CLOSE[reason], closeReason(translate(lang, CLOSE_TEXT[reason])));
    this.dispose();
  }

  dispose(): void {
    if (this.gone) return;
    this.gone = true;
    clearTimeout(this.openTimer);
    this.feed.dispose();
    for (const resolve of this.refreshWaiters.splice(0)) resolve();
    this.setup.onGone(this);
  }

  private sendText(text: string): void {
    if (this.gone || this.setup.socket.readyState !== this.setup.socket.OPEN) return;
    this.setup.socket.send(text);
    if (text !== PONG) this.setup.onFrameSent();
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.gone) return;
    const bytes = toBuffer(data);
    if (isBinary || bytes.length > this.setup.limits.maxMessageBytes) return this.setup.onBadFrame();
    // The console's heartbeat is an empty text message; `pong` carries no data and is not counted as a frame.
    if (bytes.length === 0) return this.sendText(PONG);
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch {
      return this.setup.onBadFrame();
    }
    // The contract decides which fields of the open message exist (the spec's has no token or lastSeq).
    const open = this.feed.parse(this.setup.services.wire.socketOpen(value));
    if (!open) return this.setup.onBadFrame();
    this.nextOpen = open;
    if (!this.applying) void this.applyWaiting();
  }

  private async applyWaiting(): Promise<void> {
    this.applying = true;
    while (!this.gone) {
      const open = this.nextOpen;
      if (open !== undefined) {
        this.nextOpen = undefined;
        await this.failSafe(() => this.applyOpen(open));
        continue;
      }
      const waiters = this.refreshWaiters.splice(0);
      if (waiters.length === 0) break;
      await this.failSafe(() => this.applyRefresh());
      for (const resolve of waiters) resolve();
    }
    this.applying = false;
  }

  private async applyOpen(open: Open): Promise<void> {
    const auth = await this.authenticate(open.token);
    if (this.gone) return;
    if (!auth) return this.close('sessionExpired');
    this.authenticated = true;
    this.session = sessionOf(auth);
    clearTimeout(this.openTimer);
    await this.feed.open(open, auth);
  }

  /** The user or its role disabled (or the user gone) ends the socket for good; anything else re-filters it. */
  private async applyRefresh(): Promise<void> {
    const { session } = this;
    if (!session) return;
    const auth = await loadAuthContext(this.setup.services.db, session.tokenHash, session.userId);
    if (this.gone) return;
    if (!auth) return this.close('sessionExpired');
    this.session = sessionOf(auth);
    await this.feed.refilter(auth);
  }

  private async failSafe(step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (error) {
      // A database failure ends this socket only; the client reconnects (and replays what it missed).
      this.setup.log.error({ err: error }, `live ${this.kind} socket failed`);
      if (!this.gone) this.setup.socket.terminate();
      this.dispose();
    }
  }

  /** Either credential proves the session: the open message's token (header-id) first, then the sid cookie. */
  private async authenticate(token: string | undefined): Promise<AuthContext | undefined> {
    for (const candidate of new Set([token, this.setup.cookieToken])) {
      if (!candidate) continue;
      const auth = await authenticate(this.setup.services, candidate);
      if (auth) return auth;
    }
    return undefined;
  }
}
