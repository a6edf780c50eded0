// A throwaway Debian redis-server on a free loopback port, without persistence, in a temp directory: the live bus of
// `npm run cluster`, and of the tests, whose fault cases stop and start it again.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endProcess } from './end-process';
import { freePort } from './free-port';
import { handOver, unprivileged, type RunAs } from './unprivileged';

export interface LocalRedis {
  /** redis://127.0.0.1:PORT */
  readonly url: string;
  /** Kills the server abruptly (a crash or a lost link, as the clients see it); the port stays reserved for start(). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  close(): Promise<void>;
}

function launch(port: number, dir: string, runAs: RunAs | undefined): Promise<ChildProcess> {
  // Installed by scripts/ensure-redis.sh (npm test and npm run cluster run it).
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  const child = spawn('redis-server', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], ...runAs });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`redis-server did not start on port ${port}: ${output}`)), 10_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`redis-server exited (${code}): ${output}`)));
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString();
      if (!output.includes('Ready to accept connections')) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(child);
    });
  });
}

export async function startRedis(): Promise<LocalRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-redis-'));
  const runAs = unprivileged('redis');
  handOver(runAs, dir);
  let child: ChildProcess | undefined = await launch(port, dir, runAs).catch((error: unknown) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  // A test run that dies without closing must not leave a server behind.
  const orphanGuard = () => child?.kill('SIGKILL');
  process.once('exit', orphanGuard);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await endProcess(child, 'SIGKILL');
      child = undefined;
    },
    async start() {
      child ??= await launch(port, dir, runAs);
    },
    async close() {
      process.removeListener('exit', orphanGuard);
      await endProcess(child, 'SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
