// The session machine: login, token check, logout, forced local logout and the 504 logout with reload.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine, type Credentials, type ShellData } from '../../machines/session.machine';
import type { SessionData } from '../../domain/shell/session';
import { SESSION_CHECK_RETRY_MS } from '../../domain/constants';
import { flush, scripted, SESSION } from './shell-fixtures';

const SHELL: ShellData = { menus: [{ name: '个人中心', url: '/dashboard' }], userPri: { userPri: [{ key: 'C002' }], stUserAlarm: null } };

/** A failure the app would call unreachable (no network): the check is asked again. */
const UNREACHABLE = new Error('network');

function start(stored?: SessionData, storedShell?: ShellData, checkRefused: (error: unknown) => boolean = () => true) {
  const login = scripted<Credentials, SessionData>();
  const loadShell = scripted<SessionData, ShellData>();
  const logout = scripted<SessionData, void>();
  const storeSession = vi.fn();
  const storeShell = vi.fn();
  const clearStoredSession = vi.fn();
  const reloadPage = vi.fn();
  const reportLogoutFailure = vi.fn();
  const machine = sessionMachine.provide({
    actors: { login: login.logic, loadShell: loadShell.logic, logout: logout.logic },
    actions: { storeSession: (_, session) => storeSession(session), storeShell: (_, stored) => storeShell(stored), clearStoredSession, reloadPage, reportLogoutFailure: (_, e) => reportLogoutFailure(e) },
    guards: { checkRefused: (_, error) => checkRefused(error) },
  });
  const actor = createActor(machine, { input: { stored, ...(storedShell ? { storedShell } : {}) } }).start();
  return { actor, login, loadShell, logout, storeSession, storeShell, clearStoredSession, reloadPage, reportLogoutFailure };
}

async function loggedIn() {
  const s = start();
  s.actor.send({ type: 'session.login', credentials: { username: 'operator', password: 'operator123' } });
  s.login.resolve(SESSION);
  await flush();
  s.loadShell.resolve(SHELL);
  await flush();
  return s;
}

