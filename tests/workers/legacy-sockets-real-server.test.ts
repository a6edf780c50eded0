// The worker core against our real server speaking the legacy contract (CONTRACT=legacy) over real sockets: sockets on
// the cookie alone, trucks keyed by plate (rows carry no truckId), alarms without seq, and diagnostics that say so.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { EVERY_TYPE_LIST } from '../../domain/alarm-types';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import { SOCKET_RECONNECT_MS } from '../../domain/wire/sockets';
import { LiveDb } from '../../workers/db';
import { LiveCore } from '../../workers/live-core';
import { login } from '../helpers/api';
import { watchAlarms } from '../helpers/live-figures';
import { startSimServer, type SimServer } from '../helpers/server';
import { cookieSocketFactory } from '../helpers/ws-socket-factory';
import { waitFor } from './harness';

/** What tells alarms apart without seq (the server keeps a seq of its own, which the legacy wire leaves out). */
const identity = (alarm: LiveAlarm) => `${alarm.type}:${alarm.truckId}:${alarm.startTime}`;

let server: SimServer | undefined;
let core: LiveCore | undefined;
afterEach(async () => {
  await core?.close();
  await server?.close();
  [core, server] = [undefined, undefined];
});

describe('against the real server in legacy mode', () => {
  it('keys trucks by plate, says no lossless resume, and misses an alarm raised while the socket was down', { timeout: 30_000 }, async () => {
    server = await startSimServer({ seed: 3, trucks: 12, contract: 'legacy' });
    const { simulator } = server;
    const { token } = await login(server.url, 'admin');
    const clock = new SimulatedClock();
    clock.set(Date.now());
    core = new LiveCore({
      db: new LiveDb('legacy-sockets-real-server', { indexedDB: new IDBFactory(), IDBKeyRange }),
      socketBase: server.url.replace(/^http/, 'ws'), socketFactory: cookieSocketFactory(token), mode: 'shared', clock, random: () => 0,
    });
    const live = core;
    const watched = watchAlarms(live);
    await live.connect({ token, userName: 'admin', userPri: [], typeIds: EVERY_TYPE_LIST });
    await waitFor(() => live.snapshot().status.trucks === 12, 'the first snapshot', 10_000);
    await waitFor(() => live.diagnostics().links.alarm.state === 'open', 'the alarm socket', 10_000);
    expect(live.trucks().every((truck) => truck.key === `plate:${truck.row.signCode}`)).toBe(true);
    expect(live.diagnostics().alarmResume).toBe('unknown');

    const first = await simulator.raiseAlarm(2);
    await waitFor(() => watched.accepted.length === 1, 'the first alarm', 10_000);
    expect(watched.accepted[0]).not.toHaveProperty('seq');
    expect(live.diagnostics().alarmResume).toBe('none');

    server.services.sockets?.closeAll();
    await waitFor(() => live.diagnostics().links.alarm.state === 'waiting', 'the drop', 10_000);
    const missed = await simulator.raiseAlarm(4);
    clock.increment(SOCKET_RECONNECT_MS);
    await waitFor(() => live.diagnostics().links.alarm.opens === 2, 'the reconnect', 10_000);
    // The reopened socket streams once the server has read its open message; until then a raised alarm is not sent.
    for (let tries = 0; !watched.accepted.some((alarm) => alarm.type === 7); tries += 1) {
      if (tries === 100) throw new Error('no alarm after the reconnect');
      await simulator.raiseAlarm(7);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const keys = watched.accepted.map(identity);
    expect(keys[0]).toBe(identity(first.alarm));
    expect(keys).not.toContain(identity(missed.alarm));
    expect(new Set(keys).size).toBe(keys.length);
    expect(live.diagnostics().alarmResume).toBe('none');
  });
});
