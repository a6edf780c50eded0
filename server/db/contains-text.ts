// "Contains the typed part" in SQL, the same on both databases: ASCII letters in either case (lower() on both folds only
// those, so Chinese and other letters compare as typed), LIKE's wildcards in the typed text matching themselves.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

const likeEscaped = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

export function containsText(column: Expression<unknown>, typed: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${`%${likeEscaped(asciiLower(typed))}%`} escape '!'`;
}
