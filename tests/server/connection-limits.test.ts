// Slow and many connections on real loopback sockets: trickled headers and idle kept-alive connections are closed,
// while calls, slow uploads, long answers and live sockets go on; one address holds at most its cap of connections.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_TYPE_LIST } from '../../domain/alarm-types';
import { ENTITIES } from '../../domain/screens/entities/registry';
import { TRANSFER_LIMITS } from '../../domain/screens/entities/transfer';
import { photoUploadPath } from '../../domain/screens/entities/wire';
import { addressKey } from '../../server/http/address-key';
import { DEFAULT_CONNECTION_LIMITS, trustedPeer, type ConnectionLimits } from '../../server/http/connection-limits';
import { configFromEnv } from '../../server/config';
import { FAULT_PATH } from '../../server/test-faults';
import { API, login } from '../helpers/api';
import { connect } from '../helpers/live-client';
import { startServer, type RunningServer } from '../helpers/server';
import { png } from './entities/images';

/**
 * Short timeouts, so each close is seconds away rather than the defaults' (whose values are checked below). The request
 * timeout is long enough for the slow upload below (about 2 s) with room to spare, and short enough that the tests of
 * what outlasts it wait it out.
 */
const SHORT: Partial<ConnectionLimits> = { headersTimeoutMs: 1_000, requestTimeoutMs: 6_000, keepAliveTimeoutMs: 1_000, checkIntervalMs: 250 };
const OTHER_ADDRESS = '127.0.0.2';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RawConnection {
  readonly socket: net.Socket;
  /** Resolves with everything the server sent once the connection is closed. */
  readonly closed: Promise<string>;
  isClosed(): boolean;
}

/** A raw TCP connection to the server, from `localAddress` when given. */
async function rawConnection(url: string, localAddress?: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port), localAddress });
  let received = '';
  let done = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.once('close', () => {
    done = true;
    resolve(received);
  }));
  await new Promise<void>((resolve) => {
    socket.once('connect', () => resolve());
    socket.once('close', () => resolve());
  });
  return { socket, closed, isClosed: () => done };
}

/** Sends a request line and then one more header line every `everyMs`, never ending the headers, until closed. */
async function trickleHeaders(url: string, everyMs: number, localAddress?: string): Promise<RawConnection> {
  const connection = await rawConnection(url, localAddress);
  if (connection.isClosed()) return connection;
  connection.socket.write(`GET ${API}/getIp HTTP/1.1\r\nHost: ${new URL(url).host}\r\n`);
  let line = 0;
  const timer = setInterval(() => connection.socket.write(`X-Trickle-${(line += 1)}: ${'x'.repeat(20)}\r\n`), everyMs);
  void connection.closed.then(() => clearInterval(timer));
  return connection;
}

