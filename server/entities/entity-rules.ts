// The rules of params spec §5 only the server can check, run inside the write's transaction: a company field names one
// of the caller's companies, a unique field holds no other row's value, and an organisation is never its own ancestor.
import { sql } from 'kysely';
import { translate, type Lang } from '../../src/domain/i18n';
import type { EntityDef } from '../../src/domain/screens/entities/definition';
import type { FieldProblem } from '../../src/domain/screens/entities/validate';
import { PARENT_FIELD, type Cell, type EntityDb, type StoredRow } from './entity-table';

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

/**
 * The first unique field whose value another row holds ('<label> has existed', the label in the caller's language).
 * Uniqueness is over every row, as the database's constraint is, whoever's company holds the other one.
 */
export async function uniqueProblem(
  db: EntityDb,
  def: EntityDef,
  lang: Lang,
  values: Readonly<Record<string, Cell>>,
  exceptKey?: Cell,
): Promise<FieldProblem | undefined> {
  for (const field of def.fields) {
    const value = values[field.key];
    if (field.unique !== true || value === undefined || value === null || value === '') continue;
    let other = db.selectFrom(def.table).select(sql.ref(def.key).as('key')).where(sql.ref(field.key), '=', value);
    if (exceptKey !== undefined) other = other.where(sql.ref(def.key), '<>', exceptKey);
    if (await other.limit(1).executeTakeFirst()) {
      return { field: field.key, key: 'validation.hasExisted', params: { field: translate(lang, field.labelKey) } };
    }
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
