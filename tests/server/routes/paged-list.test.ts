// The paged-list helper on this layer's database: companies, time range, order and tie-break, page, total, mapper.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_FIELDS, RANGE_FIELDS, type QueryOf } from '../../../domain/wire/query-fields';
import type { Envelope } from '../../../domain/wire/envelope';
import type { Paged } from '../../../domain/wire/records';
import { pagedList } from '../../../server/routes/paged-list';
import { querySchema } from '../../../server/routes/query-schema';
import { openTestDatabase, type OpenedTestDatabase } from '../../helpers/test-database';

const LIST_QUERY = { ...PAGE_FIELDS, ...RANGE_FIELDS } as const;

/** Name, company and modify time of each fence; the three of C003 share one time. */
const FENCES = [
  ['a', 'C001', 100], ['b', 'C001', 200], ['c', 'C001', 300], ['hidden', 'C001', 400],
  ['d', 'C002', 500],
  ['t1', 'C003', 600], ['t2', 'C003', 600], ['t3', 'C003', 600],
] as const;

interface Listed {
  readonly id: number;
  readonly name: string;
}

describe('paged list', () => {
  let opened: OpenedTestDatabase;
  let app: FastifyInstance;
  /** The caller's companies for the next request. */
  let visible: readonly string[] = [];
  const ids = new Map<string, number>();

  const list = async (companies: readonly string[], query: Record<string, number> = {}, lang?: 'en') => {
    visible = companies;
    const answer = await app.inject({
      method: 'GET',
      url: '/fences',
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers: lang ? { cookie: `language=${lang}` } : {},
    });
    return answer.json<Envelope<Paged<Listed> | null>>();
  };
  const names = async (companies: readonly string[], query: Record<string, number> = {}) => {
    const { data } = await list(companies, query);
    return { names: data?.rows.map((row) => row.name), total: data?.total };
  };

  beforeAll(async () => {
    opened = await openTestDatabase();
    for (const code of new Set(FENCES.map(([, companyCode]) => companyCode))) {
      await opened.db.insertInto('company').values({ code, name: code, shortName: code, parentCode: null, address: '', phone: '', status: 1 }).execute();
    }
    for (const [name, companyCode, modifyTime] of FENCES) {
      const { id } = await opened.db
        .insertInto('fence')
        .values({
          name, type: 'circle', companyCode, approvalStatus: 0, modifier: 'manager', modifyTime, modifyType: 'new',
          approver: null, approvalTime: null, address: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(name, id);
    }
    app = Fastify();
    app.get<{ Querystring: QueryOf<typeof LIST_QUERY> }>('/fences', { schema: { querystring: querySchema(LIST_QUERY) } }, (request) =>
      pagedList(request, {
        // Aliased, so the helper's column references are table-qualified as in a join.
        from: opened.db.selectFrom('fence as f'),
        companyColumn: 'f.companyCode',
        companyCodes: visible,
        timeColumn: 'f.modifyTime',
        query: request.query,
        select: (rows) => rows.select(['f.id', 'f.name']),
        orderBy: [['f.modifyTime', 'desc'], ['f.id', 'desc']],
        // 'hidden' stands for a stored row that no longer fits the wire.
        toWire: (row): Listed | undefined => (row.name === 'hidden' ? undefined : row),
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await opened?.close();
  });

  it('lists the rows of the given companies only, latest first, in the envelope', async () => {
    expect(await list(['C002'])).toEqual({ resultCode: 200, message: 'success', data: { rows: [{ id: ids.get('d'), name: 'd' }], total: 1 } });
    expect(await names(['C002', 'C001'])).toEqual({ names: ['d', 'c', 'b', 'a'], total: 5 });
  });

  it('leaves out a row the mapper refuses but counts it in the total', async () => {
    expect(await names(['C001'])).toEqual({ names: ['c', 'b', 'a'], total: 4 });
  });

  it('answers an empty page for no companies', async () => {
    expect(await list([])).toEqual({ resultCode: 200, message: 'success', data: { rows: [], total: 0 } });
  });

  it.each([
    [{ startTime: 200, endTime: 300 }, ['c', 'b'], 2],
    [{ startTime: 300 }, ['c'], 2],
    [{ endTime: 100 }, ['a'], 1],
    [{ startTime: 200, endTime: 200 }, ['b'], 1],
  ])('bounds the time column by %j, both ends inclusive', async (query, expected, total) => {
    expect(await names(['C001'], query)).toEqual({ names: expected, total });
  });

  it('refuses a backwards range with 400 in the caller language', async () => {
    expect(await list(['C001'], { startTime: 300, endTime: 200 })).toEqual({ resultCode: 400, message: '开始时间不能晚于结束时间', data: null });
    expect((await list(['C001'], { startTime: 300, endTime: 200 }, 'en')).message).toBe('The start time must not be later than the end time');
  });

  it('breaks ties by the next column, so pages of equal times neither repeat nor skip a row', async () => {
    const first = await names(['C003'], { page: 1, size: 2 });
    const second = await names(['C003'], { page: 2, size: 2 });
    expect([...(first.names ?? []), ...(second.names ?? [])]).toEqual(['t3', 't2', 't1']);
    expect([first.total, second.total]).toEqual([3, 3]);
  });

  it('answers a page past the end with no rows and the total', async () => {
    expect(await names(['C001', 'C002'], { page: 3, size: 5 })).toEqual({ names: [], total: 5 });
  });
});
