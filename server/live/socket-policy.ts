// The live sockets' limits, close codes and origin rule: what a socket may send and when the server hangs up.
import type { LocaleKey } from '../../domain/i18n';
import { SOCKET_CLOSE } from '../../domain/wire/sockets';

export { SOCKET_CLOSE };

type CloseReason = keyof typeof SOCKET_CLOSE;

/** The close reason's text, in the caller's language (a close reason holds at most 123 bytes). */
export const CLOSE_TEXT: Readonly<Record<Exclude<CloseReason, 'tooBig'>, LocaleKey>> = {
  sessionExpired: 'server.sessionExpired',
  originRefused: 'server.socketOriginRefused',
  openTimeout: 'server.socketOpenTimeout',
  overloaded: 'server.socketOverloaded',
  maintenance: 'server.socketMaintenance',
  accessChanged: 'server.socketAccessChanged',
};

export interface LiveLimits {
  /** A socket without a valid open message after this long is closed. */
  readonly openTimeoutMs: number;
  /** ws ping period; a socket that missed the previous ping is terminated. Proxies drop idle sockets at 60 s. */
  readonly pingIntervalMs: number;
  /** Open messages are small; a longer text frame is counted as malformed and ignored. */
  readonly maxMessageBytes: number;
  /** Frames above this are not even buffered: ws closes that one socket with 1009. */
  readonly maxPayloadBytes: number;
  /** Above this much unsent data the status socket holds its changes (latest wins) and the alarm socket closes. */
  readonly maxBufferedBytes: number;
  /** Status frequency bounds in seconds: a client cannot make the server spin. */
  readonly minFrequencyS: number;
  readonly maxFrequencyS: number;
  /** How far back a reconnecting alarm socket's lastSeq replay reaches. */
  readonly replayWindowMs: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  openTimeoutMs: 10_000,
  pingIntervalMs: 30_000,
  maxMessageBytes: 16 * 1024,
  maxPayloadBytes: 1024 * 1024,
  maxBufferedBytes: 8 * 1024 * 1024,
  minFrequencyS: 1,
  maxFrequencyS: 3_600,
  replayWindowMs: 24 * 3_600_000,
};

/** The status socket's send period for a requested frequency (seconds, per the spec's `frequency 30`). */
export function frequencyMs(frequency: number, limits: LiveLimits): number {
  return Math.min(limits.maxFrequencyS, Math.max(limits.minFrequencyS, frequency)) * 1000;
}

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/**
 * Cross-site socket hijacking guard: a browser always sends Origin, so a page of another site is refused unless
 * listed. No Origin means a non-browser client, which must still present a session like any other.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  const normalised = originOf(origin);
  if (normalised === undefined) return false;
  if (host !== undefined && new URL(normalised).host === host.toLowerCase()) return true;
  return allowed.some((entry) => originOf(entry) === normalised);
}
