// Accounts (params spec §3.2, §6): roles (name, description, status) and users (user name, real name, role, password,
// company, status). A role is every caller's to see but a superMan's, which only a superMan sees; a user belongs to one
// company and is granted it with its organisations below (server/entities/entity-hooks.ts).
import type { EntityDef, EntityPath } from './definition';
import { field } from './field';

const BASE = '/setting/privilege_account';
const ROLE_PATH = `${BASE}/role` as const;
export const USER_PATH = `${BASE}/user` as const;

export const ACCOUNT_ENTITIES = {
  [ROLE_PATH]: {
    path: ROLE_PATH,
    table: 'role',
    key: 'id',
    scope: 'role',
    label: 'roleName',
    fields: [
      // Global: a role has no company (every company's users are given the same roles), and a user names it by this.
      field('roleName', 'text', { required: true, maxLength: 50, unique: 'global', list: true, search: true }),
      field('description', 'text', { maxLength: 200, list: true }),
    ],
    sort: { key: 'roleName', order: 'asc' },
    insertDefaults: { superMan: 0 },
  },
  [USER_PATH]: {
    path: USER_PATH,
    table: 'appUser',
    key: 'id',
    scope: 'company',
    label: 'userName',
    fields: [
      // Global: one logs in with the user name alone, before any company is known.
      field('userName', 'text', { required: true, maxLength: 50, unique: 'global', fixed: true, list: true, search: true }),
      field('realName', 'text', { required: true, maxLength: 50, list: true, search: true }),
      field('roleId', 'reference', { required: true, ref: { path: ROLE_PATH, label: 'roleName' }, list: true }),
      field('companyCode', 'company', { required: true, list: true, search: true }),
      field('password', 'password', { required: true }),
    ],
    sort: { key: 'userName', order: 'asc' },
    insertDefaults: { avatar: '' },
  },
} as const satisfies Record<typeof ROLE_PATH | typeof USER_PATH, EntityDef> & Partial<Record<EntityPath, EntityDef>>;
