// The periodic sweep ends the sockets of accounts disabled without an announcement (edited straight in the database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE, type SocketName } from '../../../domain/wire/sockets';
import { connect, type LiveClient } from '../../helpers/live-client';
import { addAccount, openAlarm, openTruck, setRole, setUserStatus, type TestAccount } from './accounts';
import { startBareServer, type BareServer } from './bare-server';
import { insertFleet, raiseAlarm, type FixtureTruck } from './fleet';

describe('live socket sweep of disabled accounts', () => {
  let bare: BareServer;
  let own: FixtureTruck;
  const clients: LiveClient[] = [];
  const open = async (socket: SocketName) => {
    const client = await connect(bare.url, socket);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    bare = await startBareServer({ pingIntervalMs: 150 });
    const trucks = await insertFleet(bare.services);
    own = trucks.find((truck) => truck.companyCode === 'C002') ?? (() => { throw new Error('no C002 truck'); })();
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await bare.close();
  });

  /** Both sockets of each account, streaming before the test changes anything. */
  async function openBoth(...accounts: TestAccount[]): Promise<{ truck: LiveClient; alarm: LiveClient }[]> {
    const ready = await raiseAlarm(bare.services, own);
    const opened = [];
    for (const account of accounts) {
      opened.push({ truck: (await openTruck(open, account, ['C002'])).client, alarm: await openAlarm(open, account, ['C002'], ready) });
    }
    return opened;
  }

  it('closes a disabled user\'s sockets with 4401 at the next sweep, and keeps an enabled user\'s', async () => {
    const disabled = await addAccount(bare.services, { companies: ['C002'] });
    const enabled = await addAccount(bare.services, { companies: ['C002'] });
    const [ended, kept] = await openBoth(disabled, enabled);
    if (!ended || !kept) throw new Error('two accounts opened');

    await setUserStatus(bare.services, disabled.id, 0);
    expect((await ended.truck.closed).code).toBe(SOCKET_CLOSE.sessionExpired);
    expect((await ended.alarm.closed).code).toBe(SOCKET_CLOSE.sessionExpired);
    // The sweep that closed those saw both sessions: the enabled user's sockets still stream.
    const witness = await raiseAlarm(bare.services, own);
    expect(await kept.alarm.nextJson()).toMatchObject({ seq: witness.alarm.seq });
    kept.truck.send('');
    expect(await kept.truck.next()).toBe('pong');
  });

  it('closes with 4401 at the next sweep the sockets of a user whose role was disabled', async () => {
    const account = await addAccount(bare.services, { companies: ['C002'] });
    const [sockets] = await openBoth(account);
    if (!sockets) throw new Error('the account opened');

    await setRole(bare.services, account.roleId, { status: 0 });
    expect((await sockets.truck.closed).code).toBe(SOCKET_CLOSE.sessionExpired);
    expect((await sockets.alarm.closed).code).toBe(SOCKET_CLOSE.sessionExpired);
  });
});
