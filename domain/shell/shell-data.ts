// What the shell loads once a session exists (menus and privileges), and how it reads back from storage, so a new tab
// of a logged-in browser opens the shell at once while the server checks the session (shell spec §2, §4).
import { isFiniteNumber, isRecord, parseJsonText } from '../wire/guards';
import type { MenuEntry, StUserAlarm, UserPriAnswer, UserPriEntry } from '../wire/entities';

export interface ShellData {
  readonly menus: readonly MenuEntry[];
  readonly userPri: UserPriAnswer;
}

function isMenuList(value: unknown): value is readonly MenuEntry[] {
  return Array.isArray(value) && value.every(isMenuEntry);
}

function isMenuEntry(value: unknown): value is MenuEntry {
  if (!isRecord(value) || typeof value['name'] !== 'string' || typeof value['url'] !== 'string') return false;
  const { child, menus } = value;
  // A shape this parser does not know (a legacy null, say) reads as no stored data: the tab then waits for the server.
  return (child === undefined || isMenuList(child)) && (menus === undefined || isMenuList(menus));
}

function isUserPriEntry(value: unknown): value is UserPriEntry {
  return isRecord(value) && typeof value['key'] === 'string';
}

function isStUserAlarm(value: unknown): value is StUserAlarm {
  return isRecord(value) && isFiniteNumber(value['id']) && isFiniteNumber(value['userId']) && typeof value['alarmTypeIds'] === 'string';
}

function isUserPriAnswer(value: unknown): value is UserPriAnswer {
  if (!isRecord(value) || !Array.isArray(value['userPri'])) return false;
  const entries: unknown[] = value['userPri'];
  return entries.every(isUserPriEntry) && (value['stUserAlarm'] === null || isStUserAlarm(value['stUserAlarm']));
}

/** True when two answers hold the same menus and privileges (both are plain JSON, read or stored in one key order). */
export function sameShellData(a: ShellData | undefined, b: ShellData): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

/** Shell data as stored: tagged with the session's header-id it was answered for. */
export function storedShellText(headerId: string, shell: ShellData): string {
  return JSON.stringify({ headerId, shell });
}

/**
 * Reads shell data back from storage for the session with `headerId`; data stored for another session (another tab's
 * login), or not shaped like ShellData, counts as none, and the server is asked before the shell opens.
 */
export function parseStoredShell(text: string | null | undefined, headerId: string): ShellData | undefined {
  const stored = parseJsonText(text);
  if (!isRecord(stored) || stored['headerId'] !== headerId || !isRecord(stored['shell'])) return undefined;
  const { menus, userPri } = stored['shell'];
  return isMenuList(menus) && isUserPriAnswer(userPri) ? { menus, userPri } : undefined;
}
