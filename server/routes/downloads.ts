// The user menu's downloads (shell spec §2, §6): attachments from server/downloads/, the manuals as pages in either
// language, and the manuals' screenshots; every name checked against the domain's catalogue or the shot list.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveDownload, DOWNLOADS_PATH } from '../../domain/shell/downloads';
import { failText } from '../envelope';
import { renderManual } from '../manuals/render';
import { MANUAL_IMAGES_DIR, resolveManualImage } from '../manuals/shots';
import type { ContractPlugin } from './plugin';

const DOWNLOADS_DIR = path.resolve(import.meta.dirname, '../downloads');

/** The manual's images path, relative to its pages: `images/login.zh.png`. */
const MANUAL_IMAGES_PATH = `${DOWNLOADS_PATH}/images`;

const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply.send(failText(request, 404, 'server.notFound', { path: request.url.split('?')[0] ?? '' }));

// Pages and images need a session, so shared caches keep none; the browser asks again after a release.
const PRIVATE = 'private, no-cache';

export const downloadRoutes: ContractPlugin = async (app) => {
  app.get<{ Params: { file: string } }>(`${DOWNLOADS_PATH}/:file`, { config: { access: 'shell' } }, async (request, reply) => {
    // Only names of the catalogue reach the disk, so no path can leave the folder.
    const found = resolveDownload(request.params.file);
    if (!found) return notFound(request, reply);
    if (found.kind === 'manual') {
      return reply.type('text/html; charset=utf-8').header('cache-control', PRIVATE).send(await renderManual(found.download.manual, found.lang));
    }
    const content = await fs.readFile(path.join(DOWNLOADS_DIR, found.download.file));
    return reply
      .type(found.download.mediaType)
      .header('content-disposition', `attachment; filename="${found.download.file}"`)
      .send(content);
  });

  app.get<{ Params: { image: string } }>(`${MANUAL_IMAGES_PATH}/:image`, { config: { access: 'shell' } }, async (request, reply) => {
    // The shot list names every image; anything else never reaches the disk.
    if (!resolveManualImage(request.params.image)) return notFound(request, reply);
    const content = await fs.readFile(path.join(MANUAL_IMAGES_DIR, request.params.image));
    return reply.type('image/png').header('cache-control', PRIVATE).send(content);
  });
};
