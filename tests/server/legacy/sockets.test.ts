// The live sockets under CONTRACT=legacy: cookie only, live alarms without seq and no replay, the full status list each period.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import type { TruckStatusRow } from '../../../domain/wire/truck-row';
import { announceAccountChange } from '../../../server/auth/account-change';
import { hashToken } from '../../../server/auth/sessions';
import { connect, type ClientOptions, type LiveClient } from '../../helpers/live-client';
import { addAccount, setCompanies } from '../live/accounts';
import { startBareServer, type BareServer } from '../live/bare-server';
import { changeTruck, insertFleet, raiseAlarm, type FixtureTruck } from '../live/fleet';

/** The spec's alarm fields (§3), and nothing of ours. */
const SPEC_ALARM_KEYS = ['insertTime', 'properties', 'remark', 'signCode', 'startTime', 'truckId', 'type'];
/** The spec's status-row fields (§3), and nothing of ours. */
const SPEC_ROW_KEYS = ['alarm', 'area', 'gpsTime', 'lastIventoryMap', 'signCode', 'speed', 'status', 'statusTime', 'truckCompany'];

/** The status socket's period in these tests: 50 ms (the bare server allows it). */
const FREQUENCY = 0.05;

const truckOpen = (extra: Record<string, unknown> = {}) => ({ frequency: FREQUENCY, msgType: 0, userPri: [], ...extra });
const alarmOpen = (extra: Record<string, unknown> = {}) => ({ typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'operator', ...extra });
const plates = (rows: readonly TruckStatusRow[]) => rows.map((row) => row.signCode);
const keysOf = (value: object) => Object.keys(value).sort();

describe('live sockets in legacy mode', () => {
  let bare: BareServer;
  let trucks: FixtureTruck[] = [];
  const clients: LiveClient[] = [];
  const truck = (i: number) => trucks[i] ?? expect.unreachable(`no fixture truck ${i}`);

  beforeAll(async () => {
    bare = await startBareServer({ minFrequencyS: FREQUENCY }, { contract: 'legacy', prepare: async (services) => void (trucks = await insertFleet(services)) });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(() => bare.close());

  const open = async (kind: 'truck' | 'alarm', options: ClientOptions) => {
    const client = await connect(bare.url, kind, options);
    clients.push(client);
    return client;
  };
  /** A fresh operator session (C002: trucks 0 and 1), as the sid cookie. */
  const operatorCookie = () => bare.sessionOf('operator');
  /** Resolves once a socket of this session streams (authenticated and subscribed); the open applies asynchronously. */
  const streaming = (token: string) => expect.poll(() => bare.registry.sessions()).toContain(hashToken(token));
  /** Frames until one passes `done`; every frame on the way is checked by `each`. */
  const frameWhere = async (client: LiveClient, done: (rows: TruckStatusRow[]) => boolean, each: (rows: TruckStatusRow[]) => void) => {
    for (let i = 0; i < 100; i++) {
      const rows = await client.nextJson<TruckStatusRow[]>();
      each(rows);
      if (done(rows)) return rows;
    }
    throw new Error('no such frame in 100 periods');
  };

  it('sends only live alarms to a socket opened with lastSeq (no replay), each with the spec’s fields and no seq', async () => {
    const missed = await raiseAlarm(bare.services, truck(0), 2);
    const cookie = await operatorCookie();
    const client = await open('alarm', { cookie });
    client.send(alarmOpen({ lastSeq: missed.alarm.seq - 1 }));
    await streaming(cookie);
    const live = await raiseAlarm(bare.services, truck(1), 7);

    // Under our contract the missed alarm would come first (alarm-socket.test.ts); here the live one is the first frame.
    const first = await client.nextJson<Record<string, unknown>>();
    expect(keysOf(first)).toEqual(SPEC_ALARM_KEYS);
    expect(first).toEqual({
      type: 7, signCode: truck(1).signCode, startTime: live.alarm.startTime, truckId: truck(1).id,
      insertTime: live.alarm.insertTime, remark: '', properties: {},
    });
  });

  it('sends the full list of the caller’s trucks, without truckId or a fix, every period, with changes in it', async () => {
    const client = await open('truck', { cookie: await operatorCookie() });
    client.send(truckOpen());
    const snapshot = await client.nextJson<TruckStatusRow[]>();
    expect(plates(snapshot)).toEqual(['京A10001', '京A10002']);
    expect(snapshot.map(keysOf)).toEqual([SPEC_ROW_KEYS, SPEC_ROW_KEYS]);
    // Nothing changed: the next periods still send every truck (ours would send nothing).
    expect(await client.nextJson()).toEqual(snapshot);
    expect(await client.nextJson()).toEqual(snapshot);

    await changeTruck(bare.services, truck(1), { speed: 77, area: '朝阳区' });
    const changed = await frameWhere(
      client,
      (rows) => rows.some((row) => row.speed === 77),
      (rows) => expect(plates(rows)).toEqual(['京A10001', '京A10002']),
    );
    expect(changed[1]).toMatchObject({ signCode: '京A10002', speed: 77, area: '朝阳区' });
    expect(changed[0]).toEqual(snapshot[0]);
    expect(keysOf(changed[1] ?? {})).toEqual(SPEC_ROW_KEYS);
    // The change stays in every later list.
    expect((await client.nextJson<TruckStatusRow[]>())[1]).toMatchObject({ speed: 77 });
  });

  it('authenticates by the sid cookie only: a valid token in the open message without the cookie closes 4401', async () => {
    const token = await operatorCookie();
    for (const kind of ['truck', 'alarm'] as const) {
      const client = await open(kind, {});
      client.send(kind === 'truck' ? truckOpen({ token }) : alarmOpen({ token }));
      expect((await client.closed).code).toBe(4401);
    }
  });

  it('ignores a token beside the cookie, even one that is no text', async () => {
    const client = await open('truck', { cookie: await operatorCookie() });
    client.send(truckOpen({ token: 12345 }));
    expect(plates(await client.nextJson<TruckStatusRow[]>())).toEqual(['京A10001', '京A10002']);
  });

  it('answers the empty heartbeat with pong', async () => {
    const client = await open('alarm', { cookie: await operatorCookie() });
    client.send('');
    expect(await client.next()).toBe('pong');
  });

  it('keeps the account-change closes: a company taken away closes the status socket with 4205', async () => {
    const account = await addAccount(bare.services, { companies: ['C002', 'C003'] });
    const client = await open('truck', { cookie: account.token });
    client.send(truckOpen());
    expect(plates(await client.nextJson<TruckStatusRow[]>())).toEqual(['京A10001', '京A10002', '京B20001']);
    await setCompanies(bare.services, account.id, ['C002']);
    await announceAccountChange(bare.services.db, bare.services.hub, { userIds: [account.id] });
    expect((await client.closed).code).toBe(4205);
  });

  it('adds a granted company’s trucks to the full list at once', async () => {
    const account = await addAccount(bare.services, { companies: ['C002'] });
    const client = await open('truck', { cookie: account.token });
    client.send(truckOpen());
    expect(plates(await client.nextJson<TruckStatusRow[]>())).toEqual(['京A10001', '京A10002']);
    await setCompanies(bare.services, account.id, ['C002', 'C005']);
    await announceAccountChange(bare.services.db, bare.services.hub, { userIds: [account.id] });
    const widened = await frameWhere(
      client,
      (rows) => rows.length === 3,
      (rows) => expect(plates(rows).slice(0, 2)).toEqual(['京A10001', '京A10002']),
    );
    expect(plates(widened)).toEqual(['京A10001', '京A10002', '京C30001']);
  });
});
