// The server's settings, read once from the environment (README lists them).
import path from 'node:path';
import { DEFAULT_FLEET_ZONE, isTimeZone } from '../domain/format/zone';
import type { MapConfig, MapCoords } from '../domain/map/base-map';
import type { TrustProxy } from './app';
import { CONTRACTS, isContract, type Contract } from './contract/contract';
import { databaseTargetOf, type DatabaseTarget } from './db/target';
import { DEFAULT_CONNECTION_LIMITS } from './http/connection-limits';
import { tileOrigin } from './map/map-settings';

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
  /** MAX_CONNECTIONS_PER_ADDRESS: open connections one client address may hold (0: no cap; trusted proxies are exempt). */
  readonly maxConnectionsPerAddress: number;
  /**
   * FLEET_TIME_ZONE: the zone times are shown and exported in for a caller that names none (the console names the one it
   * shows); Asia/Shanghai by default. Report days and months stay China's.
   */
  readonly fleetTimeZone: string;
  /** COOKIE_SECURE=1: the session cookie is sent over HTTPS only (deployments behind TLS). */
  readonly cookieSecure: boolean;
  /** CONTRACT: ours (default), or legacy for exactly the spec's calls and shapes, none of our extensions. */
  readonly contract: Contract;
  /** REDIS_URL: the live bus between server instances; unset keeps the in-process hub (one instance). */
  readonly redisUrl: string | undefined;
  /** INSTANCE_ID: this instance's name in diagnostics and logs; host and process when unset. */
  readonly instanceId: string | undefined;
  /** MAP_*: the live map's base layer (docs/map.md); no tile server unless MAP_TILE_URL names one. */
  readonly map: MapConfig;
  /** MEDIA_DIR: camera snapshots and video segments rendered by ffmpeg. */
  readonly mediaDir: string;
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

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const n = number(env, name, fallback, min, max);
  if (!Number.isInteger(n)) throw new Error(`${name} must be a whole number, got "${env[name]}"`);
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

const MAP_COORDS: readonly MapCoords[] = ['wgs84', 'gcj02'];
/** What Leaflet fills in a tile template by itself: {s} a subdomain (a, b or c), {r} '@2x' on dense screens. */
const TILE_PLACEHOLDERS: ReadonlySet<string> = new Set(['{s}', '{z}', '{x}', '{y}', '{r}']);

/** MAP_TILE_URL: a Leaflet tile template on http(s) or this host's own path. The text is never echoed: it may hold a key. */
function tileUrlOf(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (!/^(https?:\/\/[^/]|\/[^/])/i.test(text)) throw new Error('MAP_TILE_URL must start with http://, https:// or / (a path on this server)');
  const missing = ['{z}', '{x}', '{y}'].filter((placeholder) => !text.includes(placeholder));
  if (missing.length > 0) throw new Error(`MAP_TILE_URL must hold {z}, {x} and {y}; it lacks ${missing.join(', ')}`);
  const unknown = (text.match(/\{[^}]*\}/g) ?? []).filter((placeholder) => !TILE_PLACEHOLDERS.has(placeholder));
  if (unknown.length > 0) throw new Error(`MAP_TILE_URL may hold only {s}, {z}, {x}, {y} and {r}; it has ${unknown.join(', ')}`);
  // Its host goes into the content policy (server/map/map-settings.ts): it must be a plain host a policy can name.
  if (/[\s;,'"]/.test(text)) throw new Error('MAP_TILE_URL may not hold spaces, quotes, commas or semicolons');
  const host = tileOrigin(text)?.host;
  if (host?.includes('@')) throw new Error('MAP_TILE_URL may not hold a user name or password before its host (put a key in its query)');
  if (host && host.replace(/^\{s\}\./, '').includes('{s}')) throw new Error('MAP_TILE_URL may hold {s} in its host only as the whole first label ({s}.tile.example.org)');
  return text;
}

function timeZoneOf(value: string | undefined): string {
  const zone = (value ?? '').trim();
  if (zone === '') return DEFAULT_FLEET_ZONE;
  if (!isTimeZone(zone)) throw new Error(`FLEET_TIME_ZONE must be a time zone name such as Asia/Shanghai or UTC, got "${value}"`);
  return zone;
}

function mapCoordsOf(value: string | undefined): MapCoords {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return 'wgs84';
  const coords = MAP_COORDS.find((one) => one === text);
  if (!coords) throw new Error(`MAP_TILE_COORDS must be one of ${MAP_COORDS.join(', ')}, got "${value}"`);
  return coords;
}

/** The MAP_* settings: a tile server (with its attribution, coordinates and deepest zoom), or none for the offline map. */
export function mapConfigOf(env: NodeJS.ProcessEnv): MapConfig {
  const tileUrl = tileUrlOf(env.MAP_TILE_URL);
  const coords = mapCoordsOf(env.MAP_TILE_COORDS);
  // The offline base map is drawn in WGS-84: GCJ-02 positions on it would sit hundreds of metres off.
  if (tileUrl === null && coords !== 'wgs84') throw new Error(`MAP_TILE_COORDS=${coords} needs MAP_TILE_URL: without tiles the map is WGS-84`);
  const maxZoom = number(env, 'MAP_MAX_ZOOM', 18, 1, 22);
  if (!Number.isInteger(maxZoom)) throw new Error(`MAP_MAX_ZOOM must be a whole number, got "${env.MAP_MAX_ZOOM}"`);
  return { tileUrl, attribution: (env.MAP_TILE_ATTRIBUTION ?? '').trim(), coords, maxZoom };
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
    maxConnectionsPerAddress: wholeNumber(env, 'MAX_CONNECTIONS_PER_ADDRESS', DEFAULT_CONNECTION_LIMITS.maxPerAddress, 0, 1_000_000),
    fleetTimeZone: timeZoneOf(env.FLEET_TIME_ZONE),
    cookieSecure: env.COOKIE_SECURE === '1',
    contract: contractOf(env.CONTRACT),
    redisUrl: redisUrlOf(env.REDIS_URL),
    instanceId: env.INSTANCE_ID?.trim() || undefined,
    map: mapConfigOf(env),
    mediaDir: path.resolve(root, env.MEDIA_DIR || 'data/media'),
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
