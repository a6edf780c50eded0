// The entity calls, derived from the definitions (docs/api.md, Master data): for every master-data screen a list page,
// and but for a read-only list a new row, an edit and a status change, below `/entity<route path>`, each serving that
// screen (the list also the screens that pick its rows: entity-readers.ts). No route is written per screen.
import type { FastifyRequest } from 'fastify';
import { ENTITY_STATUS, type EntityDef, type EntityStatus } from '../../domain/screens/entities/definition';
import { ENTITIES } from '../../domain/screens/entities/registry';
import { fileContentKey } from '../../domain/screens/entities/validate';
import { entityCallPath, type EntityRow } from '../../domain/screens/entities/wire';
import { envelope } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import { failText } from '../envelope';
import { field, type ContractPlugin } from '../routes/plugin';
import { writeAnswer } from './entity-answers';
import { listPage, listProblem, listQuerySchema, type EntityListQuery } from './entity-list';
import { afterCommit } from './entity-hooks';
import { entityDb, inputKeys, inputOf } from './entity-table';
import { saveBodyLimit } from './entity-files';
import { fileRoutes } from './file-routes';
import { photoRoutes } from './photo-routes';
import { announceEntityChange } from './entity-live';
import { listScreens } from './entity-readers';
import { createRow, setRowStatus, updateRow, writeContext, type WriteResult } from './entity-write';

type FormBody = Readonly<Record<string, unknown>>;
interface KeyParams {
  readonly key: string;
}

/** Longer than any field allows: a long value is refused with the field's own message (validate.ts), not Ajv's. */
const FIELD_SCHEMA_MAX = 2000;
/** A file's base64 content: bounded by the route's body limit rather than the schema. */
const FILE_CONTENT_SCHEMA = { type: 'string' } as const;
const KEY_SCHEMA = { type: 'object', required: ['key'], properties: { key: field.nonEmpty(64) } } as const;
const VERSION_SCHEMA = field.id;

/** Every field of the definition (and a password's confirmation) as form text; other form fields are ignored. */
function fieldsSchema(def: EntityDef): Record<string, object> {
  const contents = new Set(def.fields.filter((entry) => entry.type === 'file').map(fileContentKey));
  return Object.fromEntries(inputKeys(def).map((key) => [key, contents.has(key) ? FILE_CONTENT_SCHEMA : field.text(FIELD_SCHEMA_MAX)]));
}

/** Whose row it is, for the consoles told of its change: an organisation's own code, else its company (a role: none). */
function companyOfRow(def: EntityDef, row: EntityRow): string | null {
  if (def.scope === 'organisation') return row.key;
  const company = row.values['companyCode'];
  return typeof company === 'string' ? company : null;
}

export const entityRoutes: ContractPlugin = async (app, options) => {
  const { services } = options;
  // Without the parent's prefix: a plugin registered inside this one is already below it (the prefix again would put
  // the photo calls at /truckmanage/api/truckmanage/api/…).
  await app.register(photoRoutes, { services });
  await app.register(fileRoutes, { services });
  const announced = async (request: FastifyRequest, def: EntityDef, result: WriteResult, created = false): Promise<WriteResult> => {
    if (result.kind !== 'saved') return result;
    await afterCommit(services, def, result.row, authOf(request).user.id, created);
    await announceEntityChange(services, def.path, result.row.key, companyOfRow(def, result.row));
    return result;
  };
  for (const def of Object.values(ENTITIES)) {
    const config = { access: def.path };
    const url = entityCallPath(def.path);
    const fields = fieldsSchema(def);

    // Scoped to the caller's companies as always, for a picking screen too.
    app.get<{ Querystring: EntityListQuery }>(url, { config: { access: listScreens(def) }, schema: { querystring: listQuerySchema(def) } }, async (request) => {
      const problem = listProblem(def, request.query);
      if (problem) return failText(request, 400, problem.key, problem.params);
      const auth = authOf(request);
      return envelope(await listPage(entityDb(services.db), def, auth.companyCodes, request.query, auth.superMan));
    });

    // A list the devices' confirmations fill is only read.
    if (def.readOnly === true) continue;
    // A file travels in the save's form (base64): its body may be larger than a form's default limit.
    const bodyLimit = saveBodyLimit(def);
    const limit = bodyLimit === undefined ? {} : { bodyLimit };

    app.post<{ Body: FormBody }>(url, { config, ...limit, schema: { body: { type: 'object', properties: fields } } }, async (request) => {
      const result = await createRow(writeContext(services.db, request), def, inputOf(def, request.body));
      return writeAnswer(request, await announced(request, def, result, true));
    });

    // A record of something done is added, never edited.
    if (def.append !== true) app.put<{ Params: KeyParams; Body: FormBody & { readonly version: number } }>(
      `${url}/:key`,
      { config, ...limit, schema: { params: KEY_SCHEMA, body: { type: 'object', required: ['version'], properties: { ...fields, version: VERSION_SCHEMA } } } },
      async (request) => {
        const { body } = request;
        const result = await updateRow(writeContext(services.db, request), def, request.params.key, inputOf(def, body), body.version);
        return writeAnswer(request, await announced(request, def, result));
      },
    );

    app.post<{ Params: KeyParams; Body: { readonly status: EntityStatus; readonly version: number } }>(
      `${url}/:key/status`,
      {
        config,
        schema: {
          params: KEY_SCHEMA,
          body: {
            type: 'object',
            required: ['status', 'version'],
            properties: { status: { type: 'integer', enum: Object.values(ENTITY_STATUS) }, version: VERSION_SCHEMA },
          },
        },
      },
      async (request) => {
        const { status, version } = request.body;
        const result = await setRowStatus(writeContext(services.db, request), def, request.params.key, status, version);
        return writeAnswer(request, await announced(request, def, result));
      },
    );
  }
};
