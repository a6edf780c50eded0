// The change-password machine: each message of spec §5, the server check on blur (or with the change, where the backend
// has none), MD5 on the wire, logout after 0.8 s.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  passwordChangeMachine, type OldPasswordCheck, type PasswordChangeOutcome, type PasswordField,
} from '../../machines/password-change.machine';
import { scripted } from './shell-fixtures';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const settle = () => vi.advanceTimersByTimeAsync(0);

function start() {
  const verifyOld = scripted<{ id: number; oldPwd: string }, OldPasswordCheck>();
  const change = scripted<{ id: number; pwd: string; oldPwd: string }, PasswordChangeOutcome>();
  const notify = vi.fn();
  const logout = vi.fn();
  const machine = passwordChangeMachine.provide({
    actors: { verifyOld: verifyOld.logic, changePassword: change.logic },
    actions: { notify: (_, message) => notify(message), logout, reportFailure: () => {} },
  });
  const actor = createActor(machine, { input: { userId: 7 } }).start();
  const type = (field: PasswordField, value: string) => actor.send({ type: 'password.input', field, value });
  const errors = () => actor.getSnapshot().context.errors;
  /** Fills the whole form with a new password that passes the rules. */
  const fill = (oldPwd: string) => {
    type('oldPwd', oldPwd);
    type('pwd', 'newpass1');
    type('confrimPwd', 'newpass1');
  };
  return { actor, verifyOld, change, notify, logout, type, errors, fill };
}

