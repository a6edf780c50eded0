// A whole scaled-out deployment on one machine: a local PostgreSQL and Redis, N server instances on them, nginx in
// front. `npm run cluster` runs one for people; the cluster tests and `npm run bench:cluster` run their own.
import { freePort } from './free-port';
import { startInstance, type InstanceProcess } from './instance';
import { startCluster as startPostgres, type PostgresCluster } from './local-postgres';
import { startRedis, type LocalRedis } from './local-redis';
import { startNginx, type LocalNginx } from './nginx';

const CLUSTER_DATABASE = 'fleet';

interface ClusterOptions {
  /** How many server instances (at least 1). */
  readonly instances: number;
  /** nginx's port; a free one unless set. */
  readonly port?: number;
  /** Added to every instance's environment (SIM_TRUCKS, SIM_BACKFILL_DAYS, …). */
  readonly env?: Readonly<Record<string, string>>;
  /** Progress, a line per step. */
  readonly onStep?: (message: string) => void;
  /** Each line an instance writes. */
  readonly onLine?: (instanceId: string, line: string, stream: 'stdout' | 'stderr') => void;
}

export interface ClusterInstance {
  /** INSTANCE_ID: instance-1, instance-2, … */
  readonly id: string;
  /** http://127.0.0.1:PORT, the instance itself, not through nginx; the same across restarts. */
  readonly base: string;
  /** The running process, none after stop or kill. */
  running(): InstanceProcess | undefined;
  /** Starts it again (after stop or kill) on the same port. */
  start(): Promise<void>;
  /** SIGTERM: a clean stop, its simulator lock given back. */
  stop(): Promise<void>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
}

export interface LocalCluster {
  /** nginx: where consoles connect. */
  readonly url: string;
  readonly databaseUrl: string;
  readonly postgres: PostgresCluster;
  readonly redis: LocalRedis;
  readonly instances: readonly ClusterInstance[];
  /** Stops everything started, in reverse order, and removes the temp directories. */
  close(): Promise<void>;
}

function clusterInstance(id: string, port: number, env: NodeJS.ProcessEnv, options: ClusterOptions): ClusterInstance {
  let current: InstanceProcess | undefined;
  const onLine = options.onLine;
  const start = async () => {
    if (current) return;
    current = await startInstance({ ...env, PORT: String(port), INSTANCE_ID: id }, onLine ? { onLine: (line, stream) => onLine(id, line, stream) } : {});
  };
  const end = (how: 'stop' | 'kill') => async () => {
    const ending = current;
    current = undefined;
    await ending?.[how]();
  };
  return { id, base: `http://127.0.0.1:${port}`, running: () => current, start, stop: end('stop'), kill: end('kill') };
}

export async function startLocalCluster(options: ClusterOptions): Promise<LocalCluster> {
  if (!Number.isInteger(options.instances) || options.instances < 1) throw new Error(`instances must be a whole number from 1, got ${options.instances}`);
  const step = options.onStep ?? (() => undefined);
  // Whatever started is stopped again, in reverse order, if a later step fails.
  const undo: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const stop of undo.splice(0).reverse()) await stop().catch((error: unknown) => console.error(error));
  };
  try {
    step('Starting PostgreSQL…');
    const postgres = await startPostgres();
    undo.push(() => postgres.destroy());
    await postgres.createDatabase(CLUSTER_DATABASE);
    const databaseUrl = postgres.url(CLUSTER_DATABASE);
    step(`PostgreSQL on 127.0.0.1:${postgres.port}`);

    step('Starting Redis…');
    const redis = await startRedis();
    undo.push(() => redis.close());
    step(`Redis at ${redis.url}`);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.env,
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      // One nginx in front: the last X-Forwarded-For address is the caller's.
      TRUST_PROXY: '1',
    };
    const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
    const instances = ports.map((port, i) => clusterInstance(`instance-${i + 1}`, port, env, options));
    undo.push(async () => void (await Promise.all(instances.map((instance) => instance.stop()))));
    step(`Starting ${instances.length} server instance${instances.length > 1 ? 's' : ''} (the first start migrates and seeds the database)…`);
    // All at once: they agree among themselves which one migrates, seeds and simulates.
    await Promise.all(instances.map((instance) => instance.start()));

    step('Starting nginx…');
    const nginx: LocalNginx = await startNginx(ports.map((port) => `127.0.0.1:${port}`), options.port);
    undo.push(() => nginx.close());
    return { url: nginx.url, databaseUrl, postgres, redis, instances, close };
  } catch (error) {
    await close();
    throw error;
  }
}
