// The user menu's downloads (shell spec §2, §6): the files in server/downloads/, named by the domain's catalogue only.
import fs from 'node:fs/promises';
import path from 'node:path';
import { downloadByName, DOWNLOADS_PATH } from '../../src/domain/shell/downloads';
import { failText } from '../envelope';
import type { ContractPlugin } from './plugin';

export const DOWNLOADS_DIR = path.resolve(import.meta.dirname, '../downloads');

export const downloadRoutes: ContractPlugin = async (app) => {
  app.get<{ Params: { file: string } }>(`${DOWNLOADS_PATH}/:file`, { config: { access: 'shell' } }, async (request, reply) => {
    // Only names of the catalogue reach the disk, so no path can leave the folder.
    const download = downloadByName(request.params.file);
    if (!download) return failText(request, 404, 'server.notFound', { path: request.url.split('?')[0] ?? '' });
    const content = await fs.readFile(path.join(DOWNLOADS_DIR, download.file));
    return reply
      .type(download.mediaType)
      .header('content-disposition', `attachment; filename="${download.file}"`)
      .header('x-content-type-options', 'nosniff')
      .send(content);
  });
};
