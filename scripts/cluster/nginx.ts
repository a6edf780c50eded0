// Debian's nginx in front of the instances, from deploy/nginx/cluster.conf, unprivileged, in a temp directory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endProcess } from './end-process';
import { freePort } from './free-port';
import { handOver, unprivileged } from './unprivileged';

const TEMPLATE = path.resolve(import.meta.dirname, '../../deploy/nginx/cluster.conf');
/** Installed by scripts/ensure-nginx.sh; not always on a plain user's PATH. */
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

export interface LocalNginx {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  close(): Promise<void>;
}

/** The repository's config with this run's fields filled in. */
function nginxConfig(fields: { readonly dir: string; readonly listen: string; readonly upstreams: readonly string[] }): string {
  const values: Record<string, string> = {
    DIR: fields.dir,
    LISTEN: fields.listen,
    MIME_TYPES: '/etc/nginx/mime.types',
    UPSTREAM_SERVERS: fields.upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join('\n'),
  };
  return fs.readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`deploy/nginx/cluster.conf: no value for {{${name}}}`);
    return value;
  });
}

/** Starts nginx on loopback at `port` (a free one unless given), proxying to `upstreams` (host:port each). */
export async function startNginx(upstreams: readonly string[], listenPort?: number): Promise<LocalNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-nginx-'));
  const runAs = unprivileged('www-data');
  handOver(runAs, dir);
  const port = listenPort ?? (await freePort());
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ dir, listen: `127.0.0.1:${port}`, upstreams }));
  // -e: errors go to stderr from the first line on, never to /var/log/nginx, which the unprivileged user cannot open.
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', 'stderr', '-g', 'daemon off;'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
    ...runAs,
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  // SIGTERM, not SIGKILL: the master must live long enough to stop its workers.
  const orphanGuard = () => child.kill('SIGTERM');
  process.once('exit', orphanGuard);
  const close = async () => {
    process.removeListener('exit', orphanGuard);
    // SIGQUIT: a graceful stop; killed if it takes over 5 s.
    await endProcess(child, 'SIGQUIT', 5_000);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening(child, port, () => errors);
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, close };
}

/** Resolves once something answers on the port, rejects if nginx exits first or takes over 10 s. */
async function listening(child: ChildProcess, port: number, errors: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${errors().trim()}`);
    const up = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) }).then(() => true, () => false);
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${port} within 10 s: ${errors().trim()}`);
}