/** A GET over a fresh connection (no agent), from `localAddress` when given: the envelope, or the network error. */
function getFrom(url: string, path: string, localAddress?: string): Promise<{ resultCode: number } | { error: string }> {
  return new Promise((resolve) => {
    const request = http.get(`${url}${API}${path}`, { agent: false, localAddress }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve(JSON.parse(body) as { resultCode: number }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

/**
 * A request whose headers arrive at once and whose body stops half-way: only the request timeout ends it. Started after
 * something that must outlast that timeout, its close proves the timeout ran out meanwhile, without timing anything.
 */
async function stalledRequest(url: string): Promise<RawConnection> {
  const connection = await rawConnection(url);
  const body = 'username=nobody&password=';
  connection.socket.write(
    `POST ${API}/login HTTP/1.1\r\nHost: ${new URL(url).host}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
    `Content-Length: ${body.length * 2}\r\n\r\n${body}`,
  );
  return connection;
}

/** Waits until every connection is closed; a generous bound, so a busy machine only makes it slower. */
async function allClosed(connections: readonly RawConnection[], withinMs: number): Promise<number> {
  const deadline = Date.now() + withinMs;
  while (connections.some((c) => !c.isClosed()) && Date.now() < deadline) await wait(100);
  return connections.filter((c) => !c.isClosed()).length;
}

describe('the default connection limits', () => {
  it('close trickled headers within 15 s, give the largest upload (a 5 MB import) time at 100 kbit/s, and cap an address at 128 connections', () => {
    const d = DEFAULT_CONNECTION_LIMITS;
    expect(d.headersTimeoutMs + d.checkIntervalMs).toBeLessThanOrEqual(15_000);
    expect(d.keepAliveTimeoutMs + d.checkIntervalMs).toBeLessThanOrEqual(15_000);
    // The whole request, headers and body, must arrive within requestTimeout: the largest body a route takes, an entity
    // import, must fit on a slow mobile link; Node refuses headers a deadline longer than the whole request's.
    expect(d.requestTimeoutMs).toBeGreaterThanOrEqual((TRANSFER_LIMITS.importBytes * 8) / 100_000 * 1000);
    expect(d.headersTimeoutMs).toBeLessThanOrEqual(d.requestTimeoutMs);
    expect(d).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 600_000, keepAliveTimeoutMs: 10_000, checkIntervalMs: 2_000, maxPerAddress: 128 });
  });

  it('are what a server built without settings runs with', async () => {
    const server = await startServer();
    try {
      const node = server.app.server;
      expect([node.headersTimeout, node.requestTimeout, node.keepAliveTimeout, node.timeout]).toEqual([10_000, 600_000, 10_000, 0]);
    } finally {
      await server.close();
    }
  });

  it('take the cap from MAX_CONNECTIONS_PER_ADDRESS: 128 unless set, 0 for none, a whole number', () => {
    expect(configFromEnv({}).maxConnectionsPerAddress).toBe(128);
    expect(configFromEnv({ MAX_CONNECTIONS_PER_ADDRESS: '0' }).maxConnectionsPerAddress).toBe(0);
    expect(configFromEnv({ MAX_CONNECTIONS_PER_ADDRESS: '2000' }).maxConnectionsPerAddress).toBe(2000);
    expect(() => configFromEnv({ MAX_CONNECTIONS_PER_ADDRESS: '1.5' })).toThrow(/^MAX_CONNECTIONS_PER_ADDRESS must be a whole number, got "1.5"$/);
    expect(() => configFromEnv({ MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/^MAX_CONNECTIONS_PER_ADDRESS must be a number from 0 to 1000000/);
  });
});

describe('slow clients', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ connectionLimits: SHORT, faults: true });
  });
  afterAll(() => server.close());

  it('closes 300 connections that trickle a header line each half second, while calls from elsewhere keep answering', { timeout: 60_000 }, async () => {
    const slow = await Promise.all(Array.from({ length: 300 }, () => trickleHeaders(server.url, 500)));
    // Meanwhile another address calls as usual (this one is at its cap: the slow ones fill it).
    for (let i = 0; i < 3; i++) expect(await getFrom(server.url, '/getIp', OTHER_ADDRESS)).toMatchObject({ resultCode: 200 });
    expect(await allClosed(slow, 30_000)).toBe(0);
    // Those that got in past the cap were told why: 408, the request was not sent in time.
    const answered = await Promise.all(slow.map((c) => c.closed));
    expect(answered.filter((text) => text.includes('"resultCode":408')).length).toBe(DEFAULT_CONNECTION_LIMITS.maxPerAddress);
    expect(await getFrom(server.url, '/getIp')).toMatchObject({ resultCode: 200 });
  });

  it('closes a kept-alive connection left idle after its answer', async () => {
    const connection = await rawConnection(server.url);
    connection.socket.write(`GET ${API}/getIp HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n\r\n`);
    expect(await allClosed([connection], 15_000)).toBe(0);
    expect(await connection.closed).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*"resultCode":200/);
  });

  it('cuts a request whose body is not all there when the request timeout runs out, with 408', async () => {
    const stalled = await stalledRequest(server.url);
    expect(await allClosed([stalled], 30_000)).toBe(0);
    expect(await stalled.closed).toContain('"resultCode":408');
  });

  it('takes a 1 MB upload sent slowly over more than a header timeout, as it takes the same bytes sent at once', async () => {
    const { token } = await login(server.url, 'admin');
    const def = Object.values(ENTITIES).find((entity) => entity.fields.some((field) => field.type === 'photo'));
    const path = `${API}${photoUploadPath(def?.path ?? expect.unreachable('an entity with a photo field'))}`;
    const bytes = png(500, 500);
    expect(bytes.length).toBeGreaterThan(900_000);
    const upload = (chunks: number, everyMs: number) =>
      new Promise<string>((resolve, reject) => {
        const request = http.request(`${server.url}${path}`, {
          method: 'POST', agent: false,
          headers: { 'content-type': 'image/png', 'content-length': bytes.length, 'header-id': token },
        }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => resolve(body));
        });
        request.on('error', reject);
        const size = Math.ceil(bytes.length / chunks);
        let sent = 0;
        const next = () => {
          request.write(bytes.subarray(sent * size, (sent + 1) * size));
          sent += 1;
          if (sent < chunks) setTimeout(next, everyMs);
          else request.end();
        };
        next();
      });
    // About 2 s: twice the header timeout, a third of the request timeout.
    const slowly = JSON.parse(await upload(9, 250)) as { resultCode: number; data: unknown };
    expect(slowly.resultCode).toBe(200);
    expect(slowly).toEqual(JSON.parse(await upload(1, 0)));
  });

  it('answers a request whose answer takes longer than every timeout (an export waiting its turn)', async () => {
    await fetch(`${server.url}${FAULT_PATH}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: `${API}/getIp`, hold: true }),
    });
    const held = getFrom(server.url, '/getIp');
    // Held past the request timeout: a request started after it is cut meanwhile.
    const control = await stalledRequest(server.url);
    expect(await allClosed([control], 30_000)).toBe(0);
    const cleared = (await (await fetch(`${server.url}${FAULT_PATH}`, { method: 'DELETE' })).json()) as { released: number };
    expect(cleared.released).toBe(1);
    expect(await held).toMatchObject({ resultCode: 200 });
  });

  it('keeps a live socket open past every timeout', async () => {
    const { token } = await login(server.url, 'operator');
    const socket = await connect(server.url, 'alarm', { cookie: token });
    socket.send({ typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'operator' });
    // Quiet past the request timeout: a request started after it is cut meanwhile.
    const control = await stalledRequest(server.url);
    expect(await allClosed([control], 30_000)).toBe(0);
    socket.send('');
    expect(await socket.next()).toBe('pong');
    await socket.close();
  });
});

