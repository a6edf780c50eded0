// What every route plugin and socket receives: the database, the live hub, policies, and the running parts.
import type { WireContract } from './contract/contract';
import type { Db, DbDriver } from './db/open';
import type { ExportService } from './exports/export-service';
import type { LiveHub, PublishedAlarm } from './live/hub';
import type { RateLimitPolicy } from './auth/rate-limit';
import type { SessionPolicy } from './auth/sessions';
import type { SimulatorRole } from './sim/leadership';

/** The simulator as the operations endpoints see it. */
export interface SimControl {
  /** Raises an alarm of this type now, on the given truck or one the simulator picks. */
  raiseAlarm(type: number, truckId?: number): Promise<PublishedAlarm>;
}

/** The live sockets as diagnostics see them. */
export interface SocketRegistry {
  openCounts(): { readonly truck: number; readonly alarm: number };
  /** Of those, the sockets whose open message was accepted (an alarm socket says nothing when it is). */
  streamingCounts(): { readonly truck: number; readonly alarm: number };
  framesSent(): number;
  badFrames(): number;
  /** Closes every live socket (maintenance); returns how many were closed. */
  closeAll(): number;
}
import type { MapConfig } from '../domain/map/base-map';

export interface Services {
  readonly db: Db;
  /** The driver under `db` (SQLite or PostgreSQL), for diagnostics and the simulator's batched writes. */
  readonly driver: DbDriver;
  readonly hub: LiveHub;
  readonly sessions: SessionPolicy;
  readonly rateLimit: RateLimitPolicy;
  /** Origins allowed to open sockets besides the server's own host; empty allows same-host only. */
  readonly allowedOrigins: readonly string[];
  /** The session cookie is marked Secure (COOKIE_SECURE=1, behind TLS). */
  readonly cookieSecure: boolean;
  /** The contract spoken (CONTRACT): every message our extensions shape passes through it. */
  readonly wire: WireContract;
  /** The live map's base layer (MAP_*, docs/map.md). */
  readonly map: MapConfig;
  /** Where camera snapshots and video segments rendered by ffmpeg are kept (MEDIA_DIR). */
  readonly mediaDir: string;
  /** The export queue and the worker threads that build exports, and how many failed (server/exports/). */
  readonly exports: ExportService;
  sockets?: SocketRegistry;
  sim?: SimControl;
  /** Whether this instance runs the simulator; absent when the simulator is off. */
  leadership?: { role(): SimulatorRole };
}
