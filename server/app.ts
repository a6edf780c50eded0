// Assembles the Fastify server: envelope error handling, cookies, form bodies, the built console with SPA fallback.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { API_BASE_DEFAULT } from '../src/domain/wire/calls';
import { failText } from './envelope';

export interface AppOptions {
  /** The built console (dist/); when missing, only the API answers. */
  readonly staticDir?: string;
  readonly logger?: boolean;
}

/** Paths that belong to the contract: they always answer JSON, never the console's HTML. */
const CONTRACT_PREFIXES = [API_BASE_DEFAULT, '/truckatgsub', '/truckAlarm'];

const BODY_LIMIT_BYTES = 1024 * 1024 + 64 * 1024; // the largest upload (1 MB) plus form overhead

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: BODY_LIMIT_BYTES });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.send(failText(request, 413, 'server.payloadTooLarge'));
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.send(failText(request, 400, 'server.badRequest', { detail: error.message }));
    }
    request.log.error(error);
    return reply.code(500).send(failText(request, 500, 'server.internal'));
  });

  const staticDir = options.staticDir;
  const hasConsole = staticDir !== undefined && fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasConsole) await app.register(fastifyStatic, { root: staticDir, wildcard: false });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isContract = CONTRACT_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
    if (!isContract && hasConsole && request.method === 'GET') {
      // The console routes on the client (/dashboard, /monitor/...): every such path loads the same page.
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.send(failText(request, 404, 'server.notFound', { path: url }));
  });

  return app;
}
