// A throwaway PostgreSQL cluster from Debian's binaries: initdb into a temp dir, on a free loopback port, fsync off,
// password login. `npm run cluster` runs the fleet on one; the server-pg tests and the fault tests start their own.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port';

const run = promisify(execFile);

const CLUSTER_USER = 'fleet';

export interface PostgresCluster {
  readonly port: number;
  readonly password: string;
  /** postgres://fleet:…@127.0.0.1:port/<database> */
  url(database: string): string;
  /** CREATE DATABASE `name` (a plain identifier), optionally as a copy of `template`. */
  createDatabase(name: string, template?: string): Promise<void>;
  /** Stops the server as a crash would (`-m immediate`), keeping the data: the "database lost" fault. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data. */
  restart(): Promise<void>;
  /** Stops (SIGSTOP) the server and its backends: connections stay open and nothing answers, as on a hung host. */
  freeze(): Promise<void>;
  /** Lets a frozen server go on (SIGCONT). */
  thaw(): Promise<void>;
  /**
   * SIGKILLs every server process but the postmaster: open connections are reset at once, and the postmaster runs
   * crash recovery and accepts connections again, as after a backend crash.
   */
  crashBackends(): Promise<void>;
  /** Stops the server and removes its data. */
  destroy(): Promise<void>;
}

/** Debian's binaries (scripts/ensure-postgres.sh installs them): the newest /usr/lib/postgresql/N/bin. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  const found = versions.map((v) => path.join(root, v, 'bin')).find((bin) => fs.existsSync(path.join(bin, 'initdb')));
  return found;
}

/** initdb and pg_ctl refuse to run as root: as root they run as Debian's `postgres` user, on a directory it owns. */
async function asClusterOwner(bin: string, args: readonly string[], dir: string): Promise<void> {
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, [...args]];
  try {
    await run(command, argv, { cwd: dir });
  } catch (error) {
    const log = path.join(dir, 'server.log');
    const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : '';
    throw new Error(`${path.basename(bin)} failed: ${error instanceof Error ? error.message : String(error)}\n${tail}`);
  }
}

export async function startCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed: run scripts/ensure-postgres.sh (npm test and npm run cluster do)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-pg-'));
  const data = path.join(dir, 'data');
  const password = randomBytes(12).toString('hex');
  const pwfile = path.join(dir, 'pwfile');
  fs.writeFileSync(pwfile, `${password}\n`);
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    for (const file of [dir, pwfile]) fs.chownSync(file, uid, -1);
  }
  // Password logins over TCP, as a real deployment; no locale, so text compares by code point as the schema asks anyway.
  await asClusterOwner(path.join(bin, 'initdb'), [
    '-D', data, '-U', CLUSTER_USER, `--pwfile=${pwfile}`, '--auth-host=scram-sha-256', '--auth-local=trust',
    '-E', 'UTF8', '--no-locale', '--no-sync',
  ], dir);
  const port = await freePort();
  // Surviving an OS crash is worthless for a database thrown away after the run: no fsync makes commits cheap. Commits
  // still reach the OS before they return (synchronous_commit stays on), so a killed server loses none of them.
  const options = [
    `-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c full_page_writes=off', '-c max_connections=400',
  ].join(' ');
  const pgCtl = path.join(bin, 'pg_ctl');
  const start = () => asClusterOwner(pgCtl, ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', options, 'start'], dir);
  const stop = (mode: 'immediate' | 'fast') => asClusterOwner(pgCtl, ['-D', data, '-m', mode, '-w', 'stop'], dir);
  await start();
  /** The postmaster first in postmaster.pid, and its children: every process of this cluster. */
  const processes = async (): Promise<number[]> => {
    const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const { stdout } = await run('pgrep', ['-P', String(postmaster)]).catch(() => ({ stdout: '' }));
    return [postmaster, ...stdout.split('\n').filter(Boolean).map(Number)];
  };
  /** Signals the processes; one that has just exited is no error. */
  const signal = (pids: readonly number[], name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'ESRCH')) throw error;
      }
    }
  };
  const signalAll = async (name: NodeJS.Signals) => signal(await processes(), name);
  const crashBackends = async () => signal((await processes()).slice(1), 'SIGKILL');
  const url = (database: string) => `postgres://${CLUSTER_USER}:${password}@127.0.0.1:${port}/${database}`;
  const createDatabase = async (name: string, template?: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name) || (template !== undefined && !/^[a-z_][a-z0-9_]*$/.test(template))) {
      throw new Error(`not a plain database name: ${name}${template ? ` / ${template}` : ''}`);
    }
    const admin = new pg.Client({ connectionString: url('postgres') });
    await admin.connect();
    try {
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    } finally {
      await admin.end();
    }
  };
  return {
    port,
    password,
    url,
    createDatabase,
    kill: () => stop('immediate'),
    restart: start,
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    crashBackends,
    async destroy() {
      await signalAll('SIGCONT').catch(() => undefined);
      await stop('immediate').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
