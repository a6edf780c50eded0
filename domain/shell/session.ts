// Session data as the console keeps it (shell spec §3) and the water-truck rule (§6), from the login answer.
import { isFiniteNumber, isRecord, parseJsonText } from '../wire/guards';
import { toStoredLoginToken, type LastLoginInfo, type LoginAnswer, type Role, type StoredLoginToken } from '../wire/entities';
import { isIdleLimit } from './keep-alive';

export interface SessionData {
  /** The stored login token: JSON `{ id, userName }`. */
  readonly token: StoredLoginToken;
  /** Sent back as the 'header-id' header. */
  readonly headerId: string;
  /** Display name: the real name, else the user name. */
  readonly name: string;
  readonly avatar: string;
  readonly roles: readonly Role[];
  readonly companyCode: string;
  readonly companyCodes: readonly string[];
  /** The spec's customer flag; true (the default) means an ordinary customer. */
  readonly customer: boolean;
  readonly lastLoginInfo: LastLoginInfo;
  /** The server's idle limit in ms when it advertises one (our server does, the legacy backend does not). */
  readonly sessionIdleMs?: number;
}

/** The idle limit as an optional field: absent, not undefined, so the stored JSON stays as before without one. */
const idleLimitOf = (value: unknown): { sessionIdleMs?: number } => (isIdleLimit(value) ? { sessionIdleMs: value } : {});

export function sessionFromLogin(answer: LoginAnswer): SessionData {
  const { userInfo, userIn } = answer;
  return {
    token: { id: userInfo.id, userName: userInfo.userName },
    headerId: answer['header-id'],
    name: userInfo.realName || userInfo.userName,
    avatar: userInfo.avatar,
    roles: answer.role,
    companyCode: userInfo.companyCode,
    companyCodes: userIn?.companyCodes ?? [],
    customer: userIn?.customer ?? true,
    lastLoginInfo: answer.lastLoginInfo,
    ...idleLimitOf(answer.sessionIdleMs),
  };
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isTime = (value: unknown): value is string | number => isText(value) || isFiniteNumber(value);

function isRole(value: unknown): value is Role {
  return isRecord(value) && isText(value['roleName']) && typeof value['superMan'] === 'boolean';
}

/** Reads session data back from storage; anything not shaped like SessionData counts as no session. */
export function parseStoredSession(text: string | null | undefined): SessionData | undefined {
  const value = parseJsonText(text);
  if (!isRecord(value)) return undefined;
  const { headerId, name, avatar, roles, companyCode, companyCodes, customer, lastLoginInfo } = value;
  const token = toStoredLoginToken(value['token']);
  if (!token) return undefined;
  if (!isText(headerId) || headerId === '' || !isText(name) || !isText(avatar) || !isText(companyCode)) return undefined;
  if (typeof customer !== 'boolean' || !Array.isArray(roles) || !Array.isArray(companyCodes)) return undefined;
  if (!isRecord(lastLoginInfo)) return undefined;
  const { ip, area, time } = lastLoginInfo;
  if (!isText(ip) || !isText(area) || !isTime(time)) return undefined;
  const roleList: unknown[] = roles;
  const codeList: unknown[] = companyCodes;
  if (!roleList.every(isRole) || !codeList.every(isText)) return undefined;
  return {
    token,
    headerId, name, avatar, roles: roleList.filter(isRole), companyCode, companyCodes: codeList.filter(isText), customer,
    lastLoginInfo: { ip, area, time },
    ...idleLimitOf(value['sessionIdleMs']),
  };
}

/** The garden-bureau role: its users are water-truck users (shell spec §6). */
const WATER_TRUCK_ROLE = '园林局用户';

/**
 * Water-truck users: the 园林局用户 role, or one of the named users. The spec names one user without showing
 * the name, so the names come from configuration (VITE_WATER_TRUCK_USERS).
 */
export function isWaterTruckUser(session: SessionData, waterTruckUserNames: readonly string[]): boolean {
  return (
    session.roles.some((role) => role.roleName === WATER_TRUCK_ROLE) || waterTruckUserNames.includes(session.token.userName)
  );
}
