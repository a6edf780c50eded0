// The server's settings, read once from the environment (README lists them).
import path from 'node:path';
import type { TrustProxy } from './app';
import { CONTRACTS, isContract, type Contract } from './contract/contract';
import { databaseTargetOf, type DatabaseTarget } from './db/target';

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** DATABASE_URL (PostgreSQL) when set, else the SQLite file at DB_PATH. */
  readonly database: DatabaseTarget;
  /** The built console; served at `/` when present. */
  readonly staticDir: string;
  readonly sessionIdleMs: number;
  readonly sessionMaxMs: number;
  /** Extra origins allowed to open the sockets (comma list), besides the server's own host. */
  readonly allowedOrigins: readonly string[];
  /** Whose X-Forwarded-For names the caller (TRUST_PROXY): nobody's by default. */
  readonly trustProxy: TrustProxy;
  /** COOKIE_SECURE=1: the session cookie is sent over HTTPS only (deployments behind TLS). */
  readonly cookieSecure: boolean;
  /** CONTRACT: ours (default), or legacy for exactly the spec's calls and shapes, none of our extensions. */
  readonly contract: Contract;
  /** REDIS_URL: the live bus between server instances; unset keeps the in-process hub (one instance). */
  readonly redisUrl: string | undefined;
  /** INSTANCE_ID: this instance's name in diagnostics and logs; host and process when unset. */
  readonly instanceId: string | undefined;
  readonly sim: {
    readonly enabled: boolean;
    readonly trucks: number;
    readonly seed: number;
    readonly alarmRate: number;
    /** Days of event history filled on the first start; 0 starts with none. */
    readonly backfillDays: number;
    /** Of those, the last days that also keep GPS fixes and heartbeats (3 unless set; the reports benchmark takes 30). */
    readonly trackDays?: number;
  };
}

/** GPS fixes and heartbeats of a new database's history: playback's three days (params spec §9). */
export const DEFAULT_TRACK_DAYS = 3;

function number(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`${name} must be a number from ${min} to ${max}, got "${value}"`);
  return n;
}

/** TRUST_PROXY: off (unset, 0), a number of proxy hops (1 for one nginx in front), or proxy addresses and CIDR ranges. */
function trustProxyOf(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || /^(false|off|no)$/i.test(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  // Fastify's proxy-addr checks each entry when the app starts and refuses an address it cannot read.
  return text.split(',').map((entry) => entry.trim()).filter(Boolean);
}

function contractOf(value: string | undefined): Contract {
  const text = (value ?? '').trim();
  if (text === '') return 'ours';
  if (!isContract(text)) throw new Error(`CONTRACT must be one of ${CONTRACTS.join(', ')}, got "${text}"`);
  return text;
}

function redisUrlOf(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  if (!/^rediss?:\/\/./.test(text)) throw new Error('REDIS_URL must start with redis:// or rediss://');
  return text;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: number(env, 'PORT', 8080, 0, 65_535),
    database: databaseTargetOf(env, root),
    staticDir: path.resolve(root, env.STATIC_DIR || 'dist'),
    sessionIdleMs: number(env, 'SESSION_IDLE_MIN', 30, 1, 24 * 60) * 60_000,
    sessionMaxMs: number(env, 'SESSION_MAX_HOURS', 12, 1, 24 * 30) * 3_600_000,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    cookieSecure: env.COOKIE_SECURE === '1',
    contract: contractOf(env.CONTRACT),
    redisUrl: redisUrlOf(env.REDIS_URL),
    instanceId: env.INSTANCE_ID?.trim() || undefined,
    sim: {
      enabled: env.SIM !== '0',
      trucks: number(env, 'SIM_TRUCKS', 80, 1, 20_000),
      seed: number(env, 'SIM_SEED', 20261122, 0, 2 ** 32 - 1),
      alarmRate: number(env, 'SIM_ALARM_RATE', 1, 0, 1000),
      backfillDays: number(env, 'SIM_BACKFILL_DAYS', 30, 0, 365),
      trackDays: number(env, 'SIM_TRACK_DAYS', DEFAULT_TRACK_DAYS, 0, 365),
    },
  };
}
