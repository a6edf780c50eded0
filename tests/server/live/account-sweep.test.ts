// The periodic sweep ends the sockets of accounts disabled without an announcement (edited straight in the database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE } from '../../../src/domain/wire/sockets';
import { connect, type LiveClient } from '../../helpers/live-client';
import { addAccount, alarmOpen, setRole, setUserStatus, truckOpen, type TestAccount } from './accounts';
import { startBareServer, type BareServer } from './bare-server';

describe('live socket sweep of disabled accounts', () => {
  let bare: BareServer;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    bare = await startBareServer({ pingIntervalMs: 150 });
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await bare.close();
  });

  /** Both sockets of `account`, authenticated (snapshot and pong received) before the test changes anything. */
  async function openBoth(account: TestAccount): Promise<{ truck: LiveClient; alarm: LiveClient }> {
    const truck = await connect(bare.url, 'truck');
    const alarm = await connect(bare.url, 'alarm');
    clients.push(truck, alarm);
    truck.send(truckOpen(account.token, ['C002']));
    alarm.send(alarmOpen(account.token, ['C002']));
    await truck.nextJson();
    alarm.send('');
    expect(await alarm.next()).toBe('pong');
    return { truck, alarm };
  }

  it('closes a disabled user\'s sockets with 4401 at the next sweep, and keeps an enabled user\'s', async () => {
    const disabled = await addAccount(bare.services, { companies: ['C002'] });
    const enabled = await addAccount(bare.services, { companies: ['C002'] });
    const ended = await openBoth(disabled);
    const kept = await openBoth(enabled);

    await setUserStatus(bare.services, disabled.id, 0);
    expect((await ended.truck.closed).code).toBe(SOCKET_CLOSE.sessionExpired);
    expect((await ended.alarm.closed).code).toBe(SOCKET_CLOSE.sessionExpired);
    // The sweep that closed those saw both sessions: the enabled user's sockets still answer.
    for (const client of [kept.truck, kept.alarm]) {
      client.send('');
      expect(await client.next()).toBe('pong');
    }
  });

  it('closes with 4401 at the next sweep the sockets of a user whose role was disabled', async () => {
    const account = await addAccount(bare.services, { companies: ['C002'] });
    const { truck, alarm } = await openBoth(account);

    await setRole(bare.services, account.roleId, { status: 0 });
    expect((await truck.closed).code).toBe(SOCKET_CLOSE.sessionExpired);
    expect((await alarm.closed).code).toBe(SOCKET_CLOSE.sessionExpired);
  });
});