describe('session machine', () => {
  it('starts logged out without stored session data', () => {
    expect(start().actor.getSnapshot().value).toBe('loggedOut');
  });

  it('logs in, stores the session, loads menus and privileges, then is logged in', async () => {
    const s = start();
    s.actor.send({ type: 'session.login', credentials: { username: 'operator', password: 'operator123' } });
    expect(s.actor.getSnapshot().value).toBe('loggingIn');
    expect(s.login.inputs).toEqual([{ username: 'operator', password: 'operator123' }]);
    s.login.resolve(SESSION);
    await flush();
    expect(s.actor.getSnapshot().value).toBe('checking');
    expect(s.storeSession).toHaveBeenCalledWith(SESSION);
    s.loadShell.resolve(SHELL);
    await flush();
    expect(s.actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(s.actor.getSnapshot().context).toMatchObject({ session: SESSION, shell: SHELL });
    expect(s.storeShell).toHaveBeenCalledWith({ session: SESSION, shell: SHELL });
  });

  it('passes a refused login back as the error and stays logged out, storing nothing', async () => {
    const s = start();
    s.actor.send({ type: 'session.login', credentials: { username: 'x', password: 'y' } });
    const refusal = new Error('用户名或密码错误');
    s.login.reject(refusal);
    await flush();
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.actor.getSnapshot().context.error).toBe(refusal);
    expect(s.storeSession).not.toHaveBeenCalled();
  });

  it('checks a stored session against the server before opening the shell', async () => {
    const s = start(SESSION);
    expect(s.actor.getSnapshot().value).toBe('checking');
    expect(s.loadShell.inputs).toEqual([SESSION]);
    s.loadShell.resolve(SHELL);
    await flush();
    expect(s.actor.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('clears a stored session the server refuses (failed token check) without reloading', async () => {
    const s = start(SESSION);
    s.loadShell.reject(new Error('登录已过期'));
    await flush();
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.actor.getSnapshot().context.session).toBeUndefined();
    expect(s.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(s.reloadPage).not.toHaveBeenCalled();
  });

  it('opens the shell at once from a stored session with its menus, while the server checks the session', async () => {
    const s = start(SESSION, SHELL);
    expect(s.actor.getSnapshot().matches({ loggedIn: 'verifying' })).toBe(true);
    expect(s.actor.getSnapshot().context).toMatchObject({ session: SESSION, shell: SHELL });
    expect(s.loadShell.inputs).toEqual([SESSION]);
    const fresher: ShellData = { ...SHELL, menus: [] };
    s.loadShell.resolve(fresher);
    await flush();
    expect(s.actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true);
    expect(s.actor.getSnapshot().context.shell).toBe(fresher);
    expect(s.storeShell).toHaveBeenCalledWith({ session: SESSION, shell: fresher });
  });

  it('keeps the stored menus object when the server answers the same, so nothing built from it starts over', async () => {
    const s = start(SESSION, SHELL);
    s.loadShell.resolve(structuredClone(SHELL));
    await flush();
    expect(s.actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true);
    expect(s.actor.getSnapshot().context.shell).toBe(SHELL);
  });

  it('logs out when the server refuses a session whose shell opened from storage', async () => {
    const s = start(SESSION, SHELL);
    const refusal = new Error('登录已过期');
    s.loadShell.reject(refusal);
    await flush();
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.actor.getSnapshot().context).toMatchObject({ session: undefined, shell: undefined, error: refusal });
    expect(s.clearStoredSession).toHaveBeenCalledTimes(1);
  });

  it('keeps a shell opened from storage when the server cannot be reached, and checks again after a wait', async () => {
    vi.useFakeTimers();
    try {
      const s = start(SESSION, SHELL, (error) => error !== UNREACHABLE);
      s.loadShell.reject(UNREACHABLE);
      await vi.advanceTimersByTimeAsync(0);
      expect(s.actor.getSnapshot().matches({ loggedIn: 'awaitingCheck' })).toBe(true);
      expect(s.actor.getSnapshot().context).toMatchObject({ session: SESSION, shell: SHELL });
      expect(s.clearStoredSession).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(SESSION_CHECK_RETRY_MS - 1);
      expect(s.loadShell.inputs).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(s.loadShell.inputs).toEqual([SESSION, SESSION]);
      // The server answers at last, and refuses: now it logs out.
      s.loadShell.reject(new Error('登录已过期'));
      await vi.advanceTimersByTimeAsync(0);
      expect(s.actor.getSnapshot().value).toBe('loggedOut');
      expect(s.clearStoredSession).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores stored menus without a stored session', () => {
    expect(start(undefined, SHELL).actor.getSnapshot()).toMatchObject({ value: 'loggedOut', context: { shell: undefined } });
  });

  it('logs out through the server, then clears the session and reloads', async () => {
    const s = await loggedIn();
    s.actor.send({ type: 'session.logout' });
    expect(s.actor.getSnapshot().value).toBe('loggingOut');
    expect(s.logout.inputs).toEqual([SESSION]);
    s.logout.resolve();
    await flush();
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(s.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the server refuses the logout, passing the failure back and reporting it', async () => {
    const s = await loggedIn();
    s.actor.send({ type: 'session.logout' });
    s.logout.reject(new Error('network'));
    await flush();
    expect(s.actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(s.actor.getSnapshot().context.error).toEqual(new Error('network'));
    expect(s.reportLogoutFailure).toHaveBeenCalledWith(new Error('network'));
    expect(s.clearStoredSession).not.toHaveBeenCalled();
  });

  it('clears everything on a forced local logout without calling the server or reloading', async () => {
    const s = await loggedIn();
    s.actor.send({ type: 'session.forceLogout' });
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.actor.getSnapshot().context.session).toBeUndefined();
    expect(s.logout.inputs).toEqual([]);
    expect(s.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(s.reloadPage).not.toHaveBeenCalled();
  });

  it('logs out locally and reloads when the server says the session expired (504)', async () => {
    const s = await loggedIn();
    s.actor.send({ type: 'session.expired' });
    s.actor.send({ type: 'session.expired' });
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.logout.inputs).toEqual([]);
    expect(s.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(s.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('keeps a saved alarm choice with the shell data and stores it, so the next tab or a reload opens on it', async () => {
    const s = await loggedIn();
    const choice = { id: 4, userId: 3, alarmTypeIds: '2,4' };
    s.actor.send({ type: 'session.alarmChoiceSaved', choice });
    const { shell } = s.actor.getSnapshot().context;
    expect(shell?.userPri.stUserAlarm).toEqual(choice);
    // The privileges stay the same object: the live session built from them does not connect again.
    expect(shell?.userPri.userPri).toBe(SHELL.userPri.userPri);
    expect(shell?.menus).toBe(SHELL.menus);
    expect(s.storeShell).toHaveBeenLastCalledWith({ session: SESSION, shell: { ...SHELL, userPri: { ...SHELL.userPri, stUserAlarm: choice } } });
  });

  it('reloads menus and privileges in place on refresh, keeping the shell open meanwhile', async () => {
    const s = await loggedIn();
    s.actor.send({ type: 'session.refresh' });
    expect(s.actor.getSnapshot().matches({ loggedIn: 'refreshing' })).toBe(true);
    const fresher: ShellData = { ...SHELL, menus: [] };
    s.loadShell.resolve(fresher);
    await flush();
    expect(s.actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true);
    expect(s.actor.getSnapshot().context.shell).toBe(fresher);
  });
});
