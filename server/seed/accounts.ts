// Seed companies, roles with their functions, and the four demo users (printed at start).
import type { MenuGroup } from '../../domain/routes';
import { hashMd5, md5Hex } from '../auth/passwords';
import type { Db } from '../db/open';

export interface SeedCompany {
  readonly code: string;
  readonly name: string;
  readonly shortName: string;
  readonly parentCode: string | null;
  /** What the simulator puts in this company's fleet. */
  readonly fleet: 'fuel' | 'sprinkler' | 'none';
}

export const COMPANIES: readonly SeedCompany[] = [
  { code: 'C001', name: '市危化品车辆监管中心', shortName: '监管中心', parentCode: null, fleet: 'none' },
  { code: 'C002', name: '东城油品运输有限公司', shortName: '东城运输', parentCode: 'C001', fleet: 'fuel' },
  { code: 'C003', name: '西城油品运输有限公司', shortName: '西城运输', parentCode: 'C001', fleet: 'fuel' },
  { code: 'C004', name: '南郊物流有限公司', shortName: '南郊物流', parentCode: 'C003', fleet: 'fuel' },
  { code: 'C005', name: '市园林绿化局', shortName: '园林局', parentCode: 'C001', fleet: 'sprinkler' },
];

export const ROLE = {
  admin: '管理员',
  userAdmin: '用户管理员',
  dispatcher: '调度员',
  garden: '园林局用户',
} as const;

const REPORT_GROUPS: readonly MenuGroup[] = [
  'cargo_event', 'cargo_exception', 'cargo_analysis', 'driving_event', 'driving_exception', 'driving_analysis',
  'active_safety', 'device_console', 'device_other', 'device_analysis',
];

const SPRINKLER_ROUTES = [
  '/monitor/sprinkler_playback_track', '/monitor/sprinkler_monitoring', '/monitor/sprinkler_statistics',
  '/monitor/sprinkler_inventory', '/monitor/sprinkler_real_inventory',
];

interface SeedRole {
  readonly name: string;
  readonly description: string;
  readonly superMan: boolean;
  /** Menu groups or single route paths (see server/auth/access.ts). */
  readonly functions: readonly string[];
}

const ROLES: readonly SeedRole[] = [
  { name: ROLE.admin, description: '系统管理员，拥有全部功能', superMan: true, functions: [] },
  {
    name: ROLE.userAdmin,
    description: '管理账号、基础数据与报警阈值',
    superMan: false,
    functions: ['personal', 'monitor', ...REPORT_GROUPS, 'base_data', 'privilege_account', 'alarm_threshold'],
  },
  {
    name: ROLE.dispatcher,
    description: '调度与监控本公司车辆',
    superMan: false,
    functions: ['personal', 'monitor', 'cargo_event', 'cargo_exception', 'driving_event', 'driving_exception', 'active_safety'],
  },
  { name: ROLE.garden, description: '园林局洒水车用户', superMan: false, functions: ['personal', ...SPRINKLER_ROUTES, '/monitor/alarm_inbox'] },
];

interface DemoAccount {
  readonly userName: string;
  readonly password: string;
  readonly realName: string;
  readonly role: string;
  readonly companyCode: string;
  /** userPri; superMan users see every company whatever this says. */
  readonly companies: readonly string[];
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { userName: 'admin', password: 'admin123', realName: '系统管理员', role: ROLE.admin, companyCode: 'C001', companies: [] },
  {
    userName: 'manager', password: 'manager123', realName: '张经理', role: ROLE.userAdmin, companyCode: 'C001',
    companies: ['C001', 'C002', 'C003', 'C004'],
  },
  { userName: 'operator', password: 'operator123', realName: '李调度', role: ROLE.dispatcher, companyCode: 'C002', companies: ['C002'] },
  { userName: 'garden', password: 'garden123', realName: '王园林', role: ROLE.garden, companyCode: 'C005', companies: ['C005'] },
];

/**
 * One hash per demo password for the life of the process: a hash costs about a third of a second (OWASP's scrypt
 * figure), and tests seed these accounts into many new databases. The salt is still random, once per process.
 */
const demoHashes = new Map<string, Promise<string>>();

function demoHash(password: string): Promise<string> {
  let hash = demoHashes.get(password);
  if (!hash) {
    hash = hashMd5(md5Hex(password));
    demoHashes.set(password, hash);
  }
  return hash;
}

export async function seedAccounts(db: Db): Promise<void> {
  // Hashed side by side, before the transaction holds the database.
  const hashes = new Map(await Promise.all(DEMO_ACCOUNTS.map(async (a) => [a.userName, await demoHash(a.password)] as const)));
  await db.transaction().execute(async (trx) => {
    for (const c of COMPANIES) {
      await trx
        .insertInto('company')
        .values({ code: c.code, name: c.name, shortName: c.shortName, parentCode: c.parentCode, address: '', phone: '', status: 1 })
        .execute();
    }
    const roleIds = new Map<string, number>();
    for (const r of ROLES) {
      const { id } = await trx
        .insertInto('role')
        .values({ roleName: r.name, description: r.description, superMan: r.superMan ? 1 : 0, status: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      roleIds.set(r.name, id);
      if (r.functions.length > 0) {
        await trx.insertInto('roleFunction').values(r.functions.map((functionId) => ({ roleId: id, functionId }))).execute();
      }
    }
    for (const a of DEMO_ACCOUNTS) {
      const roleId = roleIds.get(a.role);
      const passwordHash = hashes.get(a.userName);
      if (roleId === undefined || passwordHash === undefined) throw new Error(`demo account ${a.userName} names unknown role ${a.role}`);
      const { id } = await trx
        .insertInto('appUser')
        .values({
          userName: a.userName, realName: a.realName, roleId, companyCode: a.companyCode,
          passwordHash, status: 1, avatar: '',
          lastLoginIp: null, lastLoginArea: null, lastLoginTime: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (a.companies.length > 0) {
        await trx.insertInto('userCompany').values(a.companies.map((companyCode) => ({ userId: id, companyCode }))).execute();
      }
    }
  });
}
