// An announced change of a user's companies or role re-filters its open sockets at once: alarms in place, trucks added or reset.
import { describe, expect, it } from 'vitest';
import { SOCKET_CLOSE } from '../../../domain/wire/sockets';
import type { TruckStatusRow } from '../../../domain/wire/truck-row';
import { announceAccountChange } from '../../../server/auth/account-change';
import type { AccountChange } from '../../../server/live/hub';
import { addAccount, openAlarm, openTruck, setCompanies, setRole, truckIdsOf } from './accounts';
import { changeTruck, raiseAlarm } from './fleet';
import { liveServer } from './live-server';

describe('live sockets when an account\'s companies or role change', () => {
  const live = liveServer();
  const services = () => live.server.services;
  const announce = (change: AccountChange) => announceAccountChange(services().db, services().hub, change);
  /** Fixture trucks: 0 and 1 of C002, 2 of C003, 3 of C005. */
  const ids = (...indexes: number[]) => indexes.map((index) => live.truck(index).id);

  it('stops alarms of a removed company and delivers a newly granted company\'s at once; another user\'s are untouched', async () => {
    const account = await addAccount(services(), { companies: ['C002'] });
    const other = await addAccount(services(), { companies: ['C002'] });
    const ready = await raiseAlarm(services(), live.truck(0));
    const mine = await openAlarm(live.connect, account, [], ready);
    const theirs = await openAlarm(live.connect, other, [], ready);

    await setCompanies(services(), account.id, ['C003']);
    await announce({ userIds: [account.id] });
    const removed = await raiseAlarm(services(), live.truck(0));
    const granted = await raiseAlarm(services(), live.truck(2));
    // The next alarm this socket gets is the later one: the removed company's was not sent.
    expect(await mine.nextJson()).toMatchObject({ seq: granted.alarm.seq });
    expect(await theirs.nextJson()).toMatchObject({ seq: removed.alarm.seq });
  });

  it('closes a socket that named its companies (the console\'s login list) with 4205 at a grant it could not name; reopened with its privileges read again, it gets that company', async () => {
    const account = await addAccount(services(), { companies: ['C002', 'C003'] });
    const ready = await raiseAlarm(services(), live.truck(0));
    const loginList = await openAlarm(live.connect, account, ['C002', 'C003'], ready);
    const everything = await openAlarm(live.connect, account, [], ready);

    await setCompanies(services(), account.id, ['C002', 'C005']);
    await announce({ userIds: [account.id] });
    expect(await loginList.closed).toEqual({ code: SOCKET_CLOSE.accessChanged, reason: '账号的数据权限已变更，正在重新连接实时数据' });
    await raiseAlarm(services(), live.truck(2));
    const granted = await raiseAlarm(services(), live.truck(3));
    // The socket that asked for everything was re-filtered in place: the removed company's alarm never came.
    expect(await everything.nextJson()).toMatchObject({ seq: granted.alarm.seq });
    const reopened = await openAlarm(live.connect, account, ['C002', 'C005'], ready);
    expect(await reopened.nextJson()).toMatchObject({ seq: granted.alarm.seq });
  });

  it('adds a newly granted company\'s trucks to the open status socket as a change, then streams their changes', async () => {
    const account = await addAccount(services(), { companies: ['C002'] });
    const { client, truckIds } = await openTruck(live.connect, account, []);
    expect(truckIds).toEqual(ids(0, 1));

    await setCompanies(services(), account.id, ['C002', 'C003']);
    await announce({ userIds: [account.id] });
    expect(truckIdsOf(await client.nextJson<TruckStatusRow[]>())).toEqual(ids(2));
    await changeTruck(services(), live.truck(2), { speed: 61 });
    expect(await client.nextJson<TruckStatusRow[]>()).toMatchObject([{ truckId: live.truck(2).id, speed: 61 }]);
  });

  it('closes the status socket with 4205 when a company is taken away; the reconnect\'s snapshot holds only the rest', async () => {
    const account = await addAccount(services(), { companies: ['C002', 'C003'] });
    const { client, truckIds } = await openTruck(live.connect, account, ['C002', 'C003']);
    expect(truckIds).toEqual(ids(0, 1, 2));

    await setCompanies(services(), account.id, ['C002']);
    await announce({ userIds: [account.id] });
    expect(await client.closed).toEqual({ code: SOCKET_CLOSE.accessChanged, reason: '账号的数据权限已变更，正在重新连接实时数据' });
    // The console reconnects with the userPri it got at login.
    expect((await openTruck(live.connect, account, ['C002', 'C003'])).truckIds).toEqual(ids(0, 1));
  });

  it('streams every company once the role is made superMan, and only the user\'s own again when that is taken back', async () => {
    const account = await addAccount(services(), { companies: ['C002'] });
    const ready = await raiseAlarm(services(), live.truck(0));
    const alarms = await openAlarm(live.connect, account, [], ready);
    const status = await openTruck(live.connect, account, []);

    await setRole(services(), account.roleId, { superMan: 1 });
    await announce({ roleIds: [account.roleId] });
    expect(truckIdsOf(await status.client.nextJson<TruckStatusRow[]>())).toEqual(ids(2, 3));
    const far = await raiseAlarm(services(), live.truck(3));
    expect(await alarms.nextJson()).toMatchObject({ seq: far.alarm.seq });

    await setRole(services(), account.roleId, { superMan: 0 });
    await announce({ roleIds: [account.roleId] });
    expect((await status.client.closed).code).toBe(SOCKET_CLOSE.accessChanged);
    await raiseAlarm(services(), live.truck(3));
    const own = await raiseAlarm(services(), live.truck(0));
    expect(await alarms.nextJson()).toMatchObject({ seq: own.alarm.seq });
  });
});

describe('live sockets when a company is added', () => {
  const live = liveServer();
  const services = () => live.server.services;

  it('streams a new company\'s alarms to a superMan once the change is announced', async () => {
    const { db, hub } = services();
    const roleId = (await db.selectFrom('role').select('id').where('superMan', '=', 1).executeTakeFirstOrThrow()).id;
    const admin = await addAccount(services(), { companies: [], roleId });
    const ready = await raiseAlarm(services(), live.truck(0));
    const alarms = await openAlarm(live.connect, admin, [], ready);

    await db.insertInto('company').values({ code: 'C006', name: '新公司', shortName: '新', parentCode: 'C001', address: '', phone: '', status: 1 }).execute();
    const { id } = await db
      .insertInto('truck')
      .values({ signCode: '京D40001', consoleSn: 'SN-C006', companyCode: 'C006', model: 'fuel', phone: '', compartments: 1, capacity: 10, plateColor: '黄', status: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await announceAccountChange(db, hub, { companyCodes: ['C006'] });
    const fresh = await raiseAlarm(services(), { id, signCode: '京D40001', companyCode: 'C006' });
    expect(await alarms.nextJson()).toMatchObject({ seq: fresh.alarm.seq });
  });
});
