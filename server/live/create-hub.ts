// Picks the live hub's transport: Redis pub/sub when REDIS_URL is set, the in-process hub otherwise.
import os from 'node:os';
import type { Db } from '../db/open';
import { databaseBacklog } from './bus-backlog';
import { LocalHub, type LiveHub } from './hub';
import { startRedisHub, type BusLog } from './redis-hub';

export interface HubOptions {
  /** redis://… or rediss://…; unset keeps the in-process hub. */
  readonly redisUrl?: string | undefined;
  /** This instance's name in diagnostics and the bus's log; host and process when unset. */
  readonly instanceId?: string | undefined;
  readonly busLog?: BusLog | undefined;
}

function defaultInstanceId(): string {
  return `${os.hostname()}:${process.pid}`;
}

export async function createHub(db: Db, options: HubOptions): Promise<LiveHub> {
  const instanceId = options.instanceId || defaultInstanceId();
  if (!options.redisUrl) return new LocalHub(instanceId);
  return startRedisHub({ url: options.redisUrl, instanceId, backlog: databaseBacklog(db), log: options.busLog });
}
