// Every row of an upload checked with the rules of a single save (entity-write.ts createRow): the field rules of
// validate.ts, a company among the caller's, and each unique field's value held by no stored row and by no other row of
// the file (of the row's company, or of any for a global rule), and each reference's label naming a row the caller may
// use (entity-references.ts), which then stores its id.
// Uniqueness and references are one query per field for the whole file, not one per row.
import { sql } from 'kysely';
import { translate } from '../../domain/i18n';
import { keptInCompany, type EntityDef } from '../../domain/screens/entities/definition';
import { entityProblems, type FieldProblem } from '../../domain/screens/entities/validate';
import type { SheetRow } from './entity-import-read';
import { referencedDef } from './entity-references';
import { companyProblem, heldProblem, uniqueHolders, type Caller } from './entity-rules';
import { inScope, storedValues, type Cell, type EntityDb } from './entity-table';

/** A row's problem on one field. */
export interface RowProblem {
  readonly row: number;
  readonly problem: FieldProblem;
}

/** A row ready to insert: its sheet row and its stored values. */
export interface CheckedRow {
  readonly row: number;
  readonly values: Readonly<Record<string, Cell>>;
}

interface CheckedRows {
  readonly rows: readonly CheckedRow[];
  /** In row order, then the definition's field order. */
  readonly problems: readonly RowProblem[];
}

/** What the file itself gets wrong: each field's rules, then the company; one problem per field at most. */
function ownProblems(def: EntityDef, caller: Caller, sheetRow: SheetRow, values: Readonly<Record<string, Cell>>): FieldProblem[] {
  const problems = entityProblems(def, sheetRow.input, 'create');
  const company = companyProblem(def, caller, values);
  if (company && !problems.some((problem) => problem.field === company.field)) problems.push(company);
  return problems;
}

/**
 * Unique values another row holds: of the file (the first one keeps it) or stored. A company rule compares a row with
 * the rows of its own company only, in the file and stored; a row whose company is refused is not compared at all, so
 * no answer tells of a company the caller does not hold.
 */
async function uniqueProblems(db: EntityDb, def: EntityDef, caller: Caller, rows: readonly CheckedRow[], badFields: ReadonlySet<string>): Promise<RowProblem[]> {
  const problems: RowProblem[] = [];
  for (const field of def.fields) {
    if (field.unique === undefined) continue;
    const inCompany = field.unique === 'company';
    const params = { field: translate(caller.lang, field.labelKey) };
    /** Where a value must be unique: its company's rows, or all. */
    const placeOf = (values: Readonly<Record<string, Cell>>, value: Cell) => JSON.stringify(inCompany ? [values['companyCode'] ?? null, value] : [value]);
    const firstRow = new Map<string, number>();
    const owners: { readonly row: number; readonly place: string }[] = [];
    const companies = new Set<Cell>();
    const asked = new Set<Cell>();
    for (const { row, values } of rows) {
      const value = values[field.key];
      if (value === undefined || value === null || value === '' || badFields.has(`${row}:${field.key}`)) continue;
      if (inCompany && (values['companyCode'] === null || values['companyCode'] === undefined || badFields.has(`${row}:companyCode`))) continue;
      const place = placeOf(values, value);
      const first = firstRow.get(place);
      if (first !== undefined) {
        problems.push({ row, problem: { field: field.key, key: 'entityTransfer.duplicateInFile', params: { ...params, row: first } } });
        continue;
      }
      firstRow.set(place, row);
      owners.push({ row, place });
      asked.add(value);
      if (inCompany) companies.add(values['companyCode'] ?? null);
    }
    // One query for the whole file, over the stored rows the database's unique index compares (entity-rules.ts).
    const holders = await uniqueHolders(db, def, caller, field, [...asked], [...companies]);
    const seenAt = new Map(holders.map((holder) => [JSON.stringify(inCompany ? [holder.company, holder.value] : [holder.value]), holder.seen]));
    for (const owner of owners) {
      const seen = seenAt.get(owner.place);
      if (seen !== undefined) problems.push({ row: owner.row, problem: heldProblem(field, caller.lang, seen) });
    }
  }
  return problems;
}

/** Each reference's label replaced by the id of the row it names; a label naming none of the caller's rows is a problem. */
async function referenceProblems(db: EntityDb, def: EntityDef, caller: Caller, rows: readonly { readonly row: number; readonly values: Record<string, Cell> }[], badFields: ReadonlySet<string>): Promise<RowProblem[]> {
  const problems: RowProblem[] = [];
  for (const field of def.fields) {
    if (field.type !== 'reference') continue;
    const labelled = rows.filter(({ row, values }) => typeof values[field.key] === 'string' && !badFields.has(`${row}:${field.key}`));
    if (labelled.length === 0) continue;
    const target = referencedDef(field);
    const labelColumn = field.ref?.label ?? target.key;
    const withCompany = keptInCompany(def, target);
    const found = await db
      .selectFrom(target.table)
      .select([
        sql.ref<Cell>(target.key).as('key'),
        sql.ref<Cell>(labelColumn).as('label'),
        ...(withCompany ? [sql.ref<Cell>('companyCode').as('companyCode')] : []),
      ])
      .where(sql.ref(labelColumn), 'in', [...new Set(labelled.map(({ values }) => values[field.key] ?? null))])
      .where((eb) => inScope(eb, target, caller.companyCodes, caller.superMan))
      .execute();
    const byLabel = new Map(found.map((entry) => [String(entry.label), entry]));
    for (const { row, values } of labelled) {
      const label = String(values[field.key]);
      const named = byLabel.get(label);
      if (named === undefined) problems.push({ row, problem: { field: field.key, key: 'validation.reference', params: { value: label } } });
      else if (withCompany && named['companyCode'] !== values['companyCode']) {
        problems.push({ row, problem: { field: field.key, key: 'validation.referenceCompany', params: { value: label } } });
      } else values[field.key] = named.key;
    }
  }
  return problems;
}

/** The upload's rows as they would be stored, and every problem found; none means every row may be inserted. */
export async function checkRows(db: EntityDb, def: EntityDef, caller: Caller, sheetRows: readonly SheetRow[]): Promise<CheckedRows> {
  const rows: { readonly row: number; readonly values: Record<string, Cell> }[] = [];
  const problems: RowProblem[] = [];
  const badFields = new Set<string>();
  for (const sheetRow of sheetRows) {
    const values = storedValues(def, sheetRow.input, 'create');
    rows.push({ row: sheetRow.row, values });
    for (const problem of ownProblems(def, caller, sheetRow, values)) {
      problems.push({ row: sheetRow.row, problem });
      badFields.add(`${sheetRow.row}:${problem.field}`);
    }
  }
  problems.push(...(await uniqueProblems(db, def, caller, rows, badFields)), ...(await referenceProblems(db, def, caller, rows, badFields)));
  const order = new Map(def.fields.map((field, index) => [field.key, index]));
  problems.sort((a, b) => a.row - b.row || (order.get(a.problem.field) ?? -1) - (order.get(b.problem.field) ?? -1));
  return { rows, problems };
}
