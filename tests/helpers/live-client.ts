// A ws test client for the live sockets: queued text messages, awaited with timeouts, and the close code and reason.
import WebSocket from 'ws';
import { SOCKET_PATHS, type SocketName } from '../../domain/wire/sockets';

interface Closed {
  readonly code: number;
  readonly reason: string;
}

export interface ClientOptions {
  /** sid cookie of the upgrade request. */
  readonly cookie?: string;
  /** language cookie (zh when absent), for the close reason's text. */
  readonly language?: 'zh' | 'en';
  readonly origin?: string;
  /** false: the client ignores the server's pings (a dead peer). */
  readonly autoPong?: boolean;
}

export interface LiveClient {
  readonly ws: WebSocket;
  /** Every text message so far, in order. */
  readonly received: readonly string[];
  readonly closed: Promise<Closed>;
  send(value: unknown): void;
  /** The next message not yet taken by next()/nextJson(). */
  next(timeoutMs?: number): Promise<string>;
  nextJson<T>(timeoutMs?: number): Promise<T>;
  /** Resolves with what arrived during the window (for "nothing was sent" checks). */
  during(ms: number): Promise<string[]>;
  close(): Promise<Closed>;
}

function socketUrl(httpUrl: string, kind: SocketName): string {
  return `${httpUrl.replace(/^http/, 'ws')}${SOCKET_PATHS[kind]}`;
}

export async function connect(httpUrl: string, kind: SocketName, options: ClientOptions = {}): Promise<LiveClient> {
  const cookies = [options.cookie ? `sid=${options.cookie}` : '', options.language ? `language=${options.language}` : ''];
  const headers: Record<string, string> = {};
  if (cookies.some(Boolean)) headers['cookie'] = cookies.filter(Boolean).join('; ');
  const ws = new WebSocket(socketUrl(httpUrl, kind), {
    headers,
    ...(options.origin ? { origin: options.origin } : {}),
    autoPong: options.autoPong ?? true,
  });
  const received: string[] = [];
  let taken = 0;
  let wake: (() => void) | undefined;
  ws.on('message', (data, isBinary) => {
    received.push(isBinary ? '<binary>' : String(data));
    wake?.();
  });
  const closed = new Promise<Closed>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString('utf8') });
      wake?.();
    });
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });

  async function next(timeoutMs = 5_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (taken >= received.length) {
      const left = deadline - Date.now();
      if (left <= 0 || ws.readyState === WebSocket.CLOSED) {
        throw new Error(`no ${kind} message within ${timeoutMs} ms (received ${received.length})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
    const message = received[taken] ?? '';
    taken += 1;
    return message;
  }

  return {
    ws,
    received,
    closed,
    send: (value) => ws.send(typeof value === 'string' ? value : JSON.stringify(value)),
    next,
    nextJson: async <T>(timeoutMs?: number) => JSON.parse(await next(timeoutMs)) as T,
    async during(ms) {
      const from = received.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      taken = received.length;
      return received.slice(from);
    },
    close() {
      if (ws.readyState !== WebSocket.CLOSED) ws.close();
      return closed;
    },
  };
}

/** The seqs of the alarms an alarm socket received so far, in arrival order (JSON messages without a seq skipped). */
export function alarmSeqsOf(client: LiveClient): number[] {
  return client.received.map((text) => JSON.parse(text) as { seq?: number }).flatMap((a) => (a.seq === undefined ? [] : [a.seq]));
}
