// Company scoping: the one way a read of company data is limited to the companies a caller may see (userPri; a
// superMan's are every company, context.ts). A select starts from a company's table already restricted
// (`scopedFrom`); a row reached otherwise, a definition's table or a join, is tested with `inCompanies`; the report
// engine's raw SQL with `companiesSql`. All three say one thing: rows of these companies, and none for no companies,
// which is a false condition rather than `in ()` (an empty IN list is not portable SQL: PostgreSQL refuses it).
//
// Why a starter and not a Kysely plugin that adds the condition to every query: a plugin sees only the operation tree,
// and the report engine writes raw `sql` fragments it cannot look into; the tables reached through a truck (position,
// heartbeat, truck_live) have no company column to add, so a plugin would have to invent joins; and a condition on a
// left-joined table belongs in its ON, not in the WHERE, which a plugin cannot tell from the tree. Starting the select
// from the company's table is explicit, typed and readable where it is written. What keeps a query from skipping it:
// eslint refuses a hand-written `companyCode in …` outside this file (eslint.config.js), and
// tests/server/auth/company-scope.test.ts calls every read route as a user of one company and fails on any row of another.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/open';
import type { Database } from '../db/schema';

/** The tables whose rows name their company: `company` by its own code, the others by `companyCode`. */
type CompanyTable = 'company' | { [T in keyof Database]: 'companyCode' extends keyof Database[T] ? T : never }[keyof Database];

const companyColumn = (table: CompanyTable): string => (table === 'company' ? 'code' : 'companyCode');

/** A select from `table` under the name `alias`, as `db.selectFrom(`${table} as ${alias}`)` types it. */
type ScopedSelect<T extends CompanyTable, A extends string> = SelectQueryBuilder<Database & { [K in A]: Database[T] }, A, object>;

/** The condition "`column` names one of these companies"; false for none. */
export function inCompanies<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: string, companies: readonly string[]): Expression<SqlBool> {
  return companies.length > 0 ? eb(sql.ref<string>(column), 'in', [...companies]) : eb.lit<SqlBool>(false);
}

/** The same condition as raw SQL, for queries written as `sql` fragments (the report engine). */
export function companiesSql(column: string, companies: readonly string[]): RawBuilder<SqlBool> {
  return companies.length > 0 ? sql<SqlBool>`${sql.ref(column)} in (${sql.join(companies)})` : sql<SqlBool>`1 = 0`;
}

/**
 * `select … from <table> [as <alias>] where <its company> in (companies)`: the start of every read of a company's
 * table. Joins, columns and further conditions follow as on any select; rows of a table without a company column
 * (positions, heartbeats, live rows) are read by joining them to a scoped `truck`.
 */
export function scopedFrom<T extends CompanyTable, A extends string = T>(db: Db, companies: readonly string[], table: T, alias?: A): ScopedSelect<T, A> {
  const name = alias ?? table;
  // Kysely types a select by the literal table it is given and cannot follow a table named by a type parameter, so the
  // query is built over the tables by name and given the type the literal call would have.
  const byName = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const from: string = alias === undefined ? table : `${table} as ${alias}`;
  const query = byName.selectFrom(from).where((eb) => inCompanies(eb, `${name}.${companyColumn(table)}`, companies));
  return query as unknown as ScopedSelect<T, A>;
}
