// Session and shell entities of spec §3 as they cross the wire: login, user, menu, quick visit, privileges.
import { isFiniteNumber, isRecord, parseJsonText } from './guards';
import type { LoginChallengeAnswer } from './login-challenge';

/**
 * A time as the backend sends it: epoch milliseconds, epoch seconds (10 digits, spec §9) or
 * 'yyyy-MM-dd HH:mm:ss' text. The formatters normalise it; the wire keeps what the legacy backend sends.
 */
export type WireTime = number | string;

export interface Role {
  readonly roleName: string;
  readonly superMan: boolean;
}

interface UserInfo {
  readonly id: number;
  readonly userName: string;
  readonly realName: string;
  readonly avatar: string;
  readonly companyCode: string;
}

export interface LastLoginInfo {
  readonly ip: string;
  readonly area: string;
  readonly time: WireTime;
}

/**
 * The username is trimmed by the form; the password is sent as typed (spec §5); ip and area come from getIp. The
 * challenge's answer only when our server asked for one (login-challenge.ts).
 */
export interface LoginRequest extends Partial<LoginChallengeAnswer> {
  readonly username: string;
  readonly password: string;
  readonly ip: string;
  readonly area: string;
}

/**
 * Design: the spec shows only that the console reads `userIn`; we make it the user's company codes and the
 * customer flag (true = an ordinary customer, the spec's default).
 */
interface UserIn {
  readonly companyCodes: readonly string[];
  readonly customer: boolean;
}

/** Exactly the fields the console reads from POST /login: the spec's five and our optional idle limit. */
export interface LoginAnswer {
  readonly role: readonly Role[];
  readonly userInfo: UserInfo;
  /** The session id the shared client sends back as the 'header-id' header. */
  readonly 'header-id': string;
  readonly userIn: UserIn;
  readonly lastLoginInfo: LastLoginInfo;
  /**
   * Our extension: the server's session idle limit in ms, so the console's keep-alive runs well inside it. A legacy
   * backend sends none (the console then assumes the spec-era 30 minutes).
   */
  readonly sessionIdleMs?: number;
}

export const HEADER_ID = 'header-id';

/** What the browser keeps as the login token: JSON with the user's id and name. */
export interface StoredLoginToken {
  readonly id: number;
  readonly userName: string;
}

/** A login token value: `{ id: number, userName: string }`, else undefined. */
export function toStoredLoginToken(value: unknown): StoredLoginToken | undefined {
  if (!isRecord(value)) return undefined;
  const { id, userName } = value;
  return isFiniteNumber(id) && typeof userName === 'string' ? { id, userName } : undefined;
}

/** Reads the stored login token; anything but JSON `{ id: number, userName: string }` is no token. */
export function parseStoredLoginToken(text: string | null | undefined): StoredLoginToken | undefined {
  return toStoredLoginToken(parseJsonText(text));
}

/** A node of the server's menu tree; older entries carry their children under `menus` instead of `child`. */
export interface MenuEntry {
  readonly name: string;
  readonly url: string;
  readonly child?: readonly MenuEntry[];
  readonly menus?: readonly MenuEntry[];
}

/** The entry's children, whichever of `child` or `menus` holds them (`child` wins when both are non-empty). */
export function menuChildren(entry: MenuEntry): readonly MenuEntry[] {
  if (entry.child && entry.child.length > 0) return entry.child;
  return entry.menus ?? entry.child ?? [];
}

/** Not shown in the menu: its presence sets the sensor-enable cookie flag. */
export const SENSOR_ENABLE_MENU_NAME = '传感器使能';

export interface QuickVisit {
  readonly id: number;
  readonly userId: number;
  readonly quickVisitUrl: string;
  readonly quickVisitName: string;
}

export type QuickVisitAddRequest = Omit<QuickVisit, 'id'>;

/** The data texts that mean success; the console compares them literally (spec §7). */
export const QUICK_VISIT_ADDED = '添加成功';
export const QUICK_VISIT_REMOVED = '移除成功';

/** One company the user may see; `key` is the company code. */
export interface UserPriEntry {
  readonly key: string;
}

export interface StUserAlarm {
  readonly id: number;
  readonly userId: number;
  /** Comma list of alarm type ids, read with `parseTypeIds`. */
  readonly alarmTypeIds: string;
}

export interface UserPriAnswer {
  readonly userPri: readonly UserPriEntry[];
  /** Null until the user first saves an alarm choice. */
  readonly stUserAlarm: StUserAlarm | null;
}

/** Saves the alarm types the user receives (spec §5 Alarm choice). */
export interface AlarmChoiceRequest {
  readonly id: number;
  readonly userId: number;
  readonly alarmTypeIds: string;
}

export interface PasswordChangeRequest {
  readonly id: number;
  /** MD5 hex of the new password. */
  readonly pwd: string;
  /**
   * Our addition: MD5 hex of the old password, checked by the server with the change. Required by our server in legacy
   * mode (it has no /verifyPwd); under our contract an alternative to a right POST /verifyPwd just before.
   */
  readonly oldPwd?: string;
}

/** Our addition: the old-password blur check asks the server, which never sends a hash (answer: boolean). */
export interface VerifyPwdRequest {
  readonly id: number;
  /** MD5 hex of the typed old password. */
  readonly oldPwd: string;
}

export interface IpInfo {
  readonly ip: string;
  readonly area: string;
}
