// A live worker core on fake-indexeddb and mock-socket, with tabs joined over MessageChannel ports as a SharedWorker's are.
import { EVERY_TYPE_LIST } from '../../domain/alarm-types';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach } from 'vitest';
import { SimulatedClock } from 'xstate';
import { openLiveClient, type LiveClient } from '../../src/live/live-client';
import type { LiveEventName, LiveEvents, LiveSession } from '../../workers/live-api';
import { exposeClient } from '../../workers/client-api';
import { LiveDb } from '../../workers/db';
import { realClock, type LiveClock } from '../../workers/live-clock';
import { LiveCore } from '../../workers/live-core';
import type { FetchLike } from '../../workers/session-request';
import type { LockManagerLike } from '../../workers/tab-registry';
import { T0 } from '../helpers/live-frames';
import { mockEndpoint, mockHost, mockSocketFactory, type MockEndpoint } from '../helpers/mock-sockets';

export const SESSION: LiveSession = { token: 'token-1', userName: 'admin', userPri: [], typeIds: EVERY_TYPE_LIST };

export interface Harness {
  readonly core: LiveCore;
  readonly clock: LiveClock;
  /** Set when the harness runs on simulated time: link timers then move only with `clock.increment`. */
  readonly simulated: SimulatedClock | undefined;
  readonly idb: IDBFactory;
  readonly db: LiveDb;
  readonly truck: MockEndpoint;
  readonly alarm: MockEndpoint;
  /** Joins a tab on its own MessageChannel port. */
  tab(options?: { locks?: LockManagerLike }): Promise<LiveClient>;
  close(): Promise<void>;
}

interface HarnessOptions {
  /** Reuse a database: a second worker started on the first one's IndexedDB. */
  readonly idb?: IDBFactory;
  readonly clock?: 'simulated' | 'real';
  readonly locks?: LockManagerLike;
  readonly dbName?: string;
  /** HTTP for the polls; without it the core runs none. */
  readonly fetch?: FetchLike;
}

/** Where the harness's polls go (a fake fetch sees this base). */
export const API_BASE_URL = 'http://console.test/truckmanage/api';

async function liveHarness(options: HarnessOptions = {}): Promise<Harness> {
  const idb = options.idb ?? new IDBFactory();
  const simulated = options.clock === 'real' ? undefined : new SimulatedClock();
  simulated?.set(T0);
  const clock = simulated ?? realClock();
  const host = mockHost();
  const truck = mockEndpoint(host, 'truck');
  const alarm = mockEndpoint(host, 'alarm');
  const db = new LiveDb(options.dbName ?? 'fleet-live', { indexedDB: idb, IDBKeyRange });
  const core = new LiveCore({
    db, socketBase: host, socketFactory: mockSocketFactory, mode: 'shared', clock, random: () => 0,
    ...(options.locks ? { locks: options.locks } : {}),
    ...(options.fetch ? { fetch: options.fetch, apiBase: API_BASE_URL } : {}),
  });
  const tabs: LiveClient[] = [];
  const ports: MessagePort[] = [];
  return {
    core, clock, simulated, idb, db, truck, alarm,
    async tab(tabOptions = {}) {
      const channel = new MessageChannel();
      ports.push(channel.port1, channel.port2);
      exposeClient(core, channel.port1);
      const tab = await openLiveClient({ endpoint: channel.port2, locks: tabOptions.locks });
      tabs.push(tab);
      return tab;
    },
    async close() {
      for (const tab of tabs) tab.close();
      for (const port of ports) port.close();
      await core.close();
      db.close();
      truck.stop();
      alarm.stop();
    },
  };
}

/**
 * Polls a condition on real time (mock-socket, Comlink and fake-indexeddb all deliver on real timers); the condition
 * may be asynchronous (a read of the real server's database).
 */
export async function waitFor(condition: () => boolean | Promise<boolean>, what = 'condition', timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Every payload of one event a tab receives, in order. */
export async function collect<K extends LiveEventName>(tab: LiveClient, name: K): Promise<LiveEvents[K][]> {
  const received: LiveEvents[K][] = [];
  await tab.subscribe(name, (payload) => received.push(payload));
  return received;
}

/** A harness factory whose harnesses are all closed after each test. */
export function harnesses(): (options?: HarnessOptions) => Promise<Harness> {
  const open: Harness[] = [];
  afterEach(async () => {
    for (const harness of open.splice(0)) await harness.close();
  });
  return async (options) => {
    const harness = await liveHarness(options);
    open.push(harness);
    return harness;
  };
}
