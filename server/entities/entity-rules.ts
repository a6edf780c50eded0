// The rules of params spec §5 only the server can check, run inside the write's transaction: a company field names one
// of the caller's companies, a unique field holds no other row's value (of its company, or of any for a global one),
// and an organisation is never its own ancestor.
import { sql } from 'kysely';
import { translate, type Lang } from '../../domain/i18n';
import type { EntityDef, EntityField } from '../../domain/screens/entities/definition';
import type { FieldProblem } from '../../domain/screens/entities/validate';
import { inCompanies } from '../auth/company-scope';
import { PARENT_FIELD, inScope, type Cell, type EntityDb, type StoredRow } from './entity-table';

/** Who is writing, as the rules and the version stamp need them. */
export interface Caller {
  readonly userId: number;
  readonly userName: string;
  readonly superMan: boolean;
  /** userPri: the companies whose rows the caller sees and may name. */
  readonly companyCodes: readonly string[];
  readonly lang: Lang;
}

/**
 * A company field's problem: a company outside the caller's. An organisation's parent may be left empty (a new top
 * organisation) by a superMan only: anyone else's organisations hang below one of theirs. A value the row already
 * holds passes, so an edit of other fields never fails on a parent the caller did not choose.
 */
export function companyProblem(def: EntityDef, caller: Caller, values: Readonly<Record<string, Cell>>, before?: StoredRow): FieldProblem | undefined {
  for (const field of def.fields) {
    if (field.type !== 'company' || !(field.key in values)) continue;
    const value = values[field.key] ?? null;
    if (before !== undefined && value === (before[field.key] ?? null)) continue;
    if (value === null) {
      if (def.scope === 'organisation' && field.key === PARENT_FIELD && !caller.superMan) return { field: field.key, key: 'validation.required' };
      continue;
    }
    if (typeof value !== 'string' || !caller.companyCodes.includes(value)) return { field: field.key, key: 'validation.option' };
  }
  return undefined;
}

/** A stored row holding a unique value: the value, its company (a company rule's), and whether the caller sees that row. */
interface UniqueHolder {
  readonly value: Cell;
  readonly company: Cell;
  readonly seen: boolean;
}

/**
 * The stored rows holding any of `values` in a unique field, other than `exceptKey`: among the rows of `companies` for
 * a company rule, of every company for a global one. One query for any number of values (a whole import's).
 */
export async function uniqueHolders(
  db: EntityDb,
  def: EntityDef,
  caller: Caller,
  field: EntityField,
  values: readonly Cell[],
  companies: readonly Cell[],
  exceptKey?: Cell,
): Promise<UniqueHolder[]> {
  const inCompany = field.unique === 'company';
  if (values.length === 0 || (inCompany && companies.length === 0)) return [];
  let query = db
    .selectFrom(def.table)
    .select((eb) => [
      sql.ref<Cell>(field.key).as('value'),
      ...(inCompany ? [sql.ref<Cell>('companyCode').as('company')] : []),
      eb.case().when(inScope(eb, def, caller.companyCodes, caller.superMan)).then(1).else(0).end().as('seen'),
    ])
    .where(sql.ref(field.key), 'in', [...values]);
  if (inCompany) query = query.where((eb) => inCompanies(eb, 'companyCode', companies.flatMap((code) => (typeof code === 'string' ? [code] : []))));
  if (exceptKey !== undefined) query = query.where(sql.ref(def.key), '<>', exceptKey);
  const rows = await query.execute();
  return rows.map((row) => ({ value: row.value, company: row['company'] ?? null, seen: Number(row.seen) === 1 }));
}

/**
 * A unique value held by another row: '<label> has existed' (the label in the caller's language) when the caller sees
 * that row, as it always does for a company rule (the row's company is the caller's: companyProblem runs first), so a
 * refusal never tells of another company's record. A global value held by a row the caller cannot see (another
 * tenant's plate, a superMan's role) is only 'taken': that it is not free is all the refusal can help saying.
 */
export function heldProblem(field: EntityField, lang: Lang, seen: boolean): FieldProblem {
  return { field: field.key, key: seen ? 'validation.hasExisted' : 'validation.taken', params: { field: translate(lang, field.labelKey) } };
}

/**
 * The first unique field whose value another row holds, for a row as it will be stored (`row`: a new one's values, an
 * edit's merged over the stored row, so a row moved to another company is checked there): within the row's company, or
 * over every row for a global rule, as the database's unique indexes are.
 */
export async function uniqueProblem(
  db: EntityDb,
  def: EntityDef,
  caller: Caller,
  row: Readonly<Record<string, Cell>>,
  exceptKey?: Cell,
): Promise<FieldProblem | undefined> {
  for (const field of def.fields) {
    const value = row[field.key];
    if (field.unique === undefined || value === undefined || value === null || value === '') continue;
    const company = row['companyCode'] ?? null;
    // A company rule on a row without its company: the company's own refusal (required) comes first.
    if (field.unique === 'company' && company === null) continue;
    const [holder] = await uniqueHolders(db, def, caller, field, [value], [company], exceptKey);
    if (holder) return heldProblem(field, caller.lang, holder.seen);
  }
  return undefined;
}

/** 'noParentCycle' without reading the tree: a row named as its own parent (a new one too, before its code exists). */
export function ownParentProblem(def: EntityDef, own: Cell | undefined, parent: Cell | undefined): FieldProblem | undefined {
  if (def.rules?.includes('noParentCycle') !== true || parent === null || parent === undefined || parent !== own) return undefined;
  return { field: PARENT_FIELD, key: 'validation.orgOwnParent' };
}

/**
 * 'noParentCycle': walks up from the proposed parent through the whole stored tree; reaching the row itself means it
 * would be its own parent or ancestor. Run in the write's transaction, under the tree's lock (entity-write.ts).
 */
export async function cycleProblem(db: EntityDb, def: EntityDef, own: Cell | undefined, parent: Cell | undefined): Promise<FieldProblem | undefined> {
  if (def.rules?.includes('noParentCycle') !== true || typeof parent !== 'string' || own === undefined || own === null) return undefined;
  const problem: FieldProblem = { field: PARENT_FIELD, key: 'validation.orgOwnParent' };
  const tree = await db.selectFrom(def.table).select([sql.ref<Cell>(def.key).as('key'), sql.ref<Cell>(PARENT_FIELD).as('parent')]).execute();
  const parentOf = new Map(tree.map((node) => [node.key, node.parent]));
  const seen = new Set<Cell>();
  // `seen` stops at a loop already stored (none should be), so a bad tree cannot hang a save.
  for (let at: Cell | undefined = parent; at !== null && at !== undefined && !seen.has(at); at = parentOf.get(at)) {
    if (at === own) return problem;
    seen.add(at);
  }
  return undefined;
}
