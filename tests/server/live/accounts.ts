// Accounts of their own for the live-socket tests, the edits the master-data routes will make, and their sockets opened.
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import type { LiveAlarm } from '../../../domain/wire/live-alarm';
import type { SocketName } from '../../../domain/wire/sockets';
import type { TruckStatusRow } from '../../../domain/wire/truck-row';
import { createSession } from '../../../server/auth/sessions';
import type { PublishedAlarm } from '../../../server/live/hub';
import type { Services } from '../../../server/services';
import type { LiveClient } from '../../helpers/live-client';

export interface TestAccount {
  readonly id: number;
  readonly roleId: number;
  /** A logged-in session of this user. */
  readonly token: string;
}

let made = 0;
const nextName = (prefix: string) => `${prefix}-${process.pid}-${(made += 1)}`;

/** A role with the dispatcher's view (no functions needed: any session may open the sockets). */
export async function addRole(services: Services, options: { readonly superMan?: boolean } = {}): Promise<number> {
  const { id } = await services.db
    .insertInto('role')
    .values({ roleName: nextName('role'), description: '', superMan: options.superMan ? 1 : 0, status: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An enabled user of `roleId` (a new role when absent) granted `companies`, with a session. */
export async function addAccount(
  services: Services,
  options: { readonly companies: readonly string[]; readonly roleId?: number },
): Promise<TestAccount> {
  const roleId = options.roleId ?? (await addRole(services));
  const { id } = await services.db
    .insertInto('appUser')
    .values({
      userName: nextName('user'), realName: '', roleId, companyCode: options.companies[0] ?? 'C001', passwordHash: '-',
      status: 1, avatar: '', lastLoginIp: null, lastLoginArea: null, lastLoginTime: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setCompanies(services, id, options.companies);
  return { id, roleId, token: await createSession(services.db, id, '127.0.0.1') };
}

export async function setCompanies(services: Services, userId: number, companies: readonly string[]): Promise<void> {
  await services.db.deleteFrom('userCompany').where('userId', '=', userId).execute();
  if (companies.length === 0) return;
  await services.db.insertInto('userCompany').values(companies.map((companyCode) => ({ userId, companyCode }))).execute();
}

export async function setUserStatus(services: Services, userId: number, status: 0 | 1): Promise<void> {
  await services.db.updateTable('appUser').set({ status }).where('id', '=', userId).execute();
}

export async function setRole(services: Services, roleId: number, change: { readonly status?: 0 | 1; readonly superMan?: 0 | 1 }): Promise<void> {
  await services.db.updateTable('role').set(change).where('id', '=', roleId).execute();
}

type Connect = (socket: SocketName) => Promise<LiveClient>;
type Received = LiveAlarm & { readonly seq: number };

/** The status socket's open message as the console sends it: userPri is the list GET /userPri gave at login. */
const truckOpen = (token: string, userPri: readonly string[]) => ({
  frequency: 1, msgType: 0, userPri: userPri.map((key) => ({ key })), token,
});

/** Opens the account's status socket; its snapshot's trucks (sent once the feed is subscribed), by id. */
export async function openTruck(connect: Connect, account: TestAccount, userPri: readonly string[]): Promise<{ client: LiveClient; truckIds: number[] }> {
  const client = await connect('truck');
  client.send(truckOpen(account.token, userPri));
  return { client, truckIds: truckIdsOf(await client.nextJson<TruckStatusRow[]>()) };
}

export const truckIdsOf = (rows: readonly TruckStatusRow[]) => rows.map((row) => row.truckId ?? -1).sort((a, b) => a - b);

/**
 * Opens the account's alarm socket asking for what followed `ready` (the console's lastSeq), and waits for `ready`
 * itself: the replay sends it once the feed is subscribed, so every later alarm is judged by the socket's filter.
 */
export async function openAlarm(connect: Connect, account: TestAccount, userPri: readonly string[], ready: PublishedAlarm): Promise<LiveClient> {
  const client = await connect('alarm');
  client.send({
    typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: userPri.map((key) => ({ key })), userName: 'test', token: account.token, lastSeq: ready.alarm.seq - 1,
  });
  const first = await client.nextJson<Received>();
  if (first.seq !== ready.alarm.seq) throw new Error(`expected the ready alarm ${ready.alarm.seq} first, got ${first.seq}`);
  return client;
}
