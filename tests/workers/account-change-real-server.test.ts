// The worker core against the real server when a company is taken from the user: its trucks leave the console's fleet.
import { EVERY_TYPE_LIST } from '../../domain/alarm-types';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { UserPriAnswer } from '../../domain/wire/entities';
import { SOCKET_CLOSE } from '../../domain/wire/sockets';
import { announceAccountChange } from '../../server/auth/account-change';
import { statusRows } from '../../server/store/trucks';
import { LiveDb } from '../../workers/db';
import { LiveCore } from '../../workers/live-core';
import { call, login } from '../helpers/api';
import { startSimServer, type SimServer } from '../helpers/server';
import { wsSocketFactory } from '../helpers/ws-socket-factory';
import { waitFor } from './harness';

let server: SimServer | undefined;
let core: LiveCore | undefined;
afterEach(async () => {
  await core?.close();
  await server?.close();
  [core, server] = [undefined, undefined];
});

it('holds exactly the trucks of the companies left after one is taken away: 4205, reconnect, snapshot replaces', { timeout: 30_000 }, async () => {
  const running = (server = await startSimServer({ seed: 3, trucks: 12 }));
  const { db, hub } = running.services;
  const { token, answer } = await login(running.url, 'manager');
  const managerId = answer.userInfo.id;
  // What the console forwards on both sockets: the list GET /userPri gave at login.
  const userPri = (await call<UserPriAnswer>(running.url, 'GET', '/userPri', { token })).data.userPri;
  const truckIdsOf = async (companyCodes: string[]) =>
    (await statusRows(db, { companyCodes })).map((published) => published.row.truckId).sort((a, b) => a - b);
  // Link timers on simulated time: the 5 s reconnect happens when the test says.
  const clock = new SimulatedClock();
  clock.set(Date.now());
  const live = (core = new LiveCore({
    db: new LiveDb('account-change', { indexedDB: new IDBFactory(), IDBKeyRange }),
    socketBase: running.url.replace(/^http/, 'ws'), socketFactory: wsSocketFactory, mode: 'shared', clock, random: () => 0,
  }));
  const held = () => JSON.stringify(live.trucks().map((truck) => truck.row.truckId ?? -1).sort((a, b) => a - b));
  await live.connect({ token, userName: 'manager', userPri, typeIds: EVERY_TYPE_LIST });
  const before = await truckIdsOf(['C001', 'C002', 'C003', 'C004']);
  await waitFor(() => held() === JSON.stringify(before), 'the first snapshot', 10_000);
  await waitFor(() => live.diagnostics().links.alarm.state === 'open', 'the alarm socket', 10_000);

  await db.deleteFrom('userCompany').where('userId', '=', managerId).where('companyCode', '=', 'C003').execute();
  await announceAccountChange(db, hub, { userIds: [managerId] });
  await waitFor(() => live.diagnostics().links.truck.state === 'waiting', 'the status socket to close', 10_000);
  expect(live.diagnostics().links.truck.lastCloseCode).toBe(SOCKET_CLOSE.accessChanged);
  clock.increment(5_000);
  const remaining = await truckIdsOf(['C001', 'C002', 'C004']);
  expect(remaining.length).toBeLessThan(before.length);
  await waitFor(() => held() === JSON.stringify(remaining), 'the reconnect\'s snapshot without the removed company\'s trucks', 10_000);
  expect(live.diagnostics().links.truck.opens).toBe(2);
  // The alarm socket was filtered in place, not reconnected.
  expect(live.diagnostics().links.alarm.opens).toBe(1);
});
