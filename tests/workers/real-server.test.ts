// The worker core against our real server and simulator over real sockets: no alarm lost across a drop; 4401 is final;
// a handling saved by the worker's own session comes back as data.changed.
import { EVERY_TYPE_LIST } from '../../domain/alarm-types';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { LiveEvents } from '../../workers/live-api';
import { LiveDb } from '../../workers/db';
import { LiveCore } from '../../workers/live-core';
import { call, login } from '../helpers/api';
import { watchAlarms } from '../helpers/live-figures';
import { startSimServer, type SimServer } from '../helpers/server';
import { wsSocketFactory } from '../helpers/ws-socket-factory';
import { insertCoverEvent } from '../server/live/fleet';
import { handle } from '../server/live/handling';
import { waitFor } from './harness';

let server: SimServer | undefined;
let core: LiveCore | undefined;
afterEach(async () => {
  await core?.close();
  await server?.close();
  [core, server] = [undefined, undefined];
});

async function setUp() {
  server = await startSimServer({ seed: 3, trucks: 12 });
  const { token } = await login(server.url, 'admin');
  // Link timers on simulated time: the 5 s reconnect happens when the test says.
  const clock = new SimulatedClock();
  clock.set(Date.now());
  core = new LiveCore({
    db: new LiveDb('real-server', { indexedDB: new IDBFactory(), IDBKeyRange }),
    socketBase: server.url.replace(/^http/, 'ws'), socketFactory: wsSocketFactory, mode: 'shared', clock, random: () => 0,
  });
  const live = core;
  await live.connect({ token, userName: 'admin', userPri: [], typeIds: EVERY_TYPE_LIST });
  await waitFor(() => live.snapshot().status.trucks === 12, 'the first snapshot', 10_000);
  await waitFor(() => live.diagnostics().links.alarm.state === 'open', 'the alarm socket', 10_000);
  return { server, simulator: server.simulator, core: live, clock, token };
}

describe('against the real server', () => {
  it('receives every alarm raised before, during and after a dropped connection, each once', { timeout: 30_000 }, async () => {
    const { server, simulator, core, clock, token } = await setUp();
    const watched = watchAlarms(core);
    const raised = [await simulator.raiseAlarm(2), await simulator.raiseAlarm(201)];
    await waitFor(() => watched.accepted.length === 2, 'alarms before the drop');

    await call(server.url, 'POST', '/diagnostics/drop-sockets', { token });
    await waitFor(() => core.diagnostics().links.alarm.state === 'waiting', 'the drop');
    raised.push(await simulator.raiseAlarm(4), await simulator.raiseAlarm(203));
    clock.increment(5_000);
    await waitFor(() => watched.accepted.length === 4, 'alarms missed while dropped', 10_000);
    raised.push(await simulator.raiseAlarm(7));
    await waitFor(() => watched.accepted.length === 5, 'alarms after the reconnect');

    expect(watched.accepted.map((alarm) => alarm.seq)).toEqual(raised.map((published) => published.alarm.seq));
    expect(core.diagnostics().links.alarm.opens).toBe(2);
    expect(core.diagnostics().frames.badFrames).toBe(0);
    expect(core.diagnostics().alarmResume).toBe('lossless');
  });

  it('stops for good and reports the invalid session when the server closes with 4401 at logout', { timeout: 30_000 }, async () => {
    const { server, core, clock, token } = await setUp();
    const invalid: LiveEvents['session.invalid'][] = [];
    core.hub.subscribe(-1, 'session.invalid', (event) => invalid.push(event));
    // The server ends the session's sockets at logout (no reconnect needed to learn it).
    await call(server.url, 'GET', '/loginOut', { token });
    await waitFor(() => invalid.length > 0, 'session.invalid', 10_000);

    expect(invalid[0]?.code).toBe(4401);
    expect(core.diagnostics().links).toMatchObject({ truck: { state: expect.stringMatching(/rejected|stopped/) }, alarm: { state: expect.stringMatching(/rejected|stopped/) } });
    const opens = core.diagnostics().links.truck.opens + core.diagnostics().links.alarm.opens;
    clock.increment(60_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(core.diagnostics().links.truck.opens + core.diagnostics().links.alarm.opens).toBe(opens);
  });

  it('tells its tabs of a handling saved by its own session (data.changed), as it tells other consoles', { timeout: 30_000 }, async () => {
    const { server, core, token } = await setUp();
    const heard: LiveEvents['data.changed'][] = [];
    core.hub.subscribe(-1, 'data.changed', (event) => heard.push(event));
    const truck = await server.services.db.selectFrom('truck').select(['id', 'companyCode']).limit(1).executeTakeFirstOrThrow();
    expect(await handle(server.url, token, [await insertCoverEvent(server.services, truck)])).toBe(1);
    await waitFor(() => heard.length === 1, 'data.changed', 10_000);

    expect(heard).toEqual([{ changes: [{ kind: 'dataChanged', topic: 'eventHandling' }], missed: false }]);
    expect(core.diagnostics().frames).toMatchObject({ noticeFrames: 1, badFrames: 0 });
  });
});
