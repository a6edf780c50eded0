// References between screens (a driver's default truck, a user's role): sent and shown by the named row's label (a
// plate, a role name), stored as its id. A save resolves each label among the rows the caller may use; a page reads
// the labels of the ids it holds in one query per reference field.
import { sql } from 'kysely';
import { keptInCompany, type EntityDef, type EntityField } from '../../domain/screens/entities/definition';
import { entityFor } from '../../domain/screens/entities/registry';
import type { FieldProblem } from '../../domain/screens/entities/validate';
import type { Caller } from './entity-rules';
import { inScope, type Cell, type EntityDb, type ReferenceLabels, type StoredRow } from './entity-table';

/** The screen a reference names, or an error: a definition naming a screen without one is a programming mistake. */
export function referencedDef(field: EntityField): EntityDef {
  const def = field.ref && entityFor(field.ref.path);
  if (!def || !field.ref) throw new Error(`reference ${field.key} names no entity screen`);
  return def;
}

const referenceFields = (def: EntityDef) => def.fields.filter((field) => field.type === 'reference');


/**
 * Replaces each reference's label in `values` by the id of the row it names, or answers the first label naming no
 * row the caller may use, or one of another company than the row's (`rowCompany`). Labels are unique (a plate, a role
 * name), so one row at most matches.
 */
export async function resolveReferences(
  db: EntityDb,
  def: EntityDef,
  caller: Caller,
  values: Record<string, Cell>,
  rowCompany: Cell | undefined,
): Promise<FieldProblem | undefined> {
  for (const field of referenceFields(def)) {
    const label = values[field.key];
    if (label === undefined || label === null) continue;
    const target = referencedDef(field);
    const withCompany = keptInCompany(def, target);
    const found = await db
      .selectFrom(target.table)
      .select([sql.ref<Cell>(target.key).as('key'), ...(withCompany ? [sql.ref<Cell>('companyCode').as('companyCode')] : [])])
      .where(sql.ref(field.ref?.label ?? target.key), '=', label)
      .where((eb) => inScope(eb, target, caller.companyCodes, caller.superMan))
      .executeTakeFirst();
    if (!found) return { field: field.key, key: 'validation.reference', params: { value: String(label) } };
    if (withCompany && found['companyCode'] !== rowCompany) return { field: field.key, key: 'validation.referenceCompany', params: { value: String(label) } };
    values[field.key] = found.key;
  }
  return undefined;
}

/** The labels of the rows these rows' references name, whoever may see them (a row shows what it holds). */
export async function referenceLabels(db: EntityDb, def: EntityDef, rows: readonly StoredRow[]): Promise<ReferenceLabels> {
  const labels = new Map<string, ReadonlyMap<number, string>>();
  for (const field of referenceFields(def)) {
    const ids = [...new Set(rows.map((row) => row[field.key]).filter((id): id is number => id !== null && id !== undefined).map(Number))];
    if (ids.length === 0) continue;
    const target = referencedDef(field);
    const found = await db
      .selectFrom(target.table)
      .select([sql.ref<Cell>(target.key).as('key'), sql.ref<Cell>(field.ref?.label ?? target.key).as('label')])
      .where(sql.ref(target.key), 'in', ids)
      .execute();
    labels.set(field.key, new Map(found.map((row) => [Number(row.key), String(row.label)])));
  }
  return labels;
}
