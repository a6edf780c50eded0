// What the per-address limits count a caller by: the connection cap (connection-limits.ts), failed logins
// (auth/rate-limit.ts) and login challenge pictures (auth/login-challenge.ts) all key on the same value.
import { isIPv6 } from 'node:net';

/** An IPv4 address as IPv4 even when it arrives IPv4-mapped (`::ffff:127.0.0.1`), and without an IPv6 zone. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address.replace(/%.*$/, '');
}

/** The eight groups of an IPv6 address, `::` expanded. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
}

/**
 * An IPv4 address, or an IPv6 address's /64: one host's share of a network, within which it may take a new address
 * for every request, so counting full IPv6 addresses would let it escape every per-address limit.
 */
export function addressKey(address: string): string {
  const plain = plainAddress(address);
  if (!isIPv6(plain)) return plain;
  return `${ipv6Groups(plain.toLowerCase()).slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
