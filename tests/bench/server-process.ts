// The real server in a process of its own for the benchmarks, on a fresh database in a temporary directory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  /** http://host:port the server said it runs at. */
  readonly base: string;
  /** Stops the server, waits for it to exit and removes its database. */
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

/** Starts `server/main.ts` with `env` added to this process's environment (PORT 0 and DB_PATH are set here). */
export async function startServerProcess(env: Readonly<Record<string, string>>): Promise<ServerProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-'));
  // Node itself with tsx's loader, not npx: npx does not pass SIGTERM on, and the server would outlive the benchmark.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DB_PATH: path.join(dir, 'fleet.db'), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /running at (http:\/\/[^/\s]+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      server.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
    return { base, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