describe('password-change machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('names every missing field on submit: old, inPutPwd, againInputPwd', () => {
    const s = start();
    s.actor.send({ type: 'password.submit' });
    expect(s.errors()).toEqual({ oldPwd: 'password.inPutOldPwd', pwd: 'password.inPutPwd', confrimPwd: 'password.againInputPwd' });
    expect(s.verifyOld.inputs).toEqual([]);
  });

  it('asks for six characters at least and the same confirmation (pwdDifference)', () => {
    const s = start();
    s.type('oldPwd', 'old-secret');
    s.type('pwd', 'abc12');
    s.type('confrimPwd', 'abc123');
    s.actor.send({ type: 'password.submit' });
    expect(s.errors()).toEqual({ pwd: 'validation.passwordMin', confrimPwd: 'password.pwdDifference' });
  });

  it('checks the old password on blur by sending its MD5, and shows oldPwdError when wrong', async () => {
    const s = start();
    s.type('oldPwd', '旧密码1');
    s.actor.send({ type: 'password.oldBlur' });
    expect(s.verifyOld.inputs).toEqual([{ id: 7, oldPwd: md5('旧密码1') }]);
    s.verifyOld.resolve('wrong');
    await settle();
    expect(s.errors()).toEqual({ oldPwd: 'password.oldPwdError' });
    s.type('oldPwd', '旧密码2');
    expect(s.errors()).toEqual({});
  });

  it('does not ask the server again for an old password it already judged', async () => {
    const s = start();
    s.type('oldPwd', 'right-one');
    s.actor.send({ type: 'password.oldBlur' });
    s.verifyOld.resolve('right');
    await settle();
    s.actor.send({ type: 'password.oldBlur' });
    expect(s.verifyOld.inputs).toHaveLength(1);
    expect(s.errors()).toEqual({});
  });

  it('refuses to submit with a wrong old password', async () => {
    const s = start();
    s.type('oldPwd', 'wrong');
    s.type('pwd', 'newpass1');
    s.type('confrimPwd', 'newpass1');
    s.actor.send({ type: 'password.submit' });
    s.verifyOld.resolve('wrong');
    await settle();
    expect(s.errors()).toEqual({ oldPwd: 'password.oldPwdError' });
    expect(s.change.inputs).toEqual([]);
  });

  it('sends the new password as MD5, says 密码修改成功, and logs out 0.8 s later', async () => {
    const s = start();
    s.type('oldPwd', 'operator123');
    s.type('pwd', 'newpass1');
    s.type('confrimPwd', 'newpass1');
    s.actor.send({ type: 'password.submit' });
    s.verifyOld.resolve('right');
    await settle();
    expect(s.change.inputs).toEqual([{ id: 7, pwd: md5('newpass1'), oldPwd: md5('operator123') }]);
    s.change.resolve('changed');
    await settle();
    expect(s.notify).toHaveBeenCalledWith({ type: 'success', key: 'password.changeSuccess' });
    await vi.advanceTimersByTimeAsync(799);
    expect(s.logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(s.logout).toHaveBeenCalledTimes(1);
    expect(s.actor.getSnapshot().status).toBe('done');
  });

  it('submits once the blur check in flight finds the old password right (a click on the button blurs the field)', async () => {
    const s = start();
    s.type('pwd', 'newpass1');
    s.type('confrimPwd', 'newpass1');
    s.type('oldPwd', 'operator123');
    s.actor.send({ type: 'password.oldBlur' });
    s.actor.send({ type: 'password.submit' });
    expect(s.change.inputs).toEqual([]);
    s.verifyOld.resolve('right');
    await settle();
    expect(s.verifyOld.inputs).toHaveLength(1);
    expect(s.change.inputs).toEqual([{ id: 7, pwd: md5('newpass1'), oldPwd: md5('operator123') }]);
  });

  it('does not submit after the blur check when the old password was wrong', async () => {
    const s = start();
    s.type('pwd', 'newpass1');
    s.type('confrimPwd', 'newpass1');
    s.type('oldPwd', 'wrong');
    s.actor.send({ type: 'password.oldBlur' });
    s.actor.send({ type: 'password.submit' });
    s.verifyOld.resolve('wrong');
    await settle();
    expect(s.change.inputs).toEqual([]);
    expect(s.errors()).toEqual({ oldPwd: 'password.oldPwdError' });
  });

  it('says 密码修改失败 when the change is refused and lets the user try again', async () => {
    const s = start();
    s.type('oldPwd', 'operator123');
    s.actor.send({ type: 'password.oldBlur' });
    s.verifyOld.resolve('right');
    await settle();
    s.type('pwd', 'newpass1');
    s.type('confrimPwd', 'newpass1');
    s.actor.send({ type: 'password.submit' });
    expect(s.verifyOld.inputs).toHaveLength(1);
    s.change.reject(new Error('refused'));
    await settle();
    expect(s.notify).toHaveBeenCalledWith({ type: 'error', key: 'password.changeFail' });
    expect(s.actor.getSnapshot().matches('editing')).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(s.logout).not.toHaveBeenCalled();
  });

  it('lets the user go on where the backend has no blur check, and asks the server no more for later values', async () => {
    const s = start();
    s.fill('maybe-right');
    s.actor.send({ type: 'password.oldBlur' });
    s.verifyOld.resolve('unavailable');
    await settle();
    expect(s.errors()).toEqual({});
    s.type('oldPwd', 'operator123');
    s.actor.send({ type: 'password.oldBlur' });
    s.actor.send({ type: 'password.submit' });
    expect(s.verifyOld.inputs).toHaveLength(1);
    expect(s.change.inputs).toEqual([{ id: 7, pwd: md5('newpass1'), oldPwd: md5('operator123') }]);
    s.change.resolve('changed');
    await settle();
    expect(s.notify).toHaveBeenCalledWith({ type: 'success', key: 'password.changeSuccess' });
  });

  it('submits at once, old password and all, when the check made on submit finds the backend has none', async () => {
    const s = start();
    s.fill('operator123');
    s.actor.send({ type: 'password.submit' });
    s.verifyOld.resolve('unavailable');
    await settle();
    expect(s.change.inputs).toEqual([{ id: 7, pwd: md5('newpass1'), oldPwd: md5('operator123') }]);
  });

  it('shows the server’s refusal of the old password on its field, without 密码修改失败, until the user types another', async () => {
    const s = start();
    s.fill('wrong-one');
    s.actor.send({ type: 'password.oldBlur' });
    s.verifyOld.resolve('unavailable');
    await settle();
    s.actor.send({ type: 'password.submit' });
    s.change.resolve('oldWrong');
    await settle();
    expect(s.errors()).toEqual({ oldPwd: 'password.oldPwdError' });
    expect(s.notify).not.toHaveBeenCalled();
    expect(s.actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);

    // The same value again is refused without a call; blurring it keeps the error.
    s.actor.send({ type: 'password.oldBlur' });
    s.actor.send({ type: 'password.submit' });
    expect(s.change.inputs).toHaveLength(1);
    expect(s.errors()).toMatchObject({ oldPwd: 'password.oldPwdError' });

    s.type('oldPwd', 'operator123');
    expect(s.errors()).toEqual({});
    s.actor.send({ type: 'password.submit' });
    expect(s.change.inputs.at(-1)).toEqual({ id: 7, pwd: md5('newpass1'), oldPwd: md5('operator123') });
    s.change.resolve('changed');
    await settle();
    await vi.advanceTimersByTimeAsync(800);
    expect(s.logout).toHaveBeenCalledTimes(1);
  });

  it('closes on cancel without calling anything', () => {
    const s = start();
    s.actor.send({ type: 'password.cancel' });
    expect(s.actor.getSnapshot().value).toBe('closed');
    expect(s.actor.getSnapshot().status).toBe('done');
  });
});
