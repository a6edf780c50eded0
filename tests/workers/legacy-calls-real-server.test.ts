// The worker's spec calls against our real server, as a legacy backend would be used: status counts filled through
// getTruckBarData before the status socket answers, the fence notice read from the not-approved list where
// /fenceApproval/timer gives no count (missing by fault injection under our contract, data null under the legacy one),
// and a fill's 504 after logout ending the session.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { countByStatus } from '../../domain/truck-status';
import { API_BASE_DEFAULT } from '../../domain/wire/calls';
import type { TruckStatusRow } from '../../domain/wire/truck-row';
import { LiveDb } from '../../workers/db';
import type { LiveEvents } from '../../workers/live-api';
import { truckKey } from '../../streams/truck-status.stream';
import { LiveCore } from '../../workers/live-core';
import { FIRST_POLL_DELAY_MS } from '../../workers/poller';
import { STATUS_FILL_MS } from '../../workers/status-fill';
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

describe.each(['ours', 'legacy'] as const)('the spec calls against the real server (%s contract)', (contract) => {
  it('fills the counts through getTruckBarData, counts fences from the list, and ends the session on a fill’s 504', { timeout: 30_000 }, async () => {
    fleet = await startFleetServer({ faults: true, contract });
    const { url } = fleet.server;
    const { token } = fleet.as.manager;
    // A backend without our timer shortcut: under our contract its path is made to answer HTTP 404; the legacy contract
    // answers data null.
    if (contract === 'ours') {
      await fetch(`${url}/__test/fault`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: `${API_BASE_DEFAULT}/fenceApproval/timer`, httpStatus: 404, times: 5 }),
      });
    }
    const expected = await call<TruckStatusRow[]>(url, 'POST', '/truckatgsub/rest/truckData/getTruckBarData', { token, json: { userPri: [] } });
    const listed = await call<{ total: number }>(url, 'GET', '/fenceApproval', { token, query: { approvalStatus: 0, page: 1, size: 1 } });
    const clock = new SimulatedClock();
    clock.set(Date.now());
    core = new LiveCore({
      db: new LiveDb('legacy-calls-real-server', { indexedDB: new IDBFactory(), IDBKeyRange }),
      // No socket ever answers here: the counts can only come over HTTP.
      socketBase: 'ws://127.0.0.1:9', socketFactory: mockSocketFactory, mode: 'shared', clock, random: () => 0,
      fetch: (input, init) => fetch(input, init), apiBase: `${url}${API_BASE_DEFAULT}`, hostBase: url,
    });
    const live = core;
    const statuses: LiveEvents['fleet.status'][] = [];
    const fences: LiveEvents['notice.fences'][] = [];
    const invalid: LiveEvents['session.invalid'][] = [];
    live.hub.subscribe(-1, 'fleet.status', (status) => statuses.push(status));
    live.hub.subscribe(-1, 'notice.fences', (notice) => fences.push(notice));
    live.hub.subscribe(-1, 'session.invalid', (event) => invalid.push(event));

    await live.connect({ token, userName: 'manager', userPri: [], typeIds: '', polls: ['fences'] });
    await waitFor(() => live.diagnostics().fills.applied === 1, 'the first fill', 10_000);
    expect(expected.data.length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toMatchObject({ trucks: expected.data.length, counts: countByStatus(expected.data), source: 'live' });
    // Legacy rows carry no truckId: the trucks are then keyed by plate.
    expect(expected.data.every((row) => (row.truckId === undefined) === (contract === 'legacy'))).toBe(true);
    expect(live.trucks().map((truck) => truck.key).sort()).toEqual(expected.data.map(truckKey).sort());

    clock.increment(FIRST_POLL_DELAY_MS);
    await waitFor(() => fences.length === 1, 'the fence notice', 10_000);
    expect(listed.data.total).toBeGreaterThan(0);
    expect(fences[0]).toEqual({ pending: listed.data.total, checkedAt: clock.now(), dismissed: false });

    await call(url, 'GET', '/loginOut', { token });
    live.setVisible(live.addClient(() => undefined), true);
    clock.increment(STATUS_FILL_MS - FIRST_POLL_DELAY_MS);
    await waitFor(() => invalid.length > 0, 'session.invalid', 10_000);
    expect(invalid).toEqual([{ poll: 'statusFill', code: 504 }]);
  });
});
