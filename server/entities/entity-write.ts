// Saving master data: a new row, an edit and a status change, each one transaction with every rule checked inside it.
// An edit or a status change names the version it was made on: `where key = ? and version = ?`, version + 1 and the
// caller's name and time; a stale one is refused with the row as it is now, so no one's change is overwritten unseen.
import { ENTITY_STATUS, isEditBlocked, type EntityDef, type EntityStatus } from '../../domain/screens/entities/definition';
import { entityProblems, type EntityInput, type FieldProblem } from '../../domain/screens/entities/validate';
import type { EntityRow } from '../../domain/screens/entities/wire';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../auth/guard';
import type { Db } from '../db/open';
import { langOf } from '../envelope';
import { inTransaction } from '../db/transaction';
import { takeWriteOrder } from '../db/write-order';
import { companyProblem, cycleProblem, ownParentProblem, uniqueProblem, type Caller } from './entity-rules';
import { hashMd5, md5Hex } from '../auth/passwords';
import { afterRowsSaved, afterWrite } from './entity-hooks';
import { readFileInput, type FileColumns } from './entity-files';
import { referenceLabels, resolveReferences } from './entity-references';
import { photoProblem } from './photos';
import {
  PARENT_FIELD, columnsOf, entityDb, findRow, keyCell, storedValues, toEntityRow, type Cell, type EntityDb, type StoredRow,
} from './entity-table';

/** Where a user's password is kept (server/db/schema.ts UserTable). */
const PASSWORD_COLUMN = 'passwordHash';

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

/** A request's writer: its user, rights and language, and the time the write is stamped with. */
export function writeContext(db: Db, request: FastifyRequest): WriteContext {
  const auth = authOf(request);
  return {
    db,
    caller: { userId: auth.user.id, userName: auth.user.userName, superMan: auth.superMan, companyCodes: auth.companyCodes, lang: langOf(request) },
    now: Date.now(),
  };
}

/** What every new row is stamped with: enabled, version 1, its author and the time. */
export function newRowStamp(ctx: WriteContext) {
  return { status: ENTITY_STATUS.enabled, version: 1, modifiedBy: ctx.caller.userName, modifiedAt: ctx.now } as const;
}

const refused = (problem: FieldProblem): WriteResult => ({ kind: 'refused', problem });
const NOT_FOUND: WriteResult = { kind: 'notFound' };
/** A stored row as the wire carries it, its references by their labels. */
async function wireRow(db: EntityDb, def: EntityDef, row: StoredRow): Promise<EntityRow> {
  return toEntityRow(def, row, await referenceLabels(db, def, [row]));
}

const conflict = async (db: EntityDb, def: EntityDef, current: StoredRow): Promise<WriteResult> => ({ kind: 'conflict', current: await wireRow(db, def, current) });

/**
 * What only the database can tell of the values, inside the write's transaction: each reference names a row the
 * caller may use (and becomes its id), and a photo was uploaded.
 */
async function storedProblem(trx: Db, def: EntityDef, caller: Caller, values: Record<string, Cell>, before?: StoredRow): Promise<FieldProblem | undefined> {
  const rowCompany = values['companyCode'] ?? before?.['companyCode'];
  return (await resolveReferences(entityDb(trx), def, caller, values, rowCompany)) ?? (await photoProblem(trx, def, values));
}

/** A password as its column keeps it: the MD5 hex the console logs in with, hashed with scrypt (server/auth/passwords.ts). */
async function hashPasswords(def: EntityDef, values: Record<string, Cell>): Promise<void> {
  for (const field of def.fields) {
    if (field.type !== 'password' || typeof values[field.key] !== 'string') continue;
    values[PASSWORD_COLUMN] = await hashMd5(md5Hex(String(values[field.key])));
    delete values[field.key];
  }
}

/** Changes of the organisation tree take turns (PostgreSQL; SQLite has one writer): each is checked against the whole tree. */
async function lockTree(trx: Db, def: EntityDef): Promise<void> {
  if (def.rules?.includes('noParentCycle') === true) await takeWriteOrder(trx, 'organisationTree');
}

/** SQLite's and PostgreSQL's unique-constraint failures: a concurrent save took the value between our check and write. */
function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}

/**
 * Runs a write; a unique value taken meanwhile by another writer is answered as the rule's refusal, read afresh for the
 * row as it was to be stored (`stored`: read after the write failed, when an edit has merged it over the row it read).
 */
async function guarded(ctx: WriteContext, def: EntityDef, stored: () => Readonly<Record<string, Cell>>, exceptKey: Cell | undefined, work: () => Promise<WriteResult>): Promise<WriteResult> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const problem = await uniqueProblem(entityDb(ctx.db), def, ctx.caller, stored(), exceptKey);
    if (!problem) throw error;
    return refused(problem);
  }
}

/** A row whose state refuses edits (a tank table being sent): the rule's message on its field. */
function blockedProblem(def: EntityDef, before: StoredRow): FieldProblem | undefined {
  const rule = def.editBlocked;
  return rule && isEditBlocked(def, before) ? { field: rule.key, key: rule.messageKey } : undefined;
}

/** The input's file read into its columns, or its refusal; no columns when no file was sent. */
function fileColumns(def: EntityDef, input: EntityInput): FileColumns | FieldProblem | undefined {
  const read = readFileInput(def, input);
  if (read.kind === 'refused') return read.problem;
  return read.kind === 'read' ? read.columns : undefined;
}

const isProblem = (value: FileColumns | FieldProblem | undefined): value is FieldProblem => value !== undefined && 'key' in value;

