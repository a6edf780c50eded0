// The login screen's behaviour in a DOM: messages in the stored language, what it sends.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { LoginPage } from '../../src/app/login/LoginPage';
import { initI18n, switchLang } from '../../src/app/i18n';

function fill(labels: Record<string, string>) {
  for (const [label, value] of Object.entries(labels)) {
    fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
  }
}

function shownCode(): string {
  const alt = screen.getByRole('img').getAttribute('alt') ?? '';
  return alt.replace(/^.*[：:]\s*/, '');
}

describe('LoginPage', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('asks for user name and password before anything else', async () => {
    const onLogin = vi.fn(async () => undefined);
    render(<LoginPage onLogin={onLogin} />);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入用户名和密码');
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('focuses the user name field, and tells of typing (so the shell can load meanwhile) only once someone types', async () => {
    const onTyping = vi.fn();
    render(<LoginPage onLogin={vi.fn(async () => undefined)} onTyping={onTyping} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('用户名', { exact: true })));
    expect(onTyping).not.toHaveBeenCalled();
    fill({ 用户名: 'a' });
    expect(onTyping).toHaveBeenCalled();
  });

  it('asks for the verification code, then rejects a wrong one and draws a new code', () => {
    const onLogin = vi.fn(async () => undefined);
    render(<LoginPage onLogin={onLogin} />);
    fill({ 用户名: 'admin', 密码: 'admin123' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入验证码');

    const first = shownCode();
    fill({ 验证码: first === 'zzzz' ? 'yyyy' : 'zzzz' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入正确的验证码');
    expect((screen.getByLabelText('验证码', { exact: true }) as HTMLInputElement).value).toBe('');
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('sends the trimmed user name and the password as typed once the code matches', async () => {
    const onLogin = vi.fn(async () => undefined);
    render(<LoginPage onLogin={onLogin} />);
    fill({ 用户名: '  admin  ', 密码: ' admin123 ', 验证码: shownCode().toLowerCase() });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith({ username: 'admin', password: ' admin123 ' }));
  });

  it('shows the server message when the login is refused', async () => {
    render(<LoginPage onLogin={async () => '用户名或密码错误'} />);
    fill({ 用户名: 'admin', 密码: 'bad', 验证码: shownCode() });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('用户名或密码错误'));
  });

  it('switches every text to English without a reload and keeps the choice in the language cookie', async () => {
    render(<LoginPage onLogin={async () => undefined} />);
    await switchLang('en');
    await waitFor(() => expect(screen.getByLabelText('User name')).toBeTruthy());
    expect(document.cookie).toContain('language=en');
    expect(i18next.language).toBe('en');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toBe('please enter user name and password');
  });
});
