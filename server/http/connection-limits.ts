// Limits on connections themselves: how long a request's headers and body may take to arrive, how long an idle
// kept-alive connection stays, and how many connections one address may hold (docs/api.md, Slow and many connections).
import type { Server } from 'node:http';
import { BlockList, isIPv4, isIPv6, type Socket } from 'node:net';
import type { TrustProxy } from '../app';
import { addressKey, plainAddress } from './address-key';

export interface ConnectionLimits {
  /** From a connection's (or a kept-alive request's) first byte to the end of its headers. */
  readonly headersTimeoutMs: number;
  /** From the first byte to the end of the body: the largest upload on a slow link must fit. */
  readonly requestTimeoutMs: number;
  /** An idle kept-alive connection between two requests. */
  readonly keepAliveTimeoutMs: number;
  /** How often Node looks for requests past those timeouts: the slack on top of them. */
  readonly checkIntervalMs: number;
  /** Open connections one address may hold (an IPv6 /64 counts as one address); 0: no cap. */
  readonly maxPerAddress: number;
}

/**
 * A connection that trickles its headers is closed within headersTimeout + checkInterval (12 s). The whole request may
 * take 10 minutes: the largest body a route takes, an entity import of 5 MB (TRANSFER_LIMITS.importBytes), needs 7 at
 * 100 kbit/s, a slow mobile link. That long a deadline costs little: a connection that trickles a body has sent its
 * headers within 10 s and counts against its address's cap meanwhile. A browser holds at most 6 connections per host
 * plus the console's 2 sockets, so 128 admits 16 browsers behind one NAT address (MAX_CONNECTIONS_PER_ADDRESS raises
 * it, or a proxy in front takes over).
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 600_000,
  keepAliveTimeoutMs: 10_000,
  checkIntervalMs: 2_000,
  maxPerAddress: 128,
};

/** The named ranges Fastify's trust setting (proxy-addr) knows, as subnets. */
const NAMED_RANGES: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  loopback: [['127.0.0.0', 8], ['::1', 128]],
  linklocal: [['169.254.0.0', 16], ['fe80::', 10]],
  uniquelocal: [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['fc00::', 7]],
};

const family = (address: string) => (isIPv6(address) ? 'ipv6' : 'ipv4');

/** A dotted IPv4 netmask's prefix length (255.255.0.0 → 16). */
function maskLength(mask: string): number {
  return mask.split('.').reduce((bits, part) => bits + Number(part).toString(2).replace(/0/g, '').length, 0);
}

/**
 * Whether a connection's peer is a proxy TRUST_PROXY believes. With addresses or ranges, exactly those. With a hop
 * count any peer may be the proxy (Fastify trusts the nearest hops whoever they are), so every peer is one.
 */
export function trustedPeer(trust: TrustProxy): (address: string) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => true;
  const list = new BlockList();
  for (const entry of trust) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [net, prefix] of named) list.addSubnet(net, prefix, family(net));
      continue;
    }
    const [net = '', range] = entry.split('/');
    const address = plainAddress(net);
    if (!isIPv4(address) && !isIPv6(address)) continue; // Fastify refuses such an entry when it starts
    if (range === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, range.includes('.') ? maskLength(range) : Number(range), family(address));
  }
  return (address) => {
    const plain = plainAddress(address);
    return (isIPv4(plain) || isIPv6(plain)) && list.check(plain, family(plain));
  };
}

/**
 * Counts each address's open connections as they are accepted and destroys one over `max` at once, before it is
 * read. A trusted proxy's connections are not counted: they carry many clients, whom the proxy limits itself.
 */
export function capConnections(server: Server, max: number, trusted: (address: string) => boolean, warn: (message: string) => void): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  /** Addresses over the cap now, so the log says it once per episode rather than once per connection. */
  const overNow = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || trusted(address)) return;
    const key = addressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      if (!overNow.has(key)) {
        overNow.add(key);
        warn(`connections from ${key} refused: it holds ${count}, the cap (MAX_CONNECTIONS_PER_ADDRESS)`);
      }
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
      if (left < max) overNow.delete(key);
    });
  });
}
