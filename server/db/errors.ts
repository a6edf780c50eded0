// Database failures the server speaks about in plain words: one line at start, a clear 500 while running.

/** The database could not be opened at start; the message is one line naming where and why. */
export class DatabaseStartError extends Error {
  override readonly name = 'DatabaseStartError';
}

/** Socket-level codes of a server that is gone, unreachable or not answering. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * SQLSTATEs of a PostgreSQL that is shutting down, restarting, full, or cancelled a statement at statement_timeout;
 * class 08 (connection exceptions) is matched as a class.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** What node-postgres says, without a code, when a connection ends or a timeout fires. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /not queryable/,
];

function codeOf(error: object): string | undefined {
  return 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** True when an error means "the database is not there or not answering" rather than a fault in the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = codeOf(error);
  if (code !== undefined && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) return true;
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** The reason part of a start-up line: the driver's own words when they are clear, plainer ones for socket codes. */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = codeOf(error);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is PostgreSQL running and listening there?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `host unreachable (${code})`;
    default:
      break;
  }
  if (/^timeout exceeded when trying to connect|connection timeout/.test(error.message)) return 'no answer within 5 s';
  if (/client password must be a string/.test(error.message)) return 'the server asks for a password and DATABASE_URL has none';
  // AggregateError (every address of a host refused) carries the useful detail in its first error.
  if (error instanceof AggregateError && error.errors[0] instanceof Error) return reasonOf(error.errors[0]);
  return error.message.split('\n')[0] ?? error.message;
}
