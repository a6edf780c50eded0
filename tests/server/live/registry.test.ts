// The socket registry as diagnostics see it: open counts, frames sent, and closeAll for maintenance.
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocketRegistry } from '../../../server/services';
import { login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';
import { insertFleet, raiseAlarm, type FixtureTruck } from './fleet';
import { connect } from '../../helpers/live-client';

const waitFor = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 3_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('socket registry', () => {
  let server: RunningServer;
  let trucks: FixtureTruck[];
  let registry: SocketRegistry;
  let operator: string;

  beforeAll(async () => {
    server = await startServer({ prepare: async (services) => void (trucks = await insertFleet(services)) });
    if (!server.services.sockets) throw new Error('the app did not register the live sockets');
    registry = server.services.sockets;
    operator = (await login(server.url, 'operator')).token;
  });

  afterAll(async () => {
    await server.close();
  });

  it('counts open sockets per kind (waiting ones too) and data frames sent, but not pong answers', async () => {
    const base = registry.openCounts();
    const sentBefore = registry.framesSent();
    const t = await connect(server.url, 'truck');
    const a = await connect(server.url, 'alarm');
    const waiting = await connect(server.url, 'alarm');
    await waitFor(() => registry.openCounts().alarm === base.alarm + 2, 'two alarm sockets');
    expect(registry.openCounts()).toEqual({ truck: base.truck + 1, alarm: base.alarm + 2 });

    t.send({ frequency: 30, msgType: 0, userPri: [], token: operator });
    a.send({ typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'operator', token: operator });
    await t.next();
    a.send('');
    await a.next();
    // The alarm socket says nothing when its open message is accepted; a live alarm raised before that is not its.
    await waitFor(() => registry.streamingCounts().alarm === base.alarm + 1, 'the alarm socket to stream');
    const mine = trucks[0];
    if (!mine) throw new Error('no fixture truck');
    await raiseAlarm(server.services, mine);
    await a.next();
    expect(registry.framesSent() - sentBefore).toBe(2);

    await Promise.all([t.close(), a.close(), waiting.close()]);
    await waitFor(() => registry.openCounts().alarm === base.alarm, 'sockets to go');
    expect(registry.openCounts()).toEqual(base);
  });

  it('closeAll closes every socket with the maintenance code and text, and the counts drop to 0 at once', async () => {
    const clients = await Promise.all([
      connect(server.url, 'truck'),
      connect(server.url, 'truck', { language: 'en' }),
      connect(server.url, 'alarm'),
    ]);
    clients[0]?.send({ frequency: 30, msgType: 0, userPri: [], token: operator });
    await clients[0]?.next();
    await waitFor(() => registry.openCounts().truck + registry.openCounts().alarm === 3, 'three sockets');

    expect(registry.closeAll()).toBe(3);
    expect(registry.openCounts()).toEqual({ truck: 0, alarm: 0 });
    const closed = await Promise.all(clients.map((c) => c.closed));
    expect(closed.map((c) => c.code)).toEqual([1012, 1012, 1012]);
    expect(closed[0]?.reason).toBe('服务器维护，实时数据连接已关闭');
    expect(closed[1]?.reason).toBe('Live data closed for server maintenance');

    // The server keeps accepting sockets after a closeAll.
    const again = await connect(server.url, 'alarm');
    again.send('');
    expect(await again.next()).toBe('pong');
    await again.close();
  });
});
