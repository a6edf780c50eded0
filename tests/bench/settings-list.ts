// The master-data list's first page with a search and a sort, as the console asks it: p50 and p95 over the HTTP call
// to the server process, and, read from the database directly, the server's own SQL of each page (the count and the
// page) with its plan and its time, which tell where the time goes when a page misses the goal.
import { CompiledQuery, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { openDatabase } from '../../server/db/open';
import type { DatabaseTarget } from '../../server/db/target';
import { listPage, type EntityListQuery } from '../../server/entities/entity-list';
import { entityDb } from '../../server/entities/entity-table';
import { DEMO_ACCOUNTS } from '../../server/seed/accounts';
import type { EntityDef } from '../../domain/screens/entities/definition';
import { entityFor } from '../../domain/screens/entities/registry';
import { entityCallPath, type EntityPage } from '../../domain/screens/entities/wire';
import { API, login } from '../helpers/api';
import { quantile } from './settings-figures';

export const LIST_GOAL_MS = 50;

export const TRUCK = entityFor('/setting/base_data/truck') ?? missing('truck');
const DRIVER = entityFor('/setting/base_data/driver') ?? missing('driver');

function missing(name: string): never {
  throw new Error(`the ${name} screen has no entity definition`);
}

interface ListCase {
  readonly name: string;
  readonly def: EntityDef;
  /** Who asks: the administrator (every company) or the manager (four of five). */
  readonly user: 'admin' | 'manager';
  readonly query: Readonly<Record<string, string>>;
}

/** Plates are '沪A·D1234'; drivers' names are a surname and one or two given characters ('王' is the commonest surname). */
const LIST_CASES: readonly ListCase[] = [
  { name: 'trucks by plate, no search', def: TRUCK, user: 'admin', query: { sort: 'signCode', order: 'asc' } },
  { name: "trucks by plate, plate contains '12'", def: TRUCK, user: 'admin', query: { signCode: '12', sort: 'signCode', order: 'asc' } },
  { name: "trucks by plate, plate contains 'd123'", def: TRUCK, user: 'admin', query: { signCode: 'd123', sort: 'signCode', order: 'asc' } },
  { name: "trucks by plate desc, plate contains '12' (manager)", def: TRUCK, user: 'manager', query: { signCode: '12', sort: 'signCode', order: 'desc' } },
  { name: 'trucks by company', def: TRUCK, user: 'admin', query: { sort: 'companyCode', order: 'asc' } },
  { name: "trucks by company, plate contains '5'", def: TRUCK, user: 'admin', query: { signCode: '5', sort: 'companyCode', order: 'desc' } },
  { name: 'drivers by code, no search', def: DRIVER, user: 'admin', query: { sort: 'code', order: 'asc' } },
  { name: "drivers by code, name contains '王'", def: DRIVER, user: 'admin', query: { name: '王', sort: 'code', order: 'asc' } },
  { name: "drivers by code, name contains '明'", def: DRIVER, user: 'admin', query: { name: '明', sort: 'code', order: 'asc' } },
  { name: "drivers by name, name contains '李' (manager)", def: DRIVER, user: 'manager', query: { name: '李', sort: 'name', order: 'asc' } },
];

interface ListFigure {
  readonly name: string;
  readonly total: number;
  readonly p50: number;
  readonly p95: number;
  /** The server's own queries run on the database directly: the count and the page, median ms, and their plans. */
  readonly queries: readonly { readonly what: 'count' | 'page' | 'labels'; readonly ms: number; readonly plan: string }[];
}

/** Records every query the wrapped database runs, as the database receives it (after the snake-case plugin). */
class Recorder implements KyselyPlugin {
  readonly seen: RootOperationNode[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.seen.push(args.node);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const firstPage = (query: Readonly<Record<string, string>>): EntityListQuery => ({ page: 1, size: 50, ...query }) as EntityListQuery;

/** One plan line per step: SQLite's EXPLAIN QUERY PLAN details, PostgreSQL's EXPLAIN ANALYZE nodes with their times. */
async function planOf(run: (query: CompiledQuery) => Promise<QueryResult<UnknownRow>>, kind: DatabaseTarget['kind'], compiled: CompiledQuery): Promise<string> {
  if (kind === 'sqlite') {
    const rows = (await run(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]))).rows;
    return rows.map((row) => String(row['detail'])).join('; ');
  }
  const rows = (await run(CompiledQuery.raw(`explain (analyze, costs off, timing on) ${compiled.sql}`, [...compiled.parameters]))).rows;
  return rows
    .map((row) => String(row['QUERY PLAN']))
    .filter((line) => !/^\s*(Planning|Execution) Time|Buffers|Memory Usage/.test(line))
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .join('; ');
}

export async function measureLists(base: string, target: DatabaseTarget, runs: number): Promise<ListFigure[]> {
  const tokens = { admin: (await login(base, 'admin')).token, manager: (await login(base, 'manager')).token };
  const opened = await openDatabase(target);
  const recorder = new Recorder();
  const db = opened.db.withPlugin(recorder);
  const executor = opened.db.getExecutor();
  const run = (query: CompiledQuery) => executor.executeQuery<UnknownRow>(query);
  const allCompanies = (await opened.db.selectFrom('company').select('code').execute()).map((company) => company.code);
  const figures: ListFigure[] = [];
  try {
    for (const item of LIST_CASES) {
      const url = `${base}${API}${entityCallPath(item.def.path)}?${new URLSearchParams({ page: '1', size: '50', ...item.query }).toString()}`;
      const get = async (): Promise<{ ms: number; page: EntityPage }> => {
        const t0 = performance.now();
        const answer = (await (await fetch(url, { headers: { 'header-id': tokens[item.user] } })).json()) as { resultCode: number; message: string; data: EntityPage };
        const ms = performance.now() - t0;
        if (answer.resultCode !== 200) throw new Error(`${item.name}: ${answer.resultCode} ${answer.message}`);
        return { ms, page: answer.data };
      };
      // Two calls first: the server's first call of a route compiles its schema and warms the page cache.
      await get();
      const { page } = await get();
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) times.push((await get()).ms);

      const account = DEMO_ACCOUNTS.find((candidate) => candidate.userName === item.user);
      const companies = item.user === 'admin' ? allCompanies : [...(account?.companies ?? [])];
      recorder.seen.length = 0;
      await listPage(entityDb(db), item.def, companies, firstPage(item.query), item.user === 'admin');
      const queries: ListFigure['queries'][number][] = [];
      for (const [index, node] of recorder.seen.entries()) {
        const compiled = executor.compileQuery<UnknownRow>(node, { queryId: `bench-${index}` });
        const ms: number[] = [];
        for (let i = 0; i < 7; i += 1) {
          const t0 = performance.now();
          await run(compiled);
          ms.push(performance.now() - t0);
        }
        queries.push({ what: index === 0 ? 'count' : index === 1 ? 'page' : 'labels', ms: quantile(ms, 0.5), plan: await planOf(run, target.kind, compiled) });
      }
      figures.push({ name: item.name, total: page.total, p50: quantile(times, 0.5), p95: quantile(times, 0.95), queries });
    }
  } finally {
    await opened.db.destroy();
  }
  return figures;
}
