// The login screen's behaviour in a DOM: messages in the stored language, what it sends, and the server's challenge in
// place of the drawn code once the server asks for it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { ChallengeRefusal } from '../../src/app/login/challenge-refusal';
import { LoginPage } from '../../src/app/login/LoginPage';
import { initI18n, switchLang } from '../../src/app/i18n';

function fill(labels: Record<string, string>) {
  for (const [label, value] of Object.entries(labels)) {
    fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
  }
}

/** A server that never asks for its challenge: the page has no reason to call this. */
const notAsked = () => Promise.reject(new Error('the page asked for a challenge the server did not require'));

const CHALLENGE = { id: 'c-1', image: 'data:image/png;base64,iVBORw0KGgo=', length: 5 };

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
    render(<LoginPage onLogin={onLogin} loadChallenge={notAsked} />);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入用户名和密码');
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('focuses the user name field, and tells of typing (so the shell can load meanwhile) only once someone types', async () => {
    const onTyping = vi.fn();
    render(<LoginPage onLogin={vi.fn(async () => undefined)} loadChallenge={notAsked} onTyping={onTyping} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('用户名', { exact: true })));
    expect(onTyping).not.toHaveBeenCalled();
    fill({ 用户名: 'a' });
    expect(onTyping).toHaveBeenCalled();
  });

  it('asks for the verification code, then rejects a wrong one and draws a new code', () => {
    const onLogin = vi.fn(async () => undefined);
    render(<LoginPage onLogin={onLogin} loadChallenge={notAsked} />);
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
    render(<LoginPage onLogin={onLogin} loadChallenge={notAsked} />);
    fill({ 用户名: '  admin  ', 密码: ' admin123 ', 验证码: shownCode().toLowerCase() });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith({ username: 'admin', password: ' admin123 ' }));
  });

  it('shows the server message when the login is refused, and draws a new code of its own', async () => {
    render(<LoginPage onLogin={async () => ({ text: '用户名或密码错误', challengeRequired: false })} loadChallenge={notAsked} />);
    const first = shownCode();
    fill({ 用户名: 'admin', 密码: 'bad', 验证码: first });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('用户名或密码错误'));
    expect(shownCode()).toMatch(/^[A-Za-z0-9]{4}$/);
  });

  it('shows the server\'s challenge in place of the drawn code once the server asks, focuses its field, and sends its answer', async () => {
    const onLogin = vi.fn(async () => undefined as { text: string; challengeRequired: boolean } | undefined);
    onLogin.mockResolvedValueOnce({ text: '请输入图中的验证码', challengeRequired: true });
    const loadChallenge = vi.fn(async () => CHALLENGE);
    render(<LoginPage onLogin={onLogin} loadChallenge={loadChallenge} />);
    fill({ 用户名: 'admin', 密码: 'admin123', 验证码: shownCode() });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByRole('img', { name: '验证码图片' }).getAttribute('src')).toBe(CHALLENGE.image));
    expect(screen.getByRole('alert').textContent).toBe('请输入图中的验证码');
    const code = screen.getByLabelText('验证码', { exact: true }) as HTMLInputElement;
    expect([code.value, code.maxLength]).toEqual(['', 5]);
    // The field takes the focus in the effect after the picture is shown, which may be a turn later on a busy machine.
    await waitFor(() => expect(document.activeElement).toBe(code));
    // The drawn code is gone: no alt text tells an answer any more.
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['验证码图片']);
    fill({ 验证码: ' k7mpq ' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onLogin).toHaveBeenLastCalledWith({ username: 'admin', password: 'admin123', challenge: { id: 'c-1', answer: 'k7mpq' } }));
    expect(loadChallenge).toHaveBeenCalledTimes(1);
  });

  it('takes a new challenge after each refusal and from its picture button, by keyboard too', async () => {
    let issued = 0;
    const loadChallenge = vi.fn(async () => ({ ...CHALLENGE, id: `c-${(issued += 1)}` }));
    const onLogin = vi.fn(async () => ({ text: '用户名或密码错误', challengeRequired: false }));
    onLogin.mockResolvedValueOnce({ text: '请输入图中的验证码', challengeRequired: true });
    render(<LoginPage onLogin={onLogin} loadChallenge={loadChallenge} />);
    fill({ 用户名: 'admin', 密码: 'bad', 验证码: shownCode() });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(loadChallenge).toHaveBeenCalledTimes(1));
    await screen.findByRole('img', { name: '验证码图片' });
    fill({ 验证码: 'AAAAA' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    // Any answer uses a challenge up: a wrong password brings a new picture too, and the field is emptied for it.
    await waitFor(() => expect(loadChallenge).toHaveBeenCalledTimes(2));
    expect(onLogin).toHaveBeenLastCalledWith({ username: 'admin', password: 'bad', challenge: { id: 'c-1', answer: 'AAAAA' } });
    expect((screen.getByLabelText('验证码', { exact: true }) as HTMLInputElement).value).toBe('');
    const refresh = await screen.findByRole('button', { name: '验证码图片' });
    expect(refresh.getAttribute('title')).toBe('换一张');
    refresh.focus();
    fireEvent.click(refresh);
    await waitFor(() => expect(loadChallenge).toHaveBeenCalledTimes(3));
    fill({ 验证码: 'BBBBB' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onLogin).toHaveBeenLastCalledWith({ username: 'admin', password: 'bad', challenge: { id: 'c-3', answer: 'BBBBB' } }));
  });

  it('says when the server\'s challenge did not load, and loads it again from the picture button', async () => {
    const loadChallenge = vi.fn(async () => CHALLENGE);
    loadChallenge.mockRejectedValueOnce(new Error('network'));
    const onLogin = vi.fn(async () => ({ text: 'Enter the code shown in the picture', challengeRequired: true }));
    await switchLang('en');
    render(<LoginPage onLogin={onLogin} loadChallenge={loadChallenge} />);
    fill({ 'User name': 'admin', Password: 'admin123', 'Verification code': shownCode() });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const retry = await screen.findByRole('button', { name: 'Not loaded, click to retry' });
    fill({ 'Verification code': 'K7MPQ' });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toBe('The verification code did not load: click the picture to try again');
    expect(onLogin).toHaveBeenCalledTimes(1);
    fireEvent.click(retry);
    expect((await screen.findByRole('img', { name: 'Verification code picture' })).getAttribute('src')).toBe(CHALLENGE.image);
  });

  it('shows the server\'s refusal to draw another picture in its words, and loads one from the picture button later', async () => {
    const loadChallenge = vi.fn(async () => CHALLENGE);
    loadChallenge.mockRejectedValueOnce(new ChallengeRefusal('验证码请求过于频繁，请1分钟后再试'));
    const onLogin = vi.fn(async () => ({ text: '请输入图中的验证码', challengeRequired: true }));
    render(<LoginPage onLogin={onLogin} loadChallenge={loadChallenge} />);
    fill({ 用户名: 'admin', 密码: 'admin123', 验证码: shownCode() });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    const retry = await screen.findByRole('button', { name: '加载失败，点击重试' });
    expect(screen.getByRole('alert').textContent).toBe('验证码请求过于频繁，请1分钟后再试');
    fireEvent.click(retry);
    expect((await screen.findByRole('img', { name: '验证码图片' })).getAttribute('src')).toBe(CHALLENGE.image);
  });

  it('switches every text to English without a reload and keeps the choice in the language cookie', async () => {
    render(<LoginPage onLogin={async () => undefined} loadChallenge={notAsked} />);
    await switchLang('en');
    await waitFor(() => expect(screen.getByLabelText('User name')).toBeTruthy());
    expect(document.cookie).toContain('language=en');
    expect(i18next.language).toBe('en');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toBe('please enter user name and password');
  });
});
