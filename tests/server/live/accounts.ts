// Accounts of their own for the live-socket tests, and the edits the master-data routes will make to them.
import { createSession } from '../../../server/auth/sessions';
import type { Services } from '../../../server/services';

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

/** The open messages as the console sends them: userPri is the list GET /userPri gave at login. */
export const truckOpen = (token: string, userPri: readonly string[]) => ({
  frequency: 1, msgType: 0, userPri: userPri.map((key) => ({ key })), token,
});
export const alarmOpen = (token: string, userPri: readonly string[]) => ({
  typeIds: '', msgType: 1, userPri: userPri.map((key) => ({ key })), userName: 'test', token,
});
