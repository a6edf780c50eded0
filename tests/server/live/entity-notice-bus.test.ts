// Master-data changes across server instances: the bus message read back whole (a path no entity has is dropped), and a
// station saved through instance A heard on a console connected to instance B, once, by a user of its company only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBusMessage, encodeBusMessage } from '../../../server/live/bus-message';
import { login } from '../../helpers/api';
import { connect, type LiveClient } from '../../helpers/live-client';
import { addAccount } from './accounts';
import { createStation, STATION, stationNotice } from './entity-writes';
import { alarmOpen, openAlarmSocket } from './handling';
import { startInstancePair, type InstancePair } from './instance-pair';

describe('the bus message of an entityChanged notice', () => {
  it('decodes what it encodes, keeping only the change', () => {
    const notice = { kind: 'entityChanged', path: STATION.path, key: '12', companyCode: 'C002' } as const;
    expect(decodeBusMessage(encodeBusMessage('i-1', { kind: 'notice', notice }))).toStrictEqual({ from: 'i-1', message: { kind: 'notice', notice } });
    const extra = JSON.stringify({ from: 'i-1', kind: 'notice', notice: { ...notice, companyCode: null, row: { name: 'x' } } });
    expect(decodeBusMessage(extra)?.message).toStrictEqual({ kind: 'notice', notice: { ...notice, companyCode: null } });
  });

  it.each([
    ['a path of no entity', { path: '/setting/base_data/nowhere', key: '1', companyCode: 'C1' }],
    ['a numeric key', { path: STATION.path, key: 1, companyCode: 'C1' }],
    ['a company list', { path: STATION.path, key: '1', companyCode: ['C1'] }],
    ['no company at all', { path: STATION.path, key: '1' }],
  ])('drops %s', (_name, change) => {
    expect(decodeBusMessage(JSON.stringify({ from: 'i-1', kind: 'notice', notice: { kind: 'entityChanged', ...change } }))).toBeUndefined();
  });
});

describe('entity-changed notices over Redis between two instances', () => {
  let pair: InstancePair;
  const clients: LiveClient[] = [];
  const socketOn = (server: InstancePair['a'] | InstancePair['b'], token: string) =>
    openAlarmSocket(server.services, async () => {
      const client = await connect(server.url, 'alarm');
      clients.push(client);
      return client;
    }, alarmOpen(token, ''));

  beforeAll(async () => {
    pair = await startInstancePair();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await pair?.close();
  });

  it("tells a console on B of a station saved through A, and A's own console, once each; not a user of another company", async () => {
    const admin = (await login(pair.a.url, 'admin')).token;
    const ofC002 = await addAccount(pair.b.services, { companies: ['C002'] });
    const ofC003 = await addAccount(pair.b.services, { companies: ['C003'] });
    const [onA, onB, otherOnB] = [await socketOn(pair.a, admin), await socketOn(pair.b, ofC002.token), await socketOn(pair.b, ofC003.token)];

    const station = await createStation(pair.a.url, admin, 'C002');
    const notice = stationNotice(station);
    for (const client of [onA, onB]) await expect.poll(() => client.received).toEqual([notice]);
    await onB.during(300);
    expect([onA.received, onB.received, otherOnB.received]).toEqual([[notice], [notice], []]);
  });
});
