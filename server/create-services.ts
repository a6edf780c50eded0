// Opens the database (seeding it on first start) and builds the services the app and simulator share.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_RATE_LIMIT, type RateLimitPolicy } from './auth/rate-limit';
import { DEFAULT_SESSION_POLICY } from './auth/sessions';
import { WIRE_CONTRACTS, type Contract } from './contract/contract';
import { openDatabase } from './db/open';
import type { DatabaseTarget } from './db/target';
import { createExportService } from './exports/export-service';
import type { ExportLimits } from './exports/export-queue';
import { createHub, type HubOptions } from './live/create-hub';
import { seedAccounts } from './seed/accounts';
import type { Services } from './services';
import { OFFLINE_MAP } from './map/map-settings';
import type { MapConfig } from '../domain/map/base-map';

export interface ServiceOptions extends HubOptions {
  /** A SQLite file or a PostgreSQL URL (DATABASE_URL); see server/db/target.ts. */
  readonly database: DatabaseTarget;
  readonly sessionIdleMs?: number;
  readonly sessionMaxMs?: number;
  readonly allowedOrigins?: readonly string[];
  readonly cookieSecure?: boolean;
  /** ours (default) or legacy: exactly the spec's calls and shapes (CONTRACT). */
  readonly contract?: Contract;
  /** The live map's base layer (MAP_*); the offline base map by default. */
  readonly map?: MapConfig;
  /** Rendered snapshots and video (MEDIA_DIR); by default a new temp folder, removed at close. */
  readonly mediaDir?: string;
  /** How many exports run at once, per user, and wait; EXPORT_LIMITS by default (tests set smaller ones). */
  readonly exportLimits?: ExportLimits;
  /** Login failures, locks and challenge pictures allowed; DEFAULT_RATE_LIMIT by default (tests that need many set more). */
  readonly rateLimit?: Partial<RateLimitPolicy>;
}

export interface CreatedServices {
  readonly services: Services;
  /** True when this start created the database (the caller seeds the fleet and history then). */
  readonly fresh: boolean;
  close(): Promise<void>;
}

export async function createServices(options: ServiceOptions): Promise<CreatedServices> {
  let fresh = false;
  const { db, driver } = await openDatabase(options.database, {
    setUp: async (opened) => {
      const existing = await opened.selectFrom('company').select('code').limit(1).execute();
      fresh = existing.length === 0;
      if (fresh) await seedAccounts(opened);
    },
  });
  const hub = await createHub(db, options);
  const services: Services = {
    db,
    driver,
    hub,
    sessions: {
      idleMs: options.sessionIdleMs ?? DEFAULT_SESSION_POLICY.idleMs,
      maxMs: options.sessionMaxMs ?? DEFAULT_SESSION_POLICY.maxMs,
    },
    rateLimit: { ...DEFAULT_RATE_LIMIT, ...options.rateLimit },
    allowedOrigins: options.allowedOrigins ?? [],
    cookieSecure: options.cookieSecure ?? false,
    wire: WIRE_CONTRACTS[options.contract ?? 'ours'],
    map: options.map ?? OFFLINE_MAP,
    mediaDir: options.mediaDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-media-')),
    exports: createExportService(options.database, options.exportLimits),
  };
  return {
    services,
    fresh,
    async close() {
      await services.exports.pool.close();
      await hub.close();
      await db.destroy();
      // A folder of this process's own (no MEDIA_DIR given) goes with it; a configured one keeps its rendered files.
      if (options.mediaDir === undefined) fs.rmSync(services.mediaDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
