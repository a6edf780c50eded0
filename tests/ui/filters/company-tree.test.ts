// The company tree's pure side: nesting by parentCode and the subtree rules of checking and unchecking.
import { describe, expect, it } from 'vitest';
import { applyTreeSelection, buildCompanyTree, selectionSummary, subtreeCodes, type Company } from '../../../src/ui/filters/company-tree';

const COMPANIES: Company[] = [
  { code: 'G', name: '集团', parentCode: null },
  { code: 'N', name: '北区', parentCode: 'G' },
  { code: 'N1', name: '北一队', parentCode: 'N' },
  { code: 'S', name: '南区', parentCode: 'G' },
  { code: 'X', name: '外协', parentCode: 'HIDDEN' },
];
const ORDER = COMPANIES.map((company) => company.code);

describe('the company tree', () => {
  it('nests companies by parentCode and roots a company whose parent the user cannot see', () => {
    const roots = buildCompanyTree(COMPANIES);
    expect(roots.map((root) => root.code)).toEqual(['G', 'X']);
    expect(roots[0]?.children.map((child) => child.code)).toEqual(['N', 'S']);
    expect(roots[0]?.children[0]?.children.map((child) => child.code)).toEqual(['N1']);
  });

  it('keeps every company of a parent cycle instead of losing them', () => {
    const roots = buildCompanyTree([
      { code: 'A', name: 'A', parentCode: 'B' },
      { code: 'B', name: 'B', parentCode: 'A' },
    ]);
    expect([...subtreeCodes(roots).keys()].sort()).toEqual(['A', 'B']);
  });

  it('checking a parent brings its whole subtree, in the companies order', () => {
    const subtrees = subtreeCodes(buildCompanyTree(COMPANIES));
    expect(applyTreeSelection(['X'], ['X', 'N'], subtrees, ORDER)).toEqual(['N', 'N1', 'X']);
    expect(applyTreeSelection([], ['G'], subtrees, ORDER)).toEqual(['G', 'N', 'N1', 'S']);
  });

  it('unchecking a parent takes its subtree with it, unchecking a child leaves the rest', () => {
    const subtrees = subtreeCodes(buildCompanyTree(COMPANIES));
    expect(applyTreeSelection(['G', 'N', 'N1', 'S'], ['N', 'N1', 'S'], subtrees, ORDER)).toEqual([]);
    expect(applyTreeSelection(['G', 'N', 'N1', 'S'], ['G', 'N', 'S'], subtrees, ORDER)).toEqual(['G', 'N', 'S']);
  });

  it('names only the top-most selected companies and counts the rest', () => {
    const roots = buildCompanyTree(COMPANIES);
    expect(selectionSummary(roots, ['G', 'N', 'N1', 'S'])).toEqual({ names: ['集团'], more: 0 });
    expect(selectionSummary(roots, ['N1', 'S', 'X'])).toEqual({ names: ['北一队', '南区'], more: 1 });
  });
});
