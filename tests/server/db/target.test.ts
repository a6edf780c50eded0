// DATABASE_URL and DB_PATH: which database the server opens, and how start-up lines name it without the password.
import { describe, expect, it } from 'vitest';
import { databaseTargetOf, describeTarget } from '../../../server/db/target';

describe('database target', () => {
  it('keeps the SQLite file at DB_PATH (default data/fleet.db) when DATABASE_URL is unset or empty', () => {
    expect(databaseTargetOf({}, '/srv/fleet')).toEqual({ kind: 'sqlite', path: '/srv/fleet/data/fleet.db' });
    expect(databaseTargetOf({ DATABASE_URL: ' ', DB_PATH: 'x/y.db' }, '/srv/fleet')).toEqual({ kind: 'sqlite', path: '/srv/fleet/x/y.db' });
  });

  it('selects PostgreSQL for postgres:// and postgresql:// URLs, whatever DB_PATH says', () => {
    for (const url of ['postgres://fleet:pw@db.local:6432/fleet', 'postgresql://fleet@db.local/fleet']) {
      expect(databaseTargetOf({ DATABASE_URL: url, DB_PATH: 'ignored.db' }, '/srv')).toEqual({ kind: 'postgres', url });
    }
  });

  it('names the server and database without the password, with 5432 when the URL has no port', () => {
    expect(describeTarget({ kind: 'postgres', url: 'postgres://fleet:s3cret@db.local:6432/fleet' })).toBe('PostgreSQL db.local:6432/fleet');
    expect(describeTarget({ kind: 'postgres', url: 'postgresql://fleet:s3cret@db.local/fleet' })).toBe('PostgreSQL db.local:5432/fleet');
  });

  it('refuses what is not a PostgreSQL URL rather than falling back to SQLite', () => {
    expect(() => databaseTargetOf({ DATABASE_URL: 'fleet.db' }, '/srv')).toThrow('DATABASE_URL must be a URL such as postgres://');
    expect(() => databaseTargetOf({ DATABASE_URL: 'mysql://db/fleet' }, '/srv')).toThrow('DATABASE_URL must start with postgres:// or postgresql://');
  });
});
