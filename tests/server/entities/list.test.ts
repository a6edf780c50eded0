// Entity lists on the seeded fleet, for every definition: each stored row with every field, the default order, pages
// that neither repeat nor skip, every sort key both ways, the search bar's fields, and the limits refused in zh and en.
// A table the fleet does not seed (repair cards, thresholds…) gets four rows made by the administrator first.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { entityFor } from '../../../domain/screens/entities/registry';
import { isEntityPage, type EntityRow, type EntityValue } from '../../../domain/screens/entities/wire';
import { DEFS, nameOf, startEntityServer, type EntityServer } from './entity-server';

const CASES = DEFS.map((def) => [nameOf(def), def] as const);
/** Every list test needs this many rows to say anything about order, paging and search. */
const ROWS = 4;
const NUMBER_TYPES = ['integer', 'decimal', 'latitude', 'longitude'];

/** The server's order: empties last both ways, then values (text by code point), then the key the same way. */
function expectedOrder(def: EntityDef, rows: readonly EntityRow[], sort: string, order: 'asc' | 'desc'): string[] {
  const valueOf = (row: EntityRow): EntityValue => (sort === 'status' ? row.status : sort === 'modifiedAt' ? row.modifiedAt : (row.values[sort] ?? null));
  const keyOf = (row: EntityRow): string | number => (def.key === 'id' ? Number(row.key) : row.key);
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const sign = order === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [valueOf(a), valueOf(b)];
      if (x === null || y === null) return x === y ? sign * compare(keyOf(a), keyOf(b)) : x === null ? 1 : -1;
      return sign * (compare(x, y) || compare(keyOf(a), keyOf(b)));
    })
    .map((row) => row.key);
}

