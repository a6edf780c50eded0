// The session machine's calls: login (with the caller's address), the shell load that doubles as the token check, logout.
import { fromPromise } from 'xstate';
import type { Credentials, ShellData } from '../../../machines/session.machine';
import { call } from '../../api/client';
import { buildShellMenu } from '../../../domain/shell/menu';
import { sessionFromLogin, type SessionData } from '../../../domain/shell/session';
import type { IpInfo } from '../../../domain/wire/entities';
import { storeAddress, storeDeviceType, storedAddress, writeSensorFlag } from './session-storage';

/** ip and area come from session storage; the first login of a tab asks GET /getIp for them. */
async function callerAddress(): Promise<IpInfo> {
  const stored = storedAddress();
  if (stored) return stored;
  try {
    const address = await call('getIp', {}, { passBack: true });
    storeAddress(address);
    return address;
  } catch {
    // The server fills in what it sees when the console sends nothing.
    return { ip: '', area: '' };
  }
}

export const login = fromPromise<SessionData, Credentials>(async ({ input }) => {
  const address = await callerAddress();
  // The challenge's fields only when the server asked for one: the spec's login has name and password alone.
  const challenge = input.challenge ? { captchaId: input.challenge.id, captcha: input.challenge.answer } : {};
  const answer = await call('login', { username: input.username, password: input.password, ...address, ...challenge }, { passBack: true });
  return sessionFromLogin(answer);
});

export const loadShell = fromPromise<ShellData, SessionData>(async () => {
  const [menus, userPri] = await Promise.all([call('menus', {}, { passBack: true }), call('userPri', {}, { passBack: true })]);
  writeSensorFlag(buildShellMenu(menus).sensorEnabled);
  // The device list is session data for later screens; the shell opens without it.
  call('devicesAll', {}, { passBack: true }).then(
    (devices) => storeDeviceType(devices.map((device) => device.code)),
    () => storeDeviceType([]),
  );
  return { menus, userPri };
});

export const logout = fromPromise<void, SessionData>(async () => {
  await call('logout', {}, { passBack: true });
});
