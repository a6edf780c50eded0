// The keep-alive against our real server on loopback, on real time with a 3 s idle limit: a session watched in one of two
// tabs outlives several idle limits; once both tabs are hidden it idles out, and the tab shown again hears the 504.
import { EVERY_TYPE_LIST } from '../../domain/alarm-types';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { endedSessions, hashToken } from '../../server/auth/sessions';
import { API_BASE_DEFAULT } from '../../domain/wire/calls';
import { openLiveClient, type LiveClient } from '../../src/live/live-client';
import { exposeClient } from '../../workers/client-api';
import { LiveDb } from '../../workers/db';
import type { LiveEvents } from '../../workers/live-api';
import { LiveCore } from '../../workers/live-core';
import { login } from '../helpers/api';
import { FakeLocks } from '../helpers/fake-locks';
import { mockSocketFactory } from '../helpers/mock-sockets';
import { startServer, type RunningServer } from '../helpers/server';
import { waitFor } from './harness';

const IDLE_MS = 3_000;

let server: RunningServer | undefined;
let core: LiveCore | undefined;
const tabs: LiveClient[] = [];
afterEach(async () => {
  for (const tab of tabs.splice(0)) tab.close();
  await core?.close();
  await server?.close();
  [core, server] = [undefined, undefined];
});

describe('the keep-alive against the real server', () => {
  it('keeps a visible console logged in past several idle limits, and lets it idle out once no tab is visible', { timeout: 40_000 }, async () => {
    const running = await startServer({ sessionIdleMs: IDLE_MS });
    server = running;
    const { token, answer } = await login(running.url, 'operator');
    const loginAt = Date.now();
    expect(answer.sessionIdleMs).toBe(IDLE_MS);
    const live = new LiveCore({
      db: new LiveDb('keep-alive-real-server', { indexedDB: new IDBFactory(), IDBKeyRange }),
      // No sockets here: they would only try and retry. Real time, as the server's idle limit is.
      socketBase: 'ws://127.0.0.1:9', socketFactory: mockSocketFactory, mode: 'shared', random: () => 0,
      fetch: (url, init) => fetch(url, init), apiBase: `${running.url}${API_BASE_DEFAULT}`,
    });
    core = live;
    const locks = new FakeLocks();
    const tab = async () => {
      const channel = new MessageChannel();
      exposeClient(live, channel.port1);
      const client = await openLiveClient({ endpoint: channel.port2, locks });
      tabs.push(client);
      return client;
    };
    const [a, b] = [await tab(), await tab()];
    const invalid: LiveEvents['session.invalid'][] = [];
    await a.subscribe('session.invalid', (event) => void invalid.push(event));
    await a.api.connect({ token, userName: 'operator', userPri: [], typeIds: EVERY_TYPE_LIST, sessionIdleMs: answer.sessionIdleMs });
    await a.api.setVisible(false);
    await b.api.setVisible(true);

    // Read without touching: a call of the test's own would keep the session alive by itself.
    const db = running.services.db;
    const lastSeen = async () =>
      (await db.selectFrom('session').select('lastSeenAt').where('tokenHash', '=', hashToken(token)).executeTakeFirst())?.lastSeenAt;
    const ended = async () => (await endedSessions(db, [hashToken(token)], running.services.sessions)).size === 1;
    const watchedPast = loginAt + 3 * IDLE_MS;
    await waitFor(async () => ((await lastSeen()) ?? 0) >= watchedPast, 'the session touched three idle limits after login', 20_000);
    expect(await ended()).toBe(false);
    expect(invalid).toEqual([]);

    await b.api.setVisible(false);
    await waitFor(ended, 'the session idled out', IDLE_MS + 5_000);
    expect(invalid).toEqual([]);

    await a.api.setVisible(true);
    await waitFor(() => invalid.length > 0, 'session.invalid', 5_000);
    expect(invalid).toEqual([{ poll: 'keepAlive', code: 504 }]);
  });
});