/** A new row, enabled at version 1 and stamped with its creator. A new organisation of a non-superMan is granted to them. */
export async function createRow(ctx: WriteContext, def: EntityDef, input: EntityInput): Promise<WriteResult> {
  const values = storedValues(def, input, 'create');
  const own = def.key === 'code' ? values['code'] : undefined;
  const problem = entityProblems(def, input, 'create')[0] ?? ownParentProblem(def, own, values[PARENT_FIELD]) ?? companyProblem(def, ctx.caller, values);
  if (problem) return refused(problem);
  const file = fileColumns(def, input);
  if (isProblem(file)) return refused(file);
  Object.assign(values, file?.values);
  // Hashed before the transaction: scrypt takes a third of a second the database need not wait for.
  await hashPasswords(def, values);
  return guarded(ctx, def, () => values, undefined, () =>
    inTransaction(ctx.db, async (trx) => {
      const db = entityDb(trx);
      await lockTree(trx, def);
      // References first: a unique reference (a truck's one camera row) is compared by the id it names.
      const issue =
        (await storedProblem(trx, def, ctx.caller, values)) ??
        (await uniqueProblem(db, def, ctx.caller, values)) ??
        (await cycleProblem(db, def, own, values[PARENT_FIELD]));
      if (issue) return refused(issue);
      const row = await db
        .insertInto(def.table)
        // A file's content is bytes or a long text, written as it is (the engine's cells are short values).
        .values({ ...def.insertDefaults, ...values, ...(file?.content as Record<string, Cell> | undefined), ...newRowStamp(ctx) })
        .returning(columnsOf(def))
        .executeTakeFirstOrThrow();
      if (def.scope === 'organisation' && !ctx.caller.superMan && typeof own === 'string') {
        // Otherwise its creator could not see it: an organisation is the caller's when it is among their companies.
        await trx.insertInto('userCompany').values({ userId: ctx.caller.userId, companyCode: own }).execute();
      }
      await afterWrite(trx, def, row[def.key] ?? null, values);
      await afterRowsSaved(trx, def, ctx.now, [row]);
      return { kind: 'saved', row: await wireRow(db, def, row) } as const;
    }),
  );
}

/** The write itself, on the version read: none written means another writer committed first. */
async function writeVersion(
  db: EntityDb, ctx: WriteContext, def: EntityDef, key: Cell, version: number, changes: Readonly<Record<string, Cell>>, content?: FileColumns['content'],
): Promise<WriteResult> {
  const stamp = { version: version + 1, modifiedBy: ctx.caller.userName, modifiedAt: ctx.now };
  const row = await db
    .updateTable(def.table)
    .set({ ...changes, ...(content as Record<string, Cell> | undefined), ...stamp })
    .where(def.key, '=', key)
    .where('version', '=', version)
    .returning(columnsOf(def))
    .executeTakeFirst();
  if (row) return { kind: 'saved', row: await wireRow(db, def, row) };
  const current = await findRow(db, def, key, ctx.caller.companyCodes, ctx.caller.superMan);
  return current ? conflict(db, def, current) : NOT_FOUND;
}

/** An edit of the fields sent (never a fixed one) on the version the caller read. */
export async function updateRow(ctx: WriteContext, def: EntityDef, rawKey: string, input: EntityInput, version: number): Promise<WriteResult> {
  const problem = entityProblems(def, input, 'update')[0];
  if (problem) return refused(problem);
  const key = keyCell(def, rawKey);
  if (key === undefined) return NOT_FOUND;
  const values = storedValues(def, input, 'update');
  const file = fileColumns(def, input);
  if (isProblem(file)) return refused(file);
  Object.assign(values, file?.values);
  let after: Readonly<Record<string, Cell>> = values;
  return guarded(ctx, def, () => after, key, () =>
    inTransaction(ctx.db, async (trx) => {
      const db = entityDb(trx);
      await lockTree(trx, def);
      const before = await findRow(db, def, key, ctx.caller.companyCodes, ctx.caller.superMan);
      if (!before) return NOT_FOUND;
      if (Number(before['version']) !== version) return conflict(db, def, before);
      const blocked = blockedProblem(def, before);
      if (blocked) return refused(blocked);
      const checked =
        companyProblem(def, ctx.caller, values, before) ?? (await storedProblem(trx, def, ctx.caller, values, before));
      // The row as it will be: a unique value not sent is checked too where the row moves to another company.
      after = { ...before, ...values };
      const issue =
        checked ??
        (await uniqueProblem(db, def, ctx.caller, after, key)) ??
        (PARENT_FIELD in values && values[PARENT_FIELD] !== before[PARENT_FIELD] ? await cycleProblem(db, def, key, values[PARENT_FIELD]) : undefined);
      if (issue) return refused(issue);
      const result = await writeVersion(db, ctx, def, key, version, values, file?.content);
      if (result.kind === 'saved') {
        await afterWrite(trx, def, key, values, before);
        await afterRowsSaved(trx, def, ctx.now, [before, after]);
      }
      return result;
    }),
  );
}

/** Enables or disables a row on the version the caller read. */
export async function setRowStatus(ctx: WriteContext, def: EntityDef, rawKey: string, status: EntityStatus, version: number): Promise<WriteResult> {
  const key = keyCell(def, rawKey);
  if (key === undefined) return NOT_FOUND;
  return inTransaction(ctx.db, async (trx) => {
    const db = entityDb(trx);
    const before = await findRow(db, def, key, ctx.caller.companyCodes, ctx.caller.superMan);
    if (!before) return NOT_FOUND;
    if (Number(before['version']) !== version) return conflict(db, def, before);
    const blocked = blockedProblem(def, before);
    if (blocked) return refused(blocked);
    const result = await writeVersion(db, ctx, def, key, version, { status });
    if (result.kind === 'saved') await afterRowsSaved(trx, def, ctx.now, [before]);
    return result;
  });
}
