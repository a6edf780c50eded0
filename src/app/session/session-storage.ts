// Where the session lives in the browser: local storage, shared by every tab of the console (control rooms keep many
// open), with the spec's per-tab items (ip, area, deviceType) in session storage, plus two cookies.
import { HEADER_ID_KEY } from '../../api/http';
import { parseStoredSession, type SessionData } from '../../../domain/shell/session';
import { parseStoredShell, storedShellText, type ShellData } from '../../../domain/shell/shell-data';
import { parseStoredLoginToken, type IpInfo } from '../../../domain/wire/entities';
import { deleteCookie, writeCookie } from '../cookies';
import { forgetBadgeCounts } from '../live/boot-badges';

const KEYS = {
  /** The stored login token, JSON `{ id, userName }` (spec §3). */
  token: 'token',
  session: 'session',
  /** The menus and privileges of that session as the server last answered them: a new tab opens with them. */
  shell: 'shell',
  ip: 'ip',
  area: 'area',
  /** Comma list of every truck device code (spec §3). */
  deviceType: 'deviceType',
} as const;

/** Set to 1 when the menu tree holds the hidden 传感器使能 entry. */
const SENSOR_COOKIE = 'sensorEnable';

/** The stored session when its token, header-id and data agree; anything partial counts as logged out. */
export function readStoredSession(): SessionData | undefined {
  const token = parseStoredLoginToken(localStorage.getItem(KEYS.token));
  const session = parseStoredSession(localStorage.getItem(KEYS.session));
  if (!token || !session) return undefined;
  const agrees = session.token.id === token.id && session.headerId === localStorage.getItem(HEADER_ID_KEY);
  return agrees ? session : undefined;
}

export function storeSession(session: SessionData): void {
  localStorage.setItem(KEYS.token, JSON.stringify(session.token));
  localStorage.setItem(HEADER_ID_KEY, session.headerId);
  localStorage.setItem(KEYS.session, JSON.stringify(session));
}

/** The stored shell data of this session; data another tab's login stored for another session is none. */
export function readStoredShell(session: SessionData): ShellData | undefined {
  return parseStoredShell(localStorage.getItem(KEYS.shell), session.headerId);
}

export function storeShell(session: SessionData, shell: ShellData): void {
  localStorage.setItem(KEYS.shell, storedShellText(session.headerId, shell));
}

export function clearStoredSession(): void {
  for (const key of [KEYS.token, HEADER_ID_KEY, KEYS.session, KEYS.shell]) localStorage.removeItem(key);
  forgetBadgeCounts();
  sessionStorage.removeItem(KEYS.deviceType);
  deleteCookie(SENSOR_COOKIE);
}

/**
 * Calls back when another tab ends the shared session (logout, password change, a 504), so this tab leaves too
 * instead of failing its next call. Returns the unsubscribe.
 */
export function watchSessionEnd(onEnded: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.storageArea !== localStorage) return;
    if (event.key === null || (event.key === KEYS.token && event.newValue === null)) onEnded();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** The caller's address as GET /getIp answered it, kept for the login request (spec §7). */
export function storedAddress(): IpInfo | undefined {
  const ip = sessionStorage.getItem(KEYS.ip);
  const area = sessionStorage.getItem(KEYS.area);
  return ip === null || area === null ? undefined : { ip, area };
}

export function storeAddress(address: IpInfo): void {
  sessionStorage.setItem(KEYS.ip, address.ip);
  sessionStorage.setItem(KEYS.area, address.area);
}

export function storeDeviceType(codes: readonly string[]): void {
  sessionStorage.setItem(KEYS.deviceType, codes.join(','));
}

export function writeSensorFlag(enabled: boolean): void {
  if (enabled) writeCookie(SENSOR_COOKIE, '1');
  else deleteCookie(SENSOR_COOKIE);
}
