// Starts the real server on an ephemeral loopback port for a test file, and stops it after.
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly url: string;
  close(): Promise<void>;
}

export async function startServer(options: AppOptions = {}): Promise<RunningServer> {
  const app = await buildApp(options);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: address, close: () => app.close() };
}
