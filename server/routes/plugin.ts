// The shape of a contract route plugin, and the JSON schema pieces their routes share.
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services';
import type { TestHooks } from '../test-faults';

export interface ContractOptions {
  readonly services: Services;
  /** Tests only (buildApp's `faults`): what routes tell the test-only endpoints. */
  readonly testHooks?: TestHooks;
}

export type ContractPlugin = FastifyPluginAsync<ContractOptions>;

/** Ids are `integer` columns: PostgreSQL's int4 refuses anything larger in a comparison, so the schema refuses it first. */
const MAX_ID = 2 ** 31 - 1;
/** Epoch milliseconds up to the largest time a JavaScript Date can hold. */
const MAX_TIME = 8.64e15;

/**
 * JSON schema pieces for form-encoded fields (Fastify coerces the strings). Every number is bounded and every text
 * has a length limit, so nothing reaches the database as Infinity, a float beyond int64, or half a megabyte of text.
 */
export const field = {
  /** Free text of at most `maxLength` characters: the size of the column it is stored in. */
  text: (maxLength: number) => ({ type: 'string', maxLength }) as const,
  /** Text that must not be empty, of at most `maxLength` characters. */
  nonEmpty: (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const,
  id: { type: 'integer', minimum: 1, maximum: MAX_ID },
  md5: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' },
  time: { type: 'integer', minimum: 0, maximum: MAX_TIME },
} as const;
