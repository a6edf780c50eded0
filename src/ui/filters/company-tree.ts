// The company tree select's pure side: nesting companies by parentCode and turning tree clicks into a flat code list.

export interface Company {
  readonly code: string;
  readonly name: string;
  readonly parentCode: string | null;
}

export interface CompanyNode {
  readonly code: string;
  readonly name: string;
  readonly children: readonly CompanyNode[];
}

/**
 * Nests companies by parentCode, keeping their order. A company whose parent is not in the list (the user sees only
 * part of the hierarchy) is a root, and so is one caught in a parent cycle, so no company is ever lost.
 */
export function buildCompanyTree(companies: readonly Company[]): CompanyNode[] {
  const known = new Set(companies.map((company) => company.code));
  const childrenOf = new Map<string | null, Company[]>();
  for (const company of companies) {
    const parent = company.parentCode !== null && known.has(company.parentCode) ? company.parentCode : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), company]);
  }
  const placed = new Set<string>();
  const grow = (company: Company): CompanyNode => {
    placed.add(company.code);
    const children = (childrenOf.get(company.code) ?? []).filter((child) => !placed.has(child.code));
    return { code: company.code, name: company.name, children: children.map(grow) };
  };
  const roots = (childrenOf.get(null) ?? []).map(grow);
  for (const company of companies) if (!placed.has(company.code)) roots.push(grow(company));
  return roots;
}

/** Each code → its own code and every descendant's. */
export function subtreeCodes(roots: readonly CompanyNode[]): Map<string, readonly string[]> {
  const result = new Map<string, readonly string[]>();
  const walk = (node: CompanyNode): string[] => {
    const codes = [node.code, ...node.children.flatMap(walk)];
    result.set(node.code, codes);
    return codes;
  };
  roots.forEach(walk);
  return result;
}

/**
 * The new selection after the tree reported `next`: a company that became checked brings its whole subtree, one that
 * became unchecked takes its subtree with it. Codes come out in the companies' order so the value is stable.
 */
export function applyTreeSelection(
  previous: readonly string[],
  next: Iterable<string>,
  subtrees: ReadonlyMap<string, readonly string[]>,
  order: readonly string[],
): string[] {
  const before = new Set(previous);
  const after = new Set(next);
  const added = [...after].filter((code) => !before.has(code));
  const removed = [...before].filter((code) => !after.has(code));
  for (const code of removed) for (const inner of subtrees.get(code) ?? [code]) after.delete(inner);
  for (const code of added) for (const inner of subtrees.get(code) ?? [code]) after.add(inner);
  return order.filter((code) => after.has(code));
}

/**
 * The names the trigger shows: only the top-most selected companies (a selected parent stands for its subtree), at
 * most `max` of them, and how many more there are.
 */
export function selectionSummary(
  roots: readonly CompanyNode[],
  selected: readonly string[],
  max = 2,
): { readonly names: readonly string[]; readonly more: number } {
  const chosen = new Set(selected);
  const names: string[] = [];
  const walk = (node: CompanyNode): void => {
    if (chosen.has(node.code)) names.push(node.name);
    else node.children.forEach(walk);
  };
  roots.forEach(walk);
  return { names: names.slice(0, max), more: Math.max(0, names.length - max) };
}
