// The server's settings, read once from the environment (README lists them).
import path from 'node:path';

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  readonly dbPath: string;
  /** The built console; served at `/` when present. */
  readonly staticDir: string;
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new Error(`PORT must be an integer 0-65535, got "${value}"`);
  return n;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: port(env.PORT, 8080),
    dbPath: path.resolve(root, env.DB_PATH || 'data/fleet.db'),
    staticDir: path.resolve(root, env.STATIC_DIR || 'dist'),
  };
}
