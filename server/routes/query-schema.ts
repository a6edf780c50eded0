// The JSON schema of a query string, read from the domain's table of its fields, so a field added there is accepted here.
import type { QueryField, QueryFields } from '../../domain/wire/query-fields';
import { LIST_PAGING, pageSchema } from './paging';
import { field } from './plugin';

function fieldSchema(query: QueryField): object {
  switch (query.kind) {
    case 'page':
      return pageSchema(LIST_PAGING).page;
    case 'size':
      return pageSchema(LIST_PAGING).size;
    case 'time':
      return field.time;
    case 'text':
      return field.text(query.maxLength);
    case 'code':
      return { type: 'integer', enum: query.values };
  }
}

/** Fastify's querystring schema for these fields; page and size get their defaults, the rest are optional. */
export function querySchema(fields: QueryFields): { readonly type: 'object'; readonly properties: Readonly<Record<string, object>> } {
  const properties = Object.fromEntries(Object.entries(fields).map(([name, query]) => [name, fieldSchema(query)]));
  return { type: 'object', properties };
}
