// Which database the server uses: DATABASE_URL=postgres://… selects PostgreSQL, otherwise the SQLite file at DB_PATH.
import path from 'node:path';

export type DatabaseTarget =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string };

export type DbKind = DatabaseTarget['kind'];

const POSTGRES_SCHEMES = new Set(['postgres:', 'postgresql:']);

/** Reads DATABASE_URL and DB_PATH; a DATABASE_URL that is not a PostgreSQL URL is refused rather than ignored. */
export function databaseTargetOf(env: NodeJS.ProcessEnv, root: string): DatabaseTarget {
  const url = (env.DATABASE_URL ?? '').trim();
  if (url === '') return { kind: 'sqlite', path: path.resolve(root, env.DB_PATH || 'data/fleet.db') };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('DATABASE_URL must be a URL such as postgres://user:password@host:5432/fleet');
  }
  if (!POSTGRES_SCHEMES.has(parsed.protocol)) {
    throw new Error(`DATABASE_URL must start with postgres:// or postgresql://, got "${parsed.protocol}//…"`);
  }
  return { kind: 'postgres', url };
}

/** Where the data lives, for logs and start-up lines: the file, or the server and database without the password. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return target.path;
  const url = new URL(target.url);
  return `PostgreSQL ${hostOf(target)}${url.pathname.length > 1 ? url.pathname : ''}`;
}

/** host:port of a PostgreSQL target (5432 when the URL names none). */
export function hostOf(target: Extract<DatabaseTarget, { kind: 'postgres' }>): string {
  const url = new URL(target.url);
  return `${url.hostname || 'localhost'}:${url.port || '5432'}`;
}
