// Migration 0011-company-unique on a database the earlier migrations made and filled: rows, ids, indexes and foreign
// keys come through as they were, names and codes of a company's rows become unique within the company only, and the
// global ones (a plate, a driver's code) stay global. Then, on any migrated database: the unique indexes are exactly
// the rules the entity definitions declare.
import { CamelCasePlugin, Kysely, Migrator, sql, type Dialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../../domain/screens/entities/registry';
import { migrationsFor } from '../../../server/db/migrations';
import { openDatabase } from '../../../server/db/open';
import { postgresDialect } from '../../../server/db/postgres';
import { sqliteDialect } from '../../../server/db/sqlite';
import type { DatabaseTarget } from '../../../server/db/target';
import { TEST_DB_KIND, freshDatabase, type TestDatabase } from '../../helpers/test-database';

type AnyDb = Kysely<unknown>;
type Value = string | number | null;
type Row = Readonly<Record<string, Value>>;

/** The last migration before '0010-process-states' and '0011-company-unique': the schema databases had before them. */
const BEFORE = '0009-device-parameters';

/** Tables whose names and codes become unique within the company, and the columns. */
const COMPANY_TABLES = {
  depot: ['code', 'name'], station: ['code', 'name'], park: ['code', 'name'], service_depot: ['code', 'name'],
  device: ['code', 'name'], repair_card: ['code'], no_abnormal_area: ['name'], remote_template: ['name'], tank_table: ['serial_no'],
  driver: ['name'],
} as const satisfies Record<string, readonly string[]>;
type CompanyTable = keyof typeof COMPANY_TABLES;
const TABLES = Object.keys(COMPANY_TABLES) as CompanyTable[];
/** Every table whose rows the test compares before and after. */
const KEPT_TABLES = ['company', 'truck', 'atg_tank_table', ...TABLES] as const;

function dialectOf(target: DatabaseTarget): Dialect {
  return target.kind === 'sqlite' ? sqliteDialect(target.path).dialect : postgresDialect(target.url, { warn: () => undefined }).dialect;
}

/** The database before those migrations: migrated up to 0009, through the server's own Kysely setup. */
async function oldDatabase(target: DatabaseTarget): Promise<AnyDb> {
  const db = new Kysely<unknown>({ dialect: dialectOf(target), plugins: [new CamelCasePlugin()] });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...migrationsFor(target.kind) }) } });
  const { error } = await migrator.migrateTo(BEFORE);
  if (error) throw error;
  return db;
}

async function insert(db: AnyDb, table: string, row: Row): Promise<number> {
  const columns = Object.keys(row);
  const values = columns.map((column) => row[column] ?? null);
  const key = table === 'company' ? 'code' : 'id';
  const { rows } = await sql<{ key: number }>`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.id(column)))}) values (${sql.join(values)}) returning ${sql.id(key)} as key`.execute(db);
  return Number(rows[0]?.key);
}

const place = (company: string, tag: string) => ({ code: `K-${tag}`, name: `N-${tag}`, short_name: tag, company_code: company, address: '', lat: 31.2, lng: 121.4, status: 1 });

/** A valid row of each table in `company`, its unique columns holding `N-<tag>` / `K-<tag>`, naming `truck` where a row needs one. */
function rowOf(table: CompanyTable, company: string, tag: string, truck: number, tankTable: number): Row {
  switch (table) {
    case 'depot': return { ...place(company, tag), manager: '张三' };
    case 'station': return { ...place(company, tag), phone: '', safe_range: 100 };
    case 'park': return { ...place(company, tag), contact: '', phone: '' };
    case 'service_depot': return place(company, tag);
    case 'device': return { code: `K-${tag}`, name: `N-${tag}`, type: 'general', manufacturer: '', install_date: 0, truck_id: truck, status: 1, company_code: company };
    case 'repair_card': return { company_code: company, code: `K-${tag}`, issue_time: 0, issuer: '李四', remark: '' };
    case 'no_abnormal_area': return { company_code: company, name: `N-${tag}`, lat: 31.2, lng: 121.4, radius_m: 50 };
    case 'remote_template': return { company_code: company, name: `N-${tag}`, command: 'restart', argument: '', description: '' };
    case 'tank_table':
      return {
        company_code: company, truck_id: truck, serial_no: `K-${tag}`, state: 'inUse', pipeline_capacity: 10, tank_height: 1500, capacity: 20000,
        frame_no: '', has_table: 1, file_name: 'tank.txt', content: `table ${tankTable}`,
      };
    case 'driver': return { code: tag.slice(-7), name: `N-${tag}`, sex: '男', id_number: '11010519491231002X', mobile: '13800138000', company_code: company, truck_id: truck, status: 1 };
  }
}

