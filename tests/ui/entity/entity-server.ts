// A master-data server in memory for the screen's tests, behind a stubbed fetch, so the real client judges its
// answers: the list call (search, paging), create, edit by version (409 with the current row), status, plus the report
// options' companies; every call is recorded, and a test can refuse the next save on a field.
import { envelope, stubApi } from '../stub-api';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import type { EntityRow, EntityValue } from '../../../domain/screens/entities/wire';

export const COMPANIES = [
  { code: 'C001', name: '一公司', parentCode: null },
  { code: 'C002', name: '二公司', parentCode: 'C001' },
];


export function entityServer(def: EntityDef, rows: readonly EntityRow[]) {
  const store = new Map(rows.map((row) => [row.key, row]));
  let refuseNext: { field: string; message: string } | undefined;
  let nextId = 1000;
  const listPath = `/entity${def.path}`;

  const handle = (method: string, path: string, params: Record<string, string>): Response => {
    if (path === '/report/options') return envelope(200, { companies: COMPANIES, trucks: [] });
    if (method === 'GET' && path === listPath) {
      const searched = [...store.values()].filter((row) =>
        def.fields.every((field) => !field.search || !params[field.key] || String(row.values[field.key] ?? '').includes(params[field.key] ?? '')),
      );
      const [page, size] = [Number(params['page']), Number(params['size'])];
      return envelope(200, { rows: searched.slice((page - 1) * size, page * size), total: searched.length });
    }
    if (refuseNext && method !== 'GET' && !path.endsWith('/status')) {
      const { field, message } = refuseNext;
      refuseNext = undefined;
      return envelope(400, { field }, message);
    }
    const values = (): Record<string, EntityValue> => Object.fromEntries(def.fields.flatMap((field) => (field.key in params ? [[field.key, params[field.key] ?? null]] : [])));
    if (method === 'POST' && path === listPath) {
      const row: EntityRow = { key: String(nextId++), version: 1, status: 1, modifiedBy: 'admin', modifiedAt: Date.now(), values: values() };
      store.set(row.key, row);
      return envelope(200, row);
    }
    const match = new RegExp(`^${listPath}/([^/]+)(/status)?$`).exec(path);
    const row = match ? store.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !row) return envelope(404, null, 'no such row');
    if (Number(params['version']) !== row.version) return envelope(409, { current: row }, 'stale');
    const next: EntityRow = match[2]
      ? { ...row, version: row.version + 1, status: params['status'] === '0' ? 0 : 1 }
      : { ...row, version: row.version + 1, values: { ...row.values, ...values() } };
    store.set(row.key, next);
    return envelope(200, next);
  };

  const calls = stubApi(handle);

  return {
    calls,
    /** The calls that change something. */
    writes: () => calls.filter((call) => call.method !== 'GET'),
    lists: () => calls.filter((call) => call.method === 'GET' && call.path === listPath),
    row: (key: string) => store.get(key),
    /** Someone else saves the row meanwhile. */
    changeBehind(key: string, values: Readonly<Record<string, EntityValue>>, by: string, at: number) {
      const row = store.get(key);
      if (row) store.set(key, { ...row, version: row.version + 1, modifiedBy: by, modifiedAt: at, values: { ...row.values, ...values } });
    },
    refuseNextSave(field: string, message: string) {
      refuseNext = { field, message };
    },
  };
}
