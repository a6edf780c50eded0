// One server instance, `server/main.ts` in a process of its own as `npm start` runs it: the cluster's instances, the
// benchmarks' servers and the tests of start-up and faults.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { endProcess } from './end-process';

const root = path.resolve(import.meta.dirname, '../..');

export interface InstanceProcess {
  /** http://host:port the server said it runs at. */
  readonly base: string;
  readonly child: ChildProcessWithoutNullStreams;
  /** Everything the process wrote to stdout and stderr so far. */
  stdout(): string;
  stderr(): string;
  /** SIGTERM (a clean stop), then waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL (a crash), then waits for the exit. */
  kill(): Promise<void>;
}

interface InstanceOptions {
  /** Called with each line the process writes (the cluster echoes them, prefixed with the instance's name). */
  readonly onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
}

/** Node itself with tsx's loader, not npx: npx does not pass signals on, and the server would outlive its parent. */
export function spawnServer(env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env });
}

function collect(stream: NodeJS.ReadableStream, name: 'stdout' | 'stderr', onLine: InstanceOptions['onLine']): () => string {
  let text = '';
  let partial = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    if (!onLine) return;
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line, name);
  });
  return () => text;
}

/** Starts the server with `env` (the whole environment it gets) and resolves once it listens. */
export async function startInstance(env: NodeJS.ProcessEnv, options: InstanceOptions = {}): Promise<InstanceProcess> {
  const child = spawnServer(env);
  const stdout = collect(child.stdout, 'stdout', options.onLine);
  const stderr = collect(child.stderr, 'stderr', options.onLine);
  const stop = () => endProcess(child, 'SIGTERM');
  try {
    const base = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /running at (http:\/\/[^/\s]+)/.exec(stdout());
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stdout()}${stderr()}`)));
    });
    return { base, child, stdout, stderr, stop, kill: () => endProcess(child, 'SIGKILL') };
  } catch (error) {
    await stop();
    throw error;
  }
}
