// The real server in a process of its own for the benchmarks, on a fresh database in a temporary directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInstance } from '../../scripts/cluster/instance';

interface ServerProcess {
  /** http://host:port the server said it runs at. */
  readonly base: string;
  /** The server's process id: its memory is read from /proc. */
  readonly pid: number;
  /** Stops the server, waits for it to exit and removes its database. */
  stop(): Promise<void>;
}

/** Starts `server/main.ts` with `env` added to this process's environment (PORT 0, DB_PATH and no connection cap set here). */
export async function startServerProcess(env: Readonly<Record<string, string>>): Promise<ServerProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  const server = await startInstance(
    // No per-address cap: a benchmark plays a thousand consoles from this one address.
    { ...process.env, PORT: '0', DB_PATH: path.join(dir, 'fleet.db'), MAX_CONNECTIONS_PER_ADDRESS: '0', ...env },
    { onLine: (line, stream) => void (stream === 'stderr' && console.error(line)) },
  ).catch((error: unknown) => {
    remove();
    throw error;
  });
  const { pid } = server.child;
  if (pid === undefined) throw new Error('the server process has no pid');
  return {
    base: server.base,
    pid,
    async stop() {
      await server.stop();
      remove();
    },
  };
}
