// Query strings read and written without the DOM: what a browser's URLSearchParams writes reads back the same.
import { describe, expect, it } from 'vitest';
import { decodeQuery, encodeQuery } from '../../domain/query-string';

describe('query strings', () => {
  it('round-trips plates, Chinese text, separators and empty values', () => {
    const pairs: [string, string][] = [['signCode', '沪A·12345'], ['companyCodes', 'C001,C002'], ['note', 'a&b=c d'], ['empty', '']];
    expect(decodeQuery(encodeQuery(pairs))).toEqual(pairs);
  });

  it("reads what the browser's form encoding writes, '+' as a space", () => {
    const written = new URLSearchParams([['q', 'a b+c'], ['plate', '沪A']]).toString();
    expect(decodeQuery(`?${written}`)).toEqual([['q', 'a b+c'], ['plate', '沪A']]);
  });

  it('leaves out absent values and keeps a malformed escape as typed', () => {
    expect(encodeQuery([['a', undefined], ['b', '1']])).toBe('b=1');
    expect(decodeQuery('x=%E0%A4%A&y')).toEqual([['x', '%E0%A4%A'], ['y', '']]);
  });
});
