// The change-password dialog against the real server under both contracts: ours checks the old password on blur
// (POST /verifyPwd); the legacy one has no such call, so the dialog lets the user go on and the change judges it.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyMd5 } from '../../../server/auth/passwords';
import { initI18n } from '../../../src/app/i18n';
import { PasswordDialog } from '../../../src/app/password/PasswordDialog';
import { md5Hex } from '../../../domain/md5';
import { Toaster } from '../../../src/ui/Notices';
import { resetNotices } from '../../../src/ui/notify';
import { call, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';

/** The page's address: the console's relative calls then reach the server as they do from the page it serves. */
const happyDom = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
const pageFetch = globalThis.fetch;
/** Each password check is a third of a second of scrypt on the server, and a change makes up to three. */
const SERVER = { timeout: 10_000 };

describe.each(['ours', 'legacy'] as const)('the password dialog against the real server (%s contract)', (contract) => {
  let server: RunningServer;
  let userId: number;
  /** Method and path of every call the dialog made. */
  const calls: string[] = [];

  beforeAll(async () => {
    await initI18n('zh');
    server = await startServer({ contract });
    happyDom.setURL(server.url);
    const operator = await login(server.url, 'operator');
    userId = operator.answer.userInfo.id;
    localStorage.setItem('header-id', operator.token);
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(input, server.url).pathname}`);
      return pageFetch(input, init);
    });
    // A real server and a real scrypt login: on a loaded 2-core machine this alone has taken over the default 10 s.
  }, 30_000);
  afterEach(() => {
    cleanup();
    act(() => resetNotices());
    calls.length = 0;
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await server.close();
  });

  const storedHash = async () =>
    (await server.services.db.selectFrom('appUser').select('passwordHash').where('id', '=', userId).executeTakeFirstOrThrow()).passwordHash;

  function open() {
    const onLogout = vi.fn();
    const view = render(
      <>
        <PasswordDialog userId={userId} userName="operator" onClose={() => undefined} onLogout={onLogout} />
        <Toaster />
      </>,
    );
    const field = (name: string) => view.baseElement.querySelector<HTMLInputElement>(`input[name="${name}"]`) ?? expect.unreachable(name);
    const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
    const errorOf = (name: string) => document.getElementById(field(name).getAttribute('aria-describedby') ?? '')?.textContent ?? '';
    const submit = () => fireEvent.submit(field('oldPwd').form ?? expect.unreachable('the form'));
    return { onLogout, field, type, errorOf, submit };
  }

  it('shows a wrong old password on its field and changes nothing', { timeout: 20_000 }, async () => {
    const before = await storedHash();
    const dialog = open();
    dialog.type('oldPwd', 'not-my-password');
    fireEvent.blur(dialog.field('oldPwd'));
    await waitFor(() => expect(calls).toContain('POST /truckmanage/api/verifyPwd'));
    if (contract === 'ours') await waitFor(() => expect(dialog.errorOf('oldPwd')).toBe('原密码错误'), SERVER);
    dialog.type('pwd', 'newpass1');
    dialog.type('confrimPwd', 'newpass1');
    dialog.submit();
    await waitFor(() => expect(dialog.errorOf('oldPwd')).toBe('原密码错误'), SERVER);

    // Ours refused at the blur check; the legacy contract had none, so the change carried the old password and was refused.
    expect(calls.includes('PUT /truckmanage/api/userInfoPwd')).toBe(contract === 'legacy');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await storedHash()).toBe(before);
  });

  it('changes the password with the right old password, says 密码修改成功 and logs out', { timeout: 20_000 }, async () => {
    const dialog = open();
    dialog.type('oldPwd', 'operator123');
    fireEvent.blur(dialog.field('oldPwd'));
    dialog.type('pwd', `${contract}-pass1`);
    dialog.type('confrimPwd', `${contract}-pass1`);
    await waitFor(() => expect(calls).toContain('POST /truckmanage/api/verifyPwd'));
    dialog.submit();
    await screen.findByText('密码修改成功', {}, SERVER);
    await waitFor(() => expect(dialog.onLogout).toHaveBeenCalledTimes(1));

    expect(dialog.errorOf('oldPwd')).toBe('');
    expect(await verifyMd5(md5Hex(`${contract}-pass1`), await storedHash())).toBe(true);
    const relogin = await call(server.url, 'POST', '/login', { form: { username: 'operator', password: `${contract}-pass1`, ip: '', area: '' } });
    expect(relogin.resultCode).toBe(200);
  });
});
