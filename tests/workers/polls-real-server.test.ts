// The worker's polls against our real server: the admin's pending fences and heartbeat overtime arrive as notices,
// authenticated by header-id; after the server ends the session a poll reports it (504).
import { EVERY_TYPE_LIST } from '../../domain/alarm-types';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { API_BASE_DEFAULT } from '../../domain/wire/calls';
import type { HeartbeatOvertimeRow } from '../../domain/wire/records';
import type { LiveEvents } from '../../workers/live-api';
import { LiveDb } from '../../workers/db';
import { LiveCore } from '../../workers/live-core';
import { FIRST_POLL_DELAY_MS } from '../../workers/poller';
import { call } from '../helpers/api';
import { mockSocketFactory } from '../helpers/mock-sockets';
import { closeAfterWorker } from '../helpers/server';
import { startFleetServer, type FleetServer } from '../server/routes/setup';
import { waitFor } from './harness';

let fleet: FleetServer | undefined;
let core: LiveCore | undefined;
afterEach(async () => {
  await core?.close();
  if (fleet) await closeAfterWorker(fleet.server);
  [core, fleet] = [undefined, undefined];
});

describe('the polls against the real server', () => {
  it('raises both notices for the administrator, then reports the ended session', { timeout: 30_000 }, async () => {
    fleet = await startFleetServer();
    const { token } = fleet.as.admin;
    const clock = new SimulatedClock();
    clock.set(Date.now());
    core = new LiveCore({
      db: new LiveDb('polls-real-server', { indexedDB: new IDBFactory(), IDBKeyRange }),
      // No sockets here: they would only try and retry.
      socketBase: 'ws://127.0.0.1:9', socketFactory: mockSocketFactory, mode: 'shared', clock, random: () => 0,
      fetch: (url, init) => fetch(url, init), apiBase: `${fleet.server.url}${API_BASE_DEFAULT}`,
    });
    const live = core;
    const fences: LiveEvents['notice.fences'][] = [];
    const heartbeat: LiveEvents['notice.heartbeat'][] = [];
    const invalid: LiveEvents['session.invalid'][] = [];
    live.hub.subscribe(-1, 'notice.fences', (notice) => fences.push(notice));
    live.hub.subscribe(-1, 'notice.heartbeat', (notice) => heartbeat.push(notice));
    live.hub.subscribe(-1, 'session.invalid', (event) => invalid.push(event));
    const expected = await call<HeartbeatOvertimeRow[]>(fleet.server.url, 'GET', '/heartBeatInfo/overtime', { token });

    await live.connect({ token, userName: 'admin', userPri: [], typeIds: EVERY_TYPE_LIST, polls: ['fences', 'heartbeat'] });
    clock.increment(FIRST_POLL_DELAY_MS);
    await waitFor(() => fences.length === 1 && heartbeat.length === 1, 'both notices', 10_000);
    expect(fences[0]).toEqual({ pending: 3, checkedAt: clock.now(), dismissed: false });
    expect(expected.data.length).toBeGreaterThan(0);
    expect(heartbeat[0]).toEqual({ rows: expected.data, checkedAt: clock.now(), dismissed: false });

    await call(fleet.server.url, 'GET', '/loginOut', { token });
    clock.increment(900_000);
    await waitFor(() => invalid.length > 0, 'session.invalid', 10_000);
    expect(invalid[0]).toMatchObject({ code: 504 });
  });
});
