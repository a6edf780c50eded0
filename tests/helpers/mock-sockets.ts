// mock-socket endpoints for the live sockets: who connected, what each connection sent, and the link's socket factory.
import { Server, WebSocket as MockWebSocket, type Client } from 'mock-socket';
import { SOCKET_PATHS, type SocketName } from '../../domain/wire/sockets';
import { browserSocketFactory } from '../../workers/socket-factory';

export const mockSocketFactory = browserSocketFactory(MockWebSocket);

interface MockConnection {
  readonly client: Client;
  /** Text messages this connection sent, in order. */
  readonly received: string[];
  /** Open messages (non-empty texts) parsed as JSON. */
  opens(): unknown[];
  send(value: unknown): void;
  close(code: number, reason?: string): void;
}

export interface MockEndpoint {
  readonly url: string;
  readonly connections: MockConnection[];
  latest(): MockConnection;
  stop(): void;
}

let serial = 0;

/** A fresh host per call, so tests never share mock-socket's global registry of servers. */
export function mockHost(): string {
  serial += 1;
  return `ws://fleet-${serial}.test`;
}

export function mockEndpoint(base: string, name: SocketName): MockEndpoint {
  const url = `${base}${SOCKET_PATHS[name]}`;
  const server = new Server(url);
  const connections: MockConnection[] = [];
  server.on('connection', (client) => {
    const received: string[] = [];
    client.on('message', (data) => received.push(String(data)));
    connections.push({
      client,
      received,
      opens: () => received.filter((text) => text !== '').map((text): unknown => JSON.parse(text)),
      send: (value) => client.send(typeof value === 'string' ? value : JSON.stringify(value)),
      close: (code, reason = '') => client.close({ code, reason, wasClean: true }),
    });
  });
  return {
    url,
    connections,
    latest() {
      const last = connections.at(-1);
      if (!last) throw new Error(`nobody connected to ${url}`);
      return last;
    },
    stop: () => server.stop(),
  };
}
