// Stored shell data: it reads back only for the session it was stored for, and only when shaped like the server's answer.
import { describe, expect, it } from 'vitest';
import { parseStoredShell, storedShellText, type ShellData } from '../../../domain/shell/shell-data';

const SHELL: ShellData = {
  menus: [{ name: '监控中心', url: '/monitor', child: [{ name: '个人中心', url: '/dashboard' }] }, { name: '旧式', url: '/old', menus: [] }],
  userPri: { userPri: [{ key: 'C002' }], stUserAlarm: { id: 1, userId: 3, alarmTypeIds: '1,2' } },
};

describe('stored shell data', () => {
  it('reads back what was stored for the same session', () => {
    expect(parseStoredShell(storedShellText('token-abc', SHELL), 'token-abc')).toEqual(SHELL);
  });

  it('reads as none for another session, so a tab never opens with another login\'s menus', () => {
    expect(parseStoredShell(storedShellText('token-abc', SHELL), 'token-xyz')).toBeUndefined();
  });

  it('reads as none when missing, not JSON, or not shaped like menus and privileges', () => {
    expect(parseStoredShell(null, 'token-abc')).toBeUndefined();
    expect(parseStoredShell('{', 'token-abc')).toBeUndefined();
    const broken = [
      { ...SHELL, menus: [{ name: 'x' }] },
      { ...SHELL, menus: [{ name: 'x', url: '/x', child: null }] },
      { ...SHELL, userPri: { userPri: [{ key: 2 }], stUserAlarm: null } },
      { ...SHELL, userPri: { userPri: [], stUserAlarm: { id: 1 } } },
      { menus: SHELL.menus },
    ];
    for (const shell of broken) expect(parseStoredShell(JSON.stringify({ headerId: 'token-abc', shell }), 'token-abc')).toBeUndefined();
  });
});
