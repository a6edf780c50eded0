// One describe block's live server: a real server with the tiny fleet, demo users logged in, sockets closed after.
import { afterAll, beforeAll } from 'vitest';
import { login } from '../../helpers/api';
import { connect, type ClientOptions, type LiveClient } from '../../helpers/live-client';
import { startServer, type RunningServer } from '../../helpers/server';
import type { SocketName } from '../../../domain/wire/sockets';
import { insertFleet, type FixtureTruck } from './fleet';

type LiveUser = 'admin' | 'operator';

interface LiveServer {
  readonly server: RunningServer;
  /** The session token of a demo user logged in before the block's tests. */
  token(user: LiveUser): string;
  truck(index: number): FixtureTruck;
  /** A socket closed when the block ends. */
  connect(socket: SocketName, options?: ClientOptions): Promise<LiveClient>;
  /** Closes `client` when the block ends. */
  track(client: LiveClient): LiveClient;
}

/** Registers beforeAll/afterAll in the calling describe block; read the fields inside tests only. */
export function liveServer(): LiveServer {
  let server: RunningServer | undefined;
  let trucks: FixtureTruck[] = [];
  const tokens = new Map<LiveUser, string>();
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    server = await startServer({
      prepare: async (services) => {
        trucks = await insertFleet(services);
      },
    });
    for (const user of ['admin', 'operator'] as const) tokens.set(user, (await login(server.url, user)).token);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await server?.close();
  });
  const running = (): RunningServer => {
    if (!server) throw new Error('the server starts in beforeAll');
    return server;
  };
  const track = (client: LiveClient) => {
    clients.push(client);
    return client;
  };
  return {
    get server() {
      return running();
    },
    token(user) {
      const token = tokens.get(user);
      if (!token) throw new Error(`${user} logs in in beforeAll`);
      return token;
    },
    truck(index) {
      const truck = trucks[index];
      if (!truck) throw new Error(`no fixture truck ${index}`);
      return truck;
    },
    connect: async (socket, options) => track(await connect(running().url, socket, options)),
    track,
  };
}