describe('entity lists', () => {
  let api: EntityServer;

  beforeAll(async () => {
    api = await startEntityServer();
  });
  afterAll(async () => api.close());

  it.each(CASES)('lists every stored %s row with every field, numbers as numbers and empty text as null', async (_name, def) => {
    const made = new Set((await api.ensureRows(def, ROWS)).map((row) => row.key));
    const answer = await api.list(def, 'admin', { size: 1000 });
    expect(answer.resultCode).toBe(200);
    expect(isEntityPage(answer.data)).toBe(true);
    // A screen over some of its table's rows (the records of some send kinds) counts those.
    const only = def.filter ? sql` where ${sql.ref(def.filter.column)} in (${sql.join(def.filter.values)})` : sql``;
    const stored = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(def.table)}${only}`.execute(api.server.services.db);
    expect(answer.data.total).toBe(Number(stored.rows[0]?.n));
    expect(answer.data.rows).toHaveLength(answer.data.total);
    expect(answer.data.total).toBeGreaterThanOrEqual(ROWS);
    // A password is never read back: neither it nor its hash is on the wire.
    const shown = def.fields.filter((field) => field.type !== 'password');
    for (const row of answer.data.rows) {
      expect(Object.keys(row.values).sort()).toEqual(shown.map((field) => field.key).sort());
      // Seeded rows were never saved through the screen; the ones made here were, by the administrator.
      // A record without status or version columns travels as enabled at version 0.
      if (def.unstamped === true) expect(row).toMatchObject({ status: 1, version: 0, modifiedBy: null, modifiedAt: null });
      // A read-only list's rows are the send engine's (or another list's fixture), stamped by whoever wrote them.
      else if (def.readOnly === true) expect(row).toMatchObject({ status: 1, version: 1 });
      else expect(row).toMatchObject(made.has(row.key) ? { status: 1, version: 1, modifiedBy: 'admin' } : { status: 1, version: 1, modifiedBy: null, modifiedAt: null });
      for (const field of shown) {
        const value = row.values[field.key];
        if (value !== null) expect(typeof value, `${row.key} ${field.key}`).toBe(NUMBER_TYPES.includes(field.type) || field.type === 'dateTime' ? 'number' : 'string');
        if (field.required) expect(value, `${row.key} ${field.key}`).not.toBeNull();
      }
    }
  });

  it('shows the seeded organisations with their tree and empty texts as null', async () => {
    const def = entityFor('/setting/base_data/company');
    if (!def) throw new Error('no company entity');
    const rows = await api.all(def, 'admin');
    expect(rows.map((row) => [row.key, row.values['parentCode']])).toEqual([['C001', null], ['C002', 'C001'], ['C003', 'C001'], ['C004', 'C003'], ['C005', 'C001']]);
    expect(rows[0]?.values).toMatchObject({ code: 'C001', name: '市危化品车辆监管中心', address: null, phone: null });
  });

  it.each(CASES)('orders %s by its default sort and pages without repeating or skipping a row', async (_name, def) => {
    await api.ensureRows(def, ROWS);
    const rows = await api.all(def, 'admin');
    expect(rows.map((row) => row.key)).toEqual(expectedOrder(def, rows, def.sort.key, def.sort.order));
    const paged: string[] = [];
    for (let page = 1; paged.length < rows.length; page += 1) {
      const answer = await api.list(def, 'admin', { page, size: 3 });
      expect(answer.data.total).toBe(rows.length);
      expect(answer.data.rows.length).toBeGreaterThan(0);
      paged.push(...answer.data.rows.map((row) => row.key));
    }
    expect(paged).toEqual(rows.map((row) => row.key));
  });

  it.each(CASES)('sorts %s by every field, its status and its last change, both ways', async (_name, def) => {
    await api.ensureRows(def, ROWS);
    const rows = await api.all(def, 'admin');
    // A reference is ordered by the label it shows (a plate, a role name), as every other field by its value.
    const sortable = def.fields.filter((field) => field.type !== 'password').map((field) => field.key);
    for (const sort of [...sortable, ...(def.unstamped === true ? [] : ['status', 'modifiedAt'])]) {
      for (const order of ['asc', 'desc'] as const) {
        const answer = await api.list(def, 'admin', { size: 1000, sort, order });
        expect(answer.data.rows.map((row) => row.key), `${sort} ${order}`).toEqual(expectedOrder(def, rows, sort, order));
      }
    }
  });

  it.each(CASES)('searches %s by each search field: text by a part in either case, a company by its value', async (_name, def) => {
    await api.ensureRows(def, ROWS);
    const rows = await api.all(def, 'admin');
    for (const field of def.fields.filter((entry) => entry.search)) {
      const sample = rows.find((row) => typeof row.values[field.key] === 'string');
      const value = String(sample?.values[field.key] ?? '');
      const isText = field.type !== 'company' && field.type !== 'select';
      // A middle part with its ASCII letters' case swapped: SQL lower() folds ASCII on both databases.
      const part = isText ? [...value].slice(1, -1).join('').replace(/[a-zA-Z]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())) : value;
      const answer = await api.list(def, 'admin', { size: 1000, [field.key]: part });
      const expected = rows.filter((row) => {
        const held = String(row.values[field.key] ?? '');
        return isText ? held.toLowerCase().includes(part.toLowerCase()) : held === part;
      });
      expect(answer.data.rows.map((row) => row.key), `${field.key}=${part}`).toEqual(expected.map((row) => row.key));
      expect(answer.data.total).toBe(expected.length);
      expect(expected.map((row) => row.key)).toContain(sample?.key);
    }
  });

  it('matches Chinese text as typed and LIKE wildcards as themselves', async () => {
    const depots = entityFor('/setting/base_data/storage');
    if (!depots) throw new Error('no depot entity');
    const all = await api.all(depots, 'admin');
    expect((await api.list(depots, 'admin', { name: '油库' })).data.total).toBe(all.filter((row) => String(row.values['name']).includes('油库')).length);
    expect((await api.list(depots, 'admin', { name: '吴泾' })).data.rows.map((row) => row.values['name'])).toEqual(['吴泾油库']);
    for (const wildcard of ['%', '_', '!']) expect((await api.list(depots, 'admin', { name: wildcard })).data.total, wildcard).toBe(0);
  });

  it.each(['zh', 'en'] as const)('refuses a page over 1,000 rows and an unknown sort key in %s', async (lang) => {
    for (const def of DEFS) {
      const big = await api.list(def, 'admin', { size: 1001 }, lang);
      expect(big).toEqual({ resultCode: 400, message: lang === 'zh' ? '每页最多1000条' : 'At most 1000 rows per page', data: null });
      const sort = await api.list(def, 'admin', { sort: 'password' }, lang);
      expect(sort).toEqual({ resultCode: 400, message: lang === 'zh' ? '不能按“password”排序' : 'Cannot sort by "password"', data: null });
      // A record without a last change (the send engine's) is not ordered by one.
      const byChange = await api.list(def, 'admin', { size: 1000, sort: 'modifiedAt', order: 'desc' }, lang);
      expect(byChange.resultCode, def.path).toBe(def.unstamped === true ? 400 : 200);
    }
  });
});
