// Ending a child process the cluster started and waiting until it is gone.
import type { ChildProcess } from 'node:child_process';

/**
 * Sends `signal` and resolves at the exit; a process already gone (or none) resolves at once. With `killAfterMs`, one
 * still running by then is killed.
 */
export function endProcess(child: ChildProcess | undefined, signal: NodeJS.Signals, killAfterMs?: number): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  if (killAfterMs === undefined) return exited;
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  return exited.finally(() => clearTimeout(timer));
}
