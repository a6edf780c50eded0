// Servers the cluster starts for itself (Redis, nginx) run as an unprivileged system user when we are root, the way
// their Debian packages run them, on a temp directory that user owns.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

/** The user to run as: `user` (a package's system user) when we are root, else nobody to switch to. */
export function unprivileged(user: string): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Hands `paths` to the user the server runs as. */
export function handOver(runAs: RunAs | undefined, ...paths: readonly string[]): void {
  if (!runAs) return;
  for (const file of paths) fs.chownSync(file, runAs.uid, runAs.gid);
}
