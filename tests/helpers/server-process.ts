// `server/main.ts` in a process of its own, as `npm start` runs it: for start-up failures and faults that must not end it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface Exited {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface MainProcess {
  /** http://host:port the server said it runs at. */
  readonly base: string;
  readonly child: ChildProcessWithoutNullStreams;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

function spawnMain(env: Readonly<Record<string, string>>): ChildProcessWithoutNullStreams {
  // Node itself with tsx's loader, not npx: npx does not pass SIGTERM on. PORT 0, no simulator unless asked, and a
  // DB_PATH that cannot be opened unless the caller names a database: never the repository's own data/fleet.db.
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', SIM: '0', DATABASE_URL: '', DB_PATH: '/dev/null/unnamed.db', ...env },
  });
}

/** Runs the server with `env` and waits for it to exit (a start that is refused). */
export async function runMainToExit(env: Readonly<Record<string, string>>, timeoutMs = 30_000): Promise<Exited> {
  const child = spawnMain(env);
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
export async function startMain(env: Readonly<Record<string, string>>): Promise<MainProcess> {
  const child = spawnMain(env);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    const base = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /running at (http:\/\/[^/\s]+)/.exec(stdout);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stdout}${stderr}`)));
    });
    return { base, child, stderr: () => stderr, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
