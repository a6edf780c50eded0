// A bulk import of a definition's rows from its template: the file read, every row checked as a single save
// would be, and either every row inserted in one transaction, stamped as a new row is (enabled, version 1, the caller
// and the time), or none and every problem listed by row, column and message in the caller's language.
import { sql } from 'kysely';
import { translate, type LocaleKey, type LocaleValues } from '../../domain/i18n';
import type { EntityDef } from '../../domain/screens/entities/definition';
import { IMPORT_PROBLEMS_SHOWN, type ImportProblem, type ImportRefusal } from '../../domain/screens/entities/transfer';
import { inTransaction } from '../db/transaction';
import { cellReader, companyChoices } from './entity-import-columns';
import { checkRows, type CheckedRow, type RowProblem } from './entity-import-check';
import { readSheet, type SheetProblem } from './entity-import-read';
import { entityDb, type Cell, type EntityDb } from './entity-table';
import { newRowStamp, type WriteContext } from './entity-write';

type ImportResult =
  /** The file as a whole: not a workbook, empty, too many rows. */
  | { readonly kind: 'refused'; readonly key: LocaleKey; readonly params?: LocaleValues }
  /** Some rows (or the header) break a rule: nothing was inserted. */
  | { readonly kind: 'problems'; readonly refusal: ImportRefusal }
  /** Every row inserted; a key per company, for the consoles told of the change. */
  | { readonly kind: 'imported'; readonly count: number; readonly changed: readonly { readonly key: string; readonly companyCode: string | null }[] };

/** Bound parameters per INSERT, well below SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMS_PER_INSERT = 10_000;

function refusal(problems: readonly ImportProblem[]): ImportResult {
  const rows = new Set(problems.map((problem) => problem.row)).size;
  return { kind: 'problems', refusal: { rows, more: Math.max(0, problems.length - IMPORT_PROBLEMS_SHOWN), problems: problems.slice(0, IMPORT_PROBLEMS_SHOWN) } };
}

async function insertRows(db: EntityDb, def: EntityDef, ctx: WriteContext, rows: readonly CheckedRow[]): Promise<ImportResult> {
  const stamp = newRowStamp(ctx);
  const perInsert = Math.max(1, Math.floor(PARAMS_PER_INSERT / (def.fields.length + Object.keys(stamp).length)));
  const changed = new Map<string | null, string>();
  for (let start = 0; start < rows.length; start += perInsert) {
    const chunk = rows.slice(start, start + perInsert);
    const inserted = await db
      .insertInto(def.table)
      .values(chunk.map((row) => ({ ...def.insertDefaults, ...row.values, ...stamp })))
      .returning([sql.ref<Cell>(def.key).as('key'), ...(def.scope === 'company' ? [sql.ref<Cell>('companyCode').as('companyCode')] : [])])
      .execute();
    for (const row of inserted) {
      const company = typeof row['companyCode'] === 'string' ? row['companyCode'] : null;
      if (!changed.has(company)) changed.set(company, String(row['key']));
    }
  }
  return { kind: 'imported', count: rows.length, changed: [...changed].map(([companyCode, key]) => ({ key, companyCode })) };
}

export async function importSheet(ctx: WriteContext, def: EntityDef, data: Buffer): Promise<ImportResult> {
  const { lang } = ctx.caller;
  const labelOf = (key: string): string => {
    const field = def.fields.find((candidate) => candidate.key === key);
    return field ? translate(lang, field.labelKey) : '';
  };
  const companies = await companyChoices(ctx.db, ctx.caller.companyCodes);
  const read = await readSheet(def, data, cellReader(companies), (field) => translate(lang, field.labelKey));
  if (read.kind === 'refused') return read;
  const fromSheet = (problem: SheetProblem): ImportProblem => ({ row: problem.row, field: problem.field, label: problem.label, message: translate(lang, problem.key, problem.params) });
  if (read.kind === 'header') return refusal(read.problems.map(fromSheet));
  const fromRow = ({ row, problem }: RowProblem): ImportProblem => ({ row, field: problem.field, label: labelOf(problem.field), message: translate(lang, problem.key, problem.params) });

  const attempt = () =>
    inTransaction(ctx.db, async (trx) => {
      // Checked inside the transaction that inserts, as a single save is (entity-write.ts createRow).
      const checked = await checkRows(entityDb(trx), def, ctx.caller, read.rows);
      if (checked.problems.length > 0) return refusal(checked.problems.map(fromRow));
      return insertRows(entityDb(trx), def, ctx, checked.rows);
    });
  try {
    return await attempt();
  } catch (error) {
    // Another writer took a unique value between the check and the insert: the rows are judged again, afresh.
    const checked = await checkRows(entityDb(ctx.db), def, ctx.caller, read.rows);
    if (checked.problems.length > 0) return refusal(checked.problems.map(fromRow));
    throw error;
  }
}
