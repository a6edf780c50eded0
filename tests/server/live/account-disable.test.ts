// An announced disable (user or role) ends the account's sockets with the final 4401 at once, and its HTTP sessions for good.
import { describe, expect, it } from 'vitest';
import { RESULT_CODE } from '../../../domain/wire/envelope';
import { SOCKET_CLOSE } from '../../../domain/wire/sockets';
import { announceAccountChange } from '../../../server/auth/account-change';
import { DEFAULT_LIVE_LIMITS } from '../../../server/live/socket-policy';
import { call } from '../../helpers/api';
import type { LiveClient } from '../../helpers/live-client';
import { addAccount, addRole, openAlarm, openTruck, setRole, setUserStatus, type TestAccount } from './accounts';
import { raiseAlarm } from './fleet';
import { liveServer } from './live-server';

describe('live sockets when an account is disabled', () => {
  const live = liveServer();
  const services = () => live.server.services;
  const announce = (change: Parameters<typeof announceAccountChange>[2]) => announceAccountChange(services().db, services().hub, change);

  /** Both sockets of each account, streaming (snapshot and the ready alarm received) before anything changes. */
  async function openBoth(...accounts: TestAccount[]): Promise<{ truck: LiveClient; alarm: LiveClient }[]> {
    const ready = await raiseAlarm(services(), live.truck(0));
    const opened = [];
    for (const account of accounts) {
      opened.push({ truck: (await openTruck(live.connect, account, ['C002'])).client, alarm: await openAlarm(live.connect, account, ['C002'], ready) });
    }
    return opened;
  }

  const userPri = (token: string) => call(live.server.url, 'GET', '/userPri', { token });

  it('closes a disabled user\'s status and alarm sockets with 4401 at once, and not another user\'s of the same role', async () => {
    const disabled = await addAccount(services(), { companies: ['C002'] });
    const colleague = await addAccount(services(), { companies: ['C002'], roleId: disabled.roleId });
    const [ended, kept] = await openBoth(disabled, colleague);
    if (!ended || !kept) throw new Error('two accounts opened');

    const start = Date.now();
    await setUserStatus(services(), disabled.id, 0);
    await announce({ userIds: [disabled.id] });
    expect(await ended.truck.closed).toEqual({ code: SOCKET_CLOSE.sessionExpired, reason: '登录已过期，请重新登录' });
    expect((await ended.alarm.closed).code).toBe(SOCKET_CLOSE.sessionExpired);
    expect(Date.now() - start).toBeLessThan(DEFAULT_LIVE_LIMITS.pingIntervalMs / 10);

    const witness = await raiseAlarm(services(), live.truck(1));
    expect(await kept.alarm.nextJson()).toMatchObject({ seq: witness.alarm.seq });
    kept.truck.send('');
    expect(await kept.truck.next()).toBe('pong');
  });

  it('ends a disabled user\'s HTTP sessions, so enabling the user again does not revive its token', async () => {
    const disabled = await addAccount(services(), { companies: ['C002'] });
    const changed = await addAccount(services(), { companies: ['C002'] });
    await setUserStatus(services(), disabled.id, 0);
    await announce({ userIds: [disabled.id, changed.id] });
    await setUserStatus(services(), disabled.id, 1);

    expect((await userPri(disabled.token)).resultCode).toBe(RESULT_CODE.SESSION_EXPIRED);
    // An enabled user named in the same change keeps its session.
    expect((await userPri(changed.token)).resultCode).toBe(RESULT_CODE.OK);
  });

  it('closes with 4401 at once the sockets of every user of a disabled role, and ends their sessions', async () => {
    const roleId = await addRole(services());
    const first = await addAccount(services(), { companies: ['C002'], roleId });
    const second = await addAccount(services(), { companies: ['C002'], roleId });
    const otherRole = await addAccount(services(), { companies: ['C002'] });
    const [a, b, kept] = await openBoth(first, second, otherRole);
    if (!a || !b || !kept) throw new Error('three accounts opened');

    await setRole(services(), roleId, { status: 0 });
    await announce({ roleIds: [roleId] });
    for (const client of [a.truck, a.alarm, b.truck, b.alarm]) expect((await client.closed).code).toBe(SOCKET_CLOSE.sessionExpired);

    const witness = await raiseAlarm(services(), live.truck(0));
    expect(await kept.alarm.nextJson()).toMatchObject({ seq: witness.alarm.seq });
    await setRole(services(), roleId, { status: 1 });
    expect((await userPri(first.token)).resultCode).toBe(RESULT_CODE.SESSION_EXPIRED);
    expect((await userPri(otherRole.token)).resultCode).toBe(RESULT_CODE.OK);
  });
});
