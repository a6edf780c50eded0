// `server/main.ts` in a process of its own, as `npm start` runs it: for start-up failures and faults that must not end it.
import { spawnServer, startInstance, type InstanceProcess } from '../../scripts/cluster/instance';

export interface Exited {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export type MainProcess = InstanceProcess;

/**
 * PORT 0, no simulator unless asked, and a DB_PATH that cannot be opened unless the caller names a database: never the
 * repository's own data/fleet.db.
 */
function testEnv(env: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  return { ...process.env, PORT: '0', SIM: '0', DATABASE_URL: '', DB_PATH: '/dev/null/unnamed.db', ...env };
}

/** Runs the server with `env` and waits for it to exit (a start that is refused). */
export async function runMainToExit(env: Readonly<Record<string, string>>, timeoutMs = 30_000): Promise<Exited> {
  const child = spawnServer(testEnv(env));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** Starts the server with `env` and resolves once it listens. */
export function startMain(env: Readonly<Record<string, string>>): Promise<MainProcess> {
  return startInstance(testEnv(env));
}
