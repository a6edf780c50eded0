// Starting the server process with a bad configuration or an unreachable database: one clear line, exit code 1.
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/cluster/free-port';
import { runMainToExit, type Exited } from '../helpers/server-process';
import { testPostgres } from '../helpers/test-database';

/** The refusal is exactly one line on stderr, nothing on stdout after it, no stack trace. */
function expectOneLine(exited: Exited, line: string | RegExp): void {
  expect(exited.code).toBe(1);
  const lines = exited.stderr.trimEnd().split('\n');
  expect(lines, exited.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  expect(exited.stderr).not.toMatch(/^\s+at /m);
}

describe('refusing to start', () => {
  it('names the host and "connection refused" when nothing listens at DATABASE_URL', async () => {
    const port = await freePort();
    const exited = await runMainToExit({ DATABASE_URL: `postgres://fleet:secret@127.0.0.1:${port}/fleet` });
    expectOneLine(exited, `Cannot open PostgreSQL at 127.0.0.1:${port}: connection refused (is PostgreSQL running and listening there?)`);
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL instead of falling back to SQLite', async () => {
    const exited = await runMainToExit({ DATABASE_URL: 'mysql://fleet@127.0.0.1/fleet' });
    expectOneLine(exited, 'DATABASE_URL must start with postgres:// or postgresql://, got "mysql://…"');
  });

  it('names the SQLite file and the reason when DB_PATH cannot be created', async () => {
    const exited = await runMainToExit({ DB_PATH: '/dev/null/fleet.db' });
    expectOneLine(exited, /^Cannot open the SQLite database \/dev\/null\/fleet\.db: E[A-Z]+: .*, mkdir '\/dev\/null'$/);
  });

  it('names the setting and the value it refuses', async () => {
    const exited = await runMainToExit({ PORT: 'eighty' });
    expectOneLine(exited, 'PORT must be a number from 0 to 65535, got "eighty"');
  });

  describe.runIf(testPostgres)('on a running PostgreSQL (server-pg layer only: it needs the run\'s cluster)', () => {
    const cluster = testPostgres ?? { port: 0, password: '' };

    it('names the host and the server\'s reason for a wrong password', async () => {
      const exited = await runMainToExit({ DATABASE_URL: `postgres://fleet:wrong-${cluster.password}@127.0.0.1:${cluster.port}/postgres` });
      expectOneLine(exited, `Cannot open PostgreSQL at 127.0.0.1:${cluster.port}: password authentication failed for user "fleet"`);
    });

    it('names the host and the missing database', async () => {
      const exited = await runMainToExit({ DATABASE_URL: `postgres://fleet:${cluster.password}@127.0.0.1:${cluster.port}/no_such_db` });
      expectOneLine(exited, `Cannot open PostgreSQL at 127.0.0.1:${cluster.port}: database "no_such_db" does not exist`);
    });
  });
});
