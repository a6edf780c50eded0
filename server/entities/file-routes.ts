// A row's stored file (docs/api.md, Master data): every screen with a file field answers GET `/entity<path>/<key>/file`
// with the file as it was uploaded, so a tank table can be checked before it is sent again and an upgrade file can be
// downloaded. Scoped like the list: a row outside the caller's companies does not exist for them.
import { sql } from 'kysely';
import { fileFieldOf } from '../../domain/screens/entities/definition';
import { ENTITIES } from '../../domain/screens/entities/registry';
import { entityFilePath, type StoredFile } from '../../domain/screens/entities/wire';
import { envelope } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import { failText } from '../envelope';
import type { ContractPlugin } from '../routes/plugin';
import { entityDb, inScope, keyCell } from './entity-table';

export const fileRoutes: ContractPlugin = async (app, { services }) => {
  for (const def of Object.values(ENTITIES)) {
    const field = fileFieldOf(def);
    if (!field?.file) continue;
    const { file } = field;
    app.get<{ Params: { key: string } }>(entityFilePath(def.path, ':key'), { config: { access: def.path } }, async (request) => {
      const key = keyCell(def, request.params.key);
      const auth = authOf(request);
      const row = key === undefined ? undefined : await entityDb(services.db)
        .selectFrom(def.table)
        .select([sql.ref<string | null>(field.key).as('name'), sql.ref<Buffer | string | null>(file.contentColumn).as('content')])
        .where(sql.ref(def.key), '=', key)
        .where((eb) => inScope(eb, def, auth.companyCodes, auth.superMan))
        .executeTakeFirst();
      if (!row || row.content === null) return failText(request, 404, 'entity.notFound');
      const stored: StoredFile = typeof row.content === 'string'
        ? { name: row.name ?? '', size: Buffer.byteLength(row.content), encoding: 'text', content: row.content }
        : { name: row.name ?? '', size: row.content.length, encoding: 'base64', content: Buffer.from(row.content).toString('base64') };
      return envelope(stored);
    });
  }
};
