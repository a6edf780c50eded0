// The one paging of every list: the page's rows, with the list's total or with whether rows follow; the bounds a query
// string's page and size get, and which lists refuse a large page with their own message.
import { describe, expect, it } from 'vitest';
import { ENTITY_PAGING, LIST_PAGING, pageSchema, readPage, REPORT_PAGING, sizeProblem, type PageSource } from '../../../server/routes/paging';

/** Rows 1…n, recording each read. */
function numbers(n: number): PageSource<number> & { readonly reads: string[] } {
  const rows = Array.from({ length: n }, (_, index) => index + 1);
  const reads: string[] = [];
  return {
    reads,
    count: () => {
      reads.push('count');
      return Promise.resolve(rows.length);
    },
    slice: (offset, limit) => {
      reads.push(`slice ${offset} ${limit}`);
      return Promise.resolve(rows.slice(offset, offset + limit));
    },
  };
}

describe('paging', () => {
  it('answers a page of a list with its total, counting first', async () => {
    const source = numbers(7);
    expect(await readPage(LIST_PAGING, { page: 2, size: 3 }, source)).toEqual({ rows: [4, 5, 6], total: 7 });
    expect(source.reads).toEqual(['count', 'slice 3 3']);
    expect(await readPage(ENTITY_PAGING, { page: 4, size: 3 }, numbers(7))).toEqual({ rows: [], total: 7 });
  });

  it('answers a report page with whether rows follow, from one row more and no count', async () => {
    const source = numbers(7);
    expect(await readPage(REPORT_PAGING, { page: 2, size: 3 }, source)).toEqual({ rows: [4, 5, 6], hasMore: true });
    expect(source.reads).toEqual(['slice 3 4']);
    expect(await readPage(REPORT_PAGING, { page: 3, size: 3 }, numbers(7))).toEqual({ rows: [7], hasMore: false });
    expect(await readPage(REPORT_PAGING, { page: 2, size: 3 }, numbers(6))).toEqual({ rows: [4, 5, 6], hasMore: false });
  });

  it("lets the schema refuse a shell list's large page, and a large entity or report page through to its own message", () => {
    expect(pageSchema(LIST_PAGING).size).toMatchObject({ minimum: 1, maximum: 500, default: 20 });
    expect(pageSchema(ENTITY_PAGING).size).toMatchObject({ minimum: 1, default: 50 });
    expect(pageSchema(REPORT_PAGING).size).toMatchObject({ minimum: 1, default: 100 });
    for (const paging of [ENTITY_PAGING, REPORT_PAGING]) expect(pageSchema(paging).size.maximum).toBeGreaterThan(paging.maxSize);
    expect(sizeProblem(ENTITY_PAGING, 1001)).toEqual({ key: 'report.error.pageSize', params: { max: 1000 } });
    expect(sizeProblem(ENTITY_PAGING, 1000)).toBeUndefined();
    expect(sizeProblem(LIST_PAGING, 501)).toBeUndefined();
  });
});