describe('connections per address', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Headers may take long here: the held connections must stay until the test lets them go.
    server = await startServer({ connectionLimits: { maxPerAddress: 5, headersTimeoutMs: 60_000 } });
  });
  afterAll(() => server.close());

  it('refuses a connection over the cap from one address while another address gets in, and counts a closed one out', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => rawConnection(server.url)));
    expect(held.every((c) => !c.isClosed())).toBe(true);
    const over = await rawConnection(server.url);
    expect(await over.closed).toBe('');
    expect(await getFrom(server.url, '/getIp')).toMatchObject({ error: expect.any(String) });
    expect(await getFrom(server.url, '/getIp', OTHER_ADDRESS)).toMatchObject({ resultCode: 200 });
    held[0]?.socket.destroy();
    await held[0]?.closed;
    // The server sees the close a moment after this side; calls once it has.
    await expect.poll(() => getFrom(server.url, '/getIp'), { timeout: 10_000 }).toMatchObject({ resultCode: 200 });
    for (const c of held) c.socket.destroy();
  });
});

describe('connections through a trusted proxy', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ trustProxy: ['127.0.0.1'], connectionLimits: { maxPerAddress: 2, headersTimeoutMs: 60_000 } });
  });
  afterAll(() => server.close());

  it('does not count the proxy\'s connections, which carry many clients, but caps any other address', async () => {
    const viaProxy = await Promise.all(Array.from({ length: 6 }, () => rawConnection(server.url)));
    expect(await getFrom(server.url, '/getIp')).toMatchObject({ resultCode: 200 });
    const direct = await Promise.all(Array.from({ length: 2 }, () => rawConnection(server.url, OTHER_ADDRESS)));
    expect(await getFrom(server.url, '/getIp', OTHER_ADDRESS)).toMatchObject({ error: expect.any(String) });
    expect(viaProxy.some((c) => c.isClosed())).toBe(false);
    for (const c of [...viaProxy, ...direct]) c.socket.destroy();
  });
});

describe('which peers count as one address, and which are trusted proxies', () => {
  it('counts IPv4 as is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('trusts the peers TRUST_PROXY names (addresses, ranges, named sets), every peer for a hop count, none when off', () => {
    const list = trustedPeer(['10.0.0.0/8', '192.0.2.7', 'loopback', '198.51.100.0/255.255.255.0']);
    expect(['10.1.2.3', '::ffff:10.1.2.3', '192.0.2.7', '127.0.0.1', '::1', '198.51.100.200'].map(list)).toEqual(Array(6).fill(true));
    expect(['11.0.0.1', '192.0.2.8', '2001:db8::1', '198.51.101.1'].map(list)).toEqual(Array(4).fill(false));
    expect(trustedPeer(1)('203.0.113.9')).toBe(true);
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
  });
});
