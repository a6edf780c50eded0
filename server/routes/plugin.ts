// The shape of a contract route plugin, and the answer helpers they share.
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services';

export interface ContractOptions {
  readonly services: Services;
}

export type ContractPlugin = FastifyPluginAsync<ContractOptions>;

/** JSON schema pieces for form-encoded fields (Fastify coerces the strings). */
export const field = {
  text: { type: 'string' },
  nonEmpty: { type: 'string', minLength: 1, maxLength: 200 },
  id: { type: 'integer', minimum: 1 },
  md5: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' },
  page: { type: 'integer', minimum: 1, default: 1 },
  size: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
  time: { type: 'integer', minimum: 0 },
} as const;
