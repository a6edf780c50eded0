// LiveConnection on a plain ws server with a controllable feed: open messages applied one at a time, latest wins.
import { once } from 'node:events';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { parseTruckSocketOpen, type TruckSocketOpen } from '../../../domain/wire/sockets';
import { createSession } from '../../../server/auth/sessions';
import { createServices, type CreatedServices } from '../../../server/create-services';
import { LiveConnection, type Feed } from '../../../server/live/connection';
import { DEFAULT_LIVE_LIMITS } from '../../../server/live/socket-policy';
import { freshDatabase, type TestDatabase } from '../../helpers/test-database';

describe('live connection', () => {
  let fresh: TestDatabase;
  let created: CreatedServices;
  let wss: WebSocketServer;
  let token: string;

  beforeAll(async () => {
    fresh = await freshDatabase();
    created = await createServices({ database: fresh.target });
    const { db } = created.services;
    const user = await db.selectFrom('appUser').select('id').where('userName', '=', 'operator').executeTakeFirstOrThrow();
    token = await createSession(db, user.id, '127.0.0.1');
    wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss, 'listening');
  });

  afterAll(async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise((resolve) => wss.close(resolve));
    await created.close();
    await fresh.drop();
  });

  it('applies open messages one at a time and keeps only the latest of those waiting (a flood costs no memory)', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const applied: number[] = [];
    let bad = 0;
    const feed: Feed<TruckSocketOpen> = {
      parse: parseTruckSocketOpen,
      async open(message) {
        applied.push(message.frequency);
        if (applied.length === 1) await gate; // the first application hangs while the others arrive
      },
      refilter: () => Promise.resolve(),
      dispose: () => undefined,
    };
    wss.once('connection', (socket) => {
      new LiveConnection(
        {
          kind: 'truck', socket, services: created.services, limits: DEFAULT_LIVE_LIMITS, lang: 'zh', cookieToken: undefined,
          log: Fastify().log, onFrameSent: () => undefined, onBadFrame: () => (bad += 1), onGone: () => undefined,
        },
        () => feed,
      );
    });
    const address = wss.address();
    if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
    const client = new WebSocket(`ws://127.0.0.1:${address.port}`);
    await once(client, 'open');
    for (let i = 1; i <= 50; i += 1) client.send(JSON.stringify({ frequency: i, msgType: 0, userPri: [], token }));
    client.send('{"msgType":0}');
    client.send('');
    const [pong]: unknown[] = await once(client, 'message');
    expect(String(pong)).toBe('pong');
    // Authentication reads the database first: on PostgreSQL that takes network round trips, so wait for it.
    await expect.poll(() => applied).toEqual([1]);
    release();
    await expect.poll(() => applied).toEqual([1, 50]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(applied).toEqual([1, 50]);
    expect(bad).toBe(1);
    client.close();
  });
});