const truckRow = (company: string, plate: string) => ({
  sign_code: plate, console_sn: `SN-${plate}`, company_code: company, model: 'fuel', phone: '13900139000', compartments: 2, capacity: 20, plate_color: 'yellow', status: 1,
});

async function rowsOf(db: AnyDb, table: string): Promise<Row[]> {
  const { rows } = await sql<Row>`select * from ${sql.table(table)} order by ${sql.id(table === 'company' ? 'code' : 'id')}`.execute(db);
  return rows;
}

/** Every index of a table with its columns in order, the primary key's included. */
async function indexesOf(db: AnyDb, table: string): Promise<{ readonly name: string; readonly unique: boolean; readonly columns: string[] }[]> {
  const { rows } = TEST_DB_KIND === 'sqlite'
    ? await sql<{ name: string; unique: number; column: string }>`
        select il.name as name, il."unique" as "unique", ii.name as "column"
          from pragma_index_list(${table}) il, pragma_index_info(il.name) ii order by il.name, ii.seqno`.execute(db)
    : await sql<{ name: string; unique: boolean; column: string }>`
        select i.relname as name, x.indisunique as "unique", a.attname as "column"
          from pg_index x
          join pg_class t on t.oid = x.indrelid
          join pg_class i on i.oid = x.indexrelid
          cross join lateral unnest(x.indkey) with ordinality as k(attnum, ord)
          join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
         where t.relname = ${table} and pg_table_is_visible(t.oid) order by i.relname, k.ord`.execute(db);
  const byName = new Map<string, { name: string; unique: boolean; columns: string[] }>();
  for (const row of rows) {
    const index = byName.get(row.name) ?? { name: row.name, unique: Boolean(row.unique), columns: [] };
    index.columns.push(row.column);
    byName.set(row.name, index);
  }
  return [...byName.values()];
}

/** The indexes a migration created by name: not a constraint's own (SQLite's autoindexes, PostgreSQL's _key and _pkey). */
const namedIndexes = async (db: AnyDb, table: string) =>
  (await indexesOf(db, table)).map((index) => index.name).filter((name) => !/^sqlite_autoindex_|_key$|_pkey$/.test(name)).sort();

async function refused(work: Promise<unknown>): Promise<boolean> {
  try {
    await work;
    return false;
  } catch {
    return true;
  }
}

