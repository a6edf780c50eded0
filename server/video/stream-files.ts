// The HLS files of live streams and recordings (docs/video.md), behind the same guard as every call: the console's
// hls.js sends the session's header-id (and the cookie rides along), and a file is served only for a truck of the
// caller's companies. A live file fetched keeps its stream running; a missing file is an HTTP 404 so hls.js retries.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND } from '../../domain/wire/envelope';
import { VIDEO_CALL_PATHS } from '../../domain/video/video-wire';
import { authOf } from '../auth/guard';
import { failText } from '../envelope';
import type { ContractOptions } from '../routes/plugin';
import { readCamera } from './camera-read';
import { CLIP_NAME, clipsDir } from './clip-render';
import { STREAM_FOLDER, type LiveStreams } from './live-streams';
import { PLAYLIST, SEGMENT_PATTERN } from './stream-args';
import { VIDEO_SCREENS } from './video-access';

interface FileParams {
  readonly name: string;
  readonly file: string;
}

const isStreamFile = (file: string) => file === PLAYLIST || SEGMENT_PATTERN.test(file);

async function sendFile(request: FastifyRequest, reply: FastifyReply, file: string, cache: string) {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch {
    return reply.code(404).send(failText(request, NOT_FOUND, 'server.notFound', { path: request.url }));
  }
  const isPlaylist = file.endsWith(PLAYLIST);
  return reply
    .type(isPlaylist ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
    .header('cache-control', isPlaylist ? 'no-store' : cache)
    .send(bytes);
}

export const streamFileRoutes: FastifyPluginAsync<ContractOptions & { readonly streams: LiveStreams }> = async (app, { services, streams }) => {
  const missing = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send(failText(request, NOT_FOUND, 'server.notFound', { path: request.url }));

  app.get<{ Params: FileParams }>(`${VIDEO_CALL_PATHS.files}/live/:name/:file`, { config: { access: VIDEO_SCREENS } }, async (request, reply) => {
    const { name, file } = request.params;
    const match = STREAM_FOLDER.exec(name);
    if (!match || !isStreamFile(file)) return missing(request, reply);
    const camera = await readCamera(services.db, Number(match[1]), authOf(request).companyCodes);
    const stream = camera && streams.file(name, file);
    if (!stream) return missing(request, reply);
    return sendFile(request, reply, stream, 'no-store');
  });

  app.get<{ Params: FileParams }>(`${VIDEO_CALL_PATHS.files}/clip/:name/:file`, { config: { access: VIDEO_SCREENS } }, async (request, reply) => {
    const { name, file } = request.params;
    const match = CLIP_NAME.exec(name);
    if (!match || !isStreamFile(file)) return missing(request, reply);
    const camera = await readCamera(services.db, Number(match[1]), authOf(request).companyCodes);
    if (!camera) return missing(request, reply);
    // A recording never changes once rendered: the browser may keep it.
    return sendFile(request, reply, path.join(clipsDir(services), name, file), 'private, max-age=86400');
  });
};
