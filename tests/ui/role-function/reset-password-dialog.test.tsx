// The administrator's password reset dialog: the confirm prompt first, the spec's rules before any call, a refused
// field's message from the server, and the outcome: done, or 'reset failed' with the server's reason.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ResetPasswordDialog } from '../../../src/app/screens/accounts/ResetPasswordDialog';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { documentIsDocument } from '../entity/focus-within';
import { accountsServer } from './accounts-server';

function open() {
  const onClose = vi.fn();
  render(<ResetPasswordDialog userKey="7" userName="operator" onClose={onClose} />);
  return onClose;
}

const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(new RegExp(label)), { target: { value } });

describe('the password reset dialog', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('zh');
    documentIsDocument();
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await switchLang('zh');
  });

  it('asks first; a cancelled prompt closes without a call', () => {
    const server = accountsServer({ roles: [] });
    const onClose = open();
    const prompt = screen.getByRole('alertdialog');
    expect(within(prompt).getByText('确定重置用户“operator”的密码吗？')).toBeTruthy();
    expect(document.activeElement).toBe(within(prompt).getByRole('button', { name: '确定' }));
    fireEvent.click(within(prompt).getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(server.calls).toEqual([]);
  });

  it('checks the two passwords before sending, then resets and says so', async () => {
    const server = accountsServer({ roles: [] });
    const onClose = open();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/新密码/));
    typeInto('新密码', '12345');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('密码长度不能少于6位')).toBeTruthy();
    typeInto('新密码', '123456');
    typeInto('确认密码', '1234567');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(server.writes()).toEqual([]);
    typeInto('确认密码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('密码已重置，该用户需使用新密码重新登录')).toBeTruthy();
    expect(server.writes()).toEqual([
      { method: 'POST', path: '/entity/setting/privilege_account/user/7/password', params: { password: '123456', confirm: '123456' } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows a refused field\'s message from the server under that field', async () => {
    accountsServer({ roles: [], resetAnswer: { resultCode: 400, message: '两次输入的密码不一致', data: { field: 'confirm' } } });
    open();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    typeInto('新密码', 'abcdef');
    typeInto('确认密码', 'abcdef');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(screen.getByLabelText(/确认密码/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
  });

  it('says reset failed with the server\'s reason, in English too', async () => {
    await switchLang('en');
    accountsServer({ roles: [], resetAnswer: { resultCode: 401, message: 'You cannot reset the password of a user whose role holds functions you do not hold' } });
    open();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    typeInto('New password', 'abcdef');
    typeInto('Confirm password', 'abcdef');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('reset failed')).toBeTruthy();
    expect(screen.getByText('You cannot reset the password of a user whose role holds functions you do not hold')).toBeTruthy();
  });
});