describe('migration 0011-company-unique', () => {
  let database: TestDatabase | undefined;
  const open: AnyDb[] = [];
  afterEach(async () => {
    for (const db of open.splice(0)) await db.destroy();
    await database?.drop();
    database = undefined;
  });

  it('keeps the rows, ids, indexes and references of a database the old migrations made, and scopes names to the company', async () => {
    database = await freshDatabase({ unmigrated: true });
    const old = await oldDatabase(database.target);
    for (const code of ['C1', 'C2']) await insert(old, 'company', { code, name: `公司${code}`, short_name: code, parent_code: null, address: '', phone: '', status: 1 });
    const truck = await insert(old, 'truck', truckRow('C1', '沪A·00001'));
    const tankTruck = await insert(old, 'truck', truckRow('C1', '沪A·00002'));
    const tankTable = await insert(old, 'tank_table', rowOf('tank_table', 'C1', 'tank_table', tankTruck, 0));
    await insert(old, 'atg_tank_table', {
      company_code: 'C1', truck_id: tankTruck, tank_table_id: tankTable, compartment: 1, probe_addr: 192, points: 2, max_level: 1500, max_volume: 10000, content: '', effect_time: 0,
    });
    for (const table of TABLES.filter((entry) => entry !== 'tank_table')) await insert(old, table, rowOf(table, 'C1', table, truck, 0));
    // The highest id of a table gone: AUTOINCREMENT and an identity never give it again.
    const gone = await insert(old, 'depot', rowOf('depot', 'C1', 'gone', truck, 0));
    await sql`delete from depot where id = ${gone}`.execute(old);
    const rowsBefore = Object.fromEntries(await Promise.all(KEPT_TABLES.map(async (table) => [table, await rowsOf(old, table)] as const)));
    const indexesBefore = Object.fromEntries(await Promise.all(KEPT_TABLES.map(async (table) => [table, await namedIndexes(old, table)] as const)));
    // Before: one name in the whole table, whoever's company.
    expect(await refused(insert(old, 'depot', rowOf('depot', 'C2', 'depot', truck, 0)))).toBe(true);
    await old.destroy();

    const { db } = await openDatabase(database.target);
    const now = db as unknown as AnyDb;
    open.push(now);
    for (const table of KEPT_TABLES) {
      expect(await rowsOf(now, table), table).toEqual(rowsBefore[table]);
      const names = await namedIndexes(now, table);
      expect(names, table).toEqual(expect.arrayContaining(indexesBefore[table] ?? []));
    }
    // The counter goes on from the row that is gone: the first new row has a new id.
    expect(await insert(now, 'depot', rowOf('depot', 'C1', 'later', truck, 0))).toBeGreaterThan(gone);
    // Each name and code once per company: C2 may take C1's, C1 may not have it twice.
    const otherTruck = await insert(now, 'truck', truckRow('C2', '沪B·00001'));
    for (const table of TABLES) {
      const twin = rowOf(table, 'C2', table, otherTruck, 1);
      expect(await insert(now, table, table === 'driver' ? { ...twin, code: 'other' } : twin), table).toBeGreaterThan(0);
      const held = rowOf(table, 'C1', table, truck, 2);
      for (const column of COMPANY_TABLES[table]) {
        // A new row of C1 whose other unique columns are its own.
        const copy = { ...rowOf(table, 'C1', `${table}-${column}`, truck, 2), [column]: held[column] ?? null };
        expect(await refused(insert(now, table, copy)), `${table}.${column} twice in C1`).toBe(true);
      }
    }
    // Global still: a plate, a console SN, a driver's code in another company.
    expect(await refused(insert(now, 'truck', truckRow('C2', '沪A·00001')))).toBe(true);
    expect(await refused(insert(now, 'driver', { ...rowOf('driver', 'C2', 'driver-x', otherTruck, 0), code: String(rowsBefore['driver']?.[0]?.['code']) }))).toBe(true);
    // References hold both ways: from a rebuilt table (a company that does not exist), to it and from it (cascades).
    expect(await refused(insert(now, 'depot', rowOf('depot', 'NOPE', 'nope', truck, 0)))).toBe(true);
    expect(await refused(insert(now, 'atg_tank_table', {
      company_code: 'C1', truck_id: tankTruck, tank_table_id: 999_999, compartment: 1, probe_addr: 192, points: 2, max_level: 1, max_volume: 1, content: '', effect_time: 0,
    }))).toBe(true);
    await sql`delete from truck where id = ${tankTruck}`.execute(now);
    expect(await rowsOf(now, 'tank_table')).toEqual([expect.objectContaining({ companyCode: 'C2' })]);
    expect(await rowsOf(now, 'atg_tank_table')).toEqual([]);
  });

  it('holds in the database exactly the unique rules the entity definitions declare', async () => {
    database = await freshDatabase();
    const { db } = await openDatabase(database.target);
    const now = db as unknown as AnyDb;
    open.push(now);
    const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    for (const def of Object.values(ENTITIES)) {
      const table = snake(def.table);
      const uniqueSets = (await indexesOf(now, table)).filter((index) => index.unique).map((index) => index.columns.join(','));
      for (const field of def.fields) {
        if (field.unique === undefined) continue;
        const column = snake(field.key);
        const label = `${def.path} ${field.key}`;
        if (field.unique === 'global' || column === 'company_code') {
          expect(uniqueSets, label).toContain(column);
        } else {
          expect(uniqueSets, label).toContain(`company_code,${column}`);
          expect(uniqueSets, label).not.toContain(column);
        }
      }
    }
  });
});
