// Two server instances on one SQLite file and one throwaway Redis, as a scaled-out deployment has them: A runs the
// simulator (ticked by the test), B serves sockets only. Each instance's bus log is kept for the fault tests.
import { expect, vi } from 'vitest';
import type { BusLog } from '../../../server/live/redis-hub';
import type { LiveClient } from '../../helpers/live-client';
import { startRedis, type LocalRedis } from '../../../scripts/cluster/local-redis';
import { startServer, startSimServer, type RunningServer, type SimServer } from '../../helpers/server';

export interface LoggedLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
}

export interface InstancePair {
  readonly redis: LocalRedis;
  readonly a: SimServer;
  readonly b: RunningServer;
  /** What each instance's bus logged, in order. */
  readonly logs: { readonly a: LoggedLine[]; readonly b: LoggedLine[] };
  /** Resolves once both instances' buses are in `state`. */
  busesAre(state: 'up' | 'down'): Promise<void>;
  close(): Promise<void>;
}

/** The close code, if the socket closes within 3 s: sooner than the ping sweep (every 30 s) could have closed it. */
export function closeCode(client: LiveClient): Promise<number> {
  return Promise.race([
    client.closed.then((closed) => closed.code),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open after 3 s')), 3_000)),
  ]);
}

/** A bus log that keeps its lines for the test to read. */
export function recordingLog(lines: LoggedLine[]): BusLog {
  return {
    info: (message) => void lines.push({ level: 'info', message }),
    warn: (message) => void lines.push({ level: 'warn', message }),
    error: (message) => void lines.push({ level: 'error', message }),
  };
}

export async function startInstancePair(): Promise<InstancePair> {
  const redis = await startRedis();
  const logs = { a: [] as LoggedLine[], b: [] as LoggedLine[] };
  const a = await startSimServer({ seed: 11, trucks: 6, redisUrl: redis.url, instanceId: 'A', busLog: recordingLog(logs.a) }).catch(
    async (error: unknown) => {
      await redis.close();
      throw error;
    },
  );
  const b = await startServer({ sharedDatabase: a.database, redisUrl: redis.url, instanceId: 'B', busLog: recordingLog(logs.b) }).catch(
    async (error: unknown) => {
      await a.close();
      await redis.close();
      throw error;
    },
  );
  const pair: InstancePair = {
    redis,
    a,
    b,
    logs,
    async busesAre(state) {
      await vi.waitFor(() => expect([a.services.hub.status().state, b.services.hub.status().state]).toEqual([state, state]), {
        timeout: 10_000,
        interval: 50,
      });
    },
    async close() {
      await b.close();
      await a.close();
      await redis.close();
    },
  };
  try {
    await pair.busesAre('up');
  } catch (error) {
    await pair.close();
    throw error;
  }
  return pair;
}
