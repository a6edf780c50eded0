// Saving master data: a new row, an edit and a status change, each one transaction with every rule checked inside it.
// An edit or a status change names the version it was made on: `where key = ? and version = ?`, version + 1 and the
// caller's name and time; a stale one is refused with the row as it is now (issue 14, "Nothing lost").
import { ENTITY_STATUS, type EntityDef, type EntityStatus } from '../../src/domain/screens/entities/definition';
import { entityProblems, type EntityInput, type FieldProblem } from '../../src/domain/screens/entities/validate';
import type { EntityRow } from '../../src/domain/screens/entities/wire';
import type { Db } from '../db/open';
import { inTransaction } from '../db/transaction';
import { takeWriteOrder } from '../db/write-order';
import { companyProblem, cycleProblem, ownParentProblem, uniqueProblem, type Caller } from './entity-rules';
import {
  PARENT_FIELD, columnsOf, entityDb, findRow, keyCell, storedValues, toEntityRow, type Cell, type EntityDb, type StoredRow,
} from './entity-table';

export type WriteResult =
  | { readonly kind: 'saved'; readonly row: EntityRow }
  | { readonly kind: 'refused'; readonly problem: FieldProblem }
  | { readonly kind: 'conflict'; readonly current: EntityRow }
  | { readonly kind: 'notFound' };

export interface WriteContext {
  readonly db: Db;
  readonly caller: Caller;
  readonly now: number;
}

const refused = (problem: FieldProblem): WriteResult => ({ kind: 'refused', problem });
const NOT_FOUND: WriteResult = { kind: 'notFound' };
const conflict = (def: EntityDef, current: StoredRow): WriteResult => ({ kind: 'conflict', current: toEntityRow(def, current) });

/** Changes of the organisation tree take turns (PostgreSQL; SQLite has one writer): each is checked against the whole tree. */
async function lockTree(trx: Db, def: EntityDef): Promise<void> {
  if (def.rules?.includes('noParentCycle') === true) await takeWriteOrder(trx, 'organisationTree');
}

/** SQLite's and PostgreSQL's unique-constraint failures: a concurrent save took the value between our check and write. */
function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}

/** Runs a write; a unique value taken meanwhile by another writer is answered as the rule's refusal, read afresh. */
async function guarded(ctx: WriteContext, def: EntityDef, values: Readonly<Record<string, Cell>>, exceptKey: Cell | undefined, work: () => Promise<WriteResult>): Promise<WriteResult> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const problem = await uniqueProblem(entityDb(ctx.db), def, ctx.caller.lang, values, exceptKey);
    if (!problem) throw error;
    return refused(problem);
  }
}

/** A new row, enabled at version 1 and stamped with its creator. A new organisation of a non-superMan is granted to them. */
export async function createRow(ctx: WriteContext, def: EntityDef, input: EntityInput): Promise<WriteResult> {
  const values = storedValues(def, input, 'create');
  const own = def.key === 'code' ? values['code'] : undefined;
  const problem = entityProblems(def, input, 'create')[0] ?? ownParentProblem(def, own, values[PARENT_FIELD]) ?? companyProblem(def, ctx.caller, values);
  if (problem) return refused(problem);
  return guarded(ctx, def, values, undefined, () =>
    inTransaction(ctx.db, async (trx) => {
      const db = entityDb(trx);
      await lockTree(trx, def);
      const issue = (await uniqueProblem(db, def, ctx.caller.lang, values)) ?? (await cycleProblem(db, def, own, values[PARENT_FIELD]));
      if (issue) return refused(issue);
      const stamp = { status: ENTITY_STATUS.enabled, version: 1, modifiedBy: ctx.caller.userName, modifiedAt: ctx.now };
      const row = await db.insertInto(def.table).values({ ...values, ...stamp }).returning(columnsOf(def)).executeTakeFirstOrThrow();
      if (def.scope === 'organisation' && !ctx.caller.superMan && typeof own === 'string') {
        // Otherwise its creator could not see it: an organisation is the caller's when it is among their companies.
        await trx.insertInto('userCompany').values({ userId: ctx.caller.userId, companyCode: own }).execute();
      }
      return { kind: 'saved', row: toEntityRow(def, row) } as const;
    }),
  );
}

/** The write itself, on the version read: none written means another writer committed first. */
async function writeVersion(db: EntityDb, ctx: WriteContext, def: EntityDef, key: Cell, version: number, changes: Readonly<Record<string, Cell>>): Promise<WriteResult> {
  const stamp = { version: version + 1, modifiedBy: ctx.caller.userName, modifiedAt: ctx.now };
  const row = await db
    .updateTable(def.table)
    .set({ ...changes, ...stamp })
    .where(def.key, '=', key)
    .where('version', '=', version)
    .returning(columnsOf(def))
    .executeTakeFirst();
  if (row) return { kind: 'saved', row: toEntityRow(def, row) };
  const current = await findRow(db, def, key, ctx.caller.companyCodes);
  return current ? conflict(def, current) : NOT_FOUND;
}

/** An edit of the fields sent (never a fixed one) on the version the caller read. */
export async function updateRow(ctx: WriteContext, def: EntityDef, rawKey: string, input: EntityInput, version: number): Promise<WriteResult> {
  const problem = entityProblems(def, input, 'update')[0];
  if (problem) return refused(problem);
  const key = keyCell(def, rawKey);
  if (key === undefined) return NOT_FOUND;
  const values = storedValues(def, input, 'update');
  return guarded(ctx, def, values, key, () =>
    inTransaction(ctx.db, async (trx) => {
      const db = entityDb(trx);
      await lockTree(trx, def);
      const before = await findRow(db, def, key, ctx.caller.companyCodes);
      if (!before) return NOT_FOUND;
      if (Number(before['version']) !== version) return conflict(def, before);
      const issue =
        companyProblem(def, ctx.caller, values, before) ??
        (await uniqueProblem(db, def, ctx.caller.lang, values, key)) ??
        (PARENT_FIELD in values && values[PARENT_FIELD] !== before[PARENT_FIELD] ? await cycleProblem(db, def, key, values[PARENT_FIELD]) : undefined);
      if (issue) return refused(issue);
      return writeVersion(db, ctx, def, key, version, values);
    }),
  );
}

/** Enables or disables a row on the version the caller read. */
export async function setRowStatus(ctx: WriteContext, def: EntityDef, rawKey: string, status: EntityStatus, version: number): Promise<WriteResult> {
  const key = keyCell(def, rawKey);
  if (key === undefined) return NOT_FOUND;
  return inTransaction(ctx.db, async (trx) => {
    const db = entityDb(trx);
    const before = await findRow(db, def, key, ctx.caller.companyCodes);
    if (!before) return NOT_FOUND;
    if (Number(before['version']) !== version) return conflict(def, before);
    return writeVersion(db, ctx, def, key, version, { status });
  });
}
