// The one modal dialog: titled by its heading, its role, Escape to close; a form around body and actions; a question
// with focus on confirm; focus back to the opener after a chain of steps; the console's notices usable above it.
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '../../../src/app/i18n';
import { ModalDialog } from '../../../src/ui/dialog';
import { AlertHost, Toaster } from '../../../src/ui/Notices';
import { resetNotices, showAlert, showToast } from '../../../src/ui/notify';
import { documentIsDocument } from '../entity/focus-within';

/** Whether the focus is in the dialog of that title. */
const focusIn = (title: string) => screen.getByRole('dialog', { name: title }).contains(document.activeElement);
/** Whether the page's modal hides an element from assistive technology or from the user (react-aria uses either). */
const hiddenByModal = (element: Element) => element.closest('[aria-hidden="true"], [inert]') !== null;

describe('ModalDialog', () => {
  beforeAll(async () => {
    await initI18n('zh');
    documentIsDocument();
  });
  afterEach(() => {
    cleanup();
    act(() => resetNotices());
  });

  it('is named by its title and closes on Escape', () => {
    const onClose = vi.fn();
    render(
      <ModalDialog title="编辑油库" onClose={onClose}>
        <input aria-label="名称" />
      </ModalDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: '编辑油库' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: '名称' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.closest('.dialog__overlay')).toBeTruthy();
  });

  it('asks a question as an alert dialog', () => {
    render(
      <ModalDialog title="停用" onClose={() => undefined} role="alertdialog">
        <p>确定停用吗？</p>
      </ModalDialog>,
    );
    expect(screen.getByRole('alertdialog', { name: '停用' })).toBeTruthy();
  });

  it('puts its body and its actions in one form, so the submit button under the scrolling body submits the fields', () => {
    const submitted = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <ModalDialog title="保存" onClose={() => undefined} form={{ onSubmit: submitted }} actions={<button type="submit">保存</button>}>
        <input aria-label="名称" />
      </ModalDialog>,
    );
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: '名称' });
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: '保存' });
    expect(field.closest('.dialog__body')).not.toBeNull();
    expect(submit.closest('.dialog__body')).toBeNull();
    expect(submit.form).toBe(field.form);
    fireEvent.click(submit);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('asks a configured question with focus on confirm; cancel closes, confirm confirms, and is disabled while busy', () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    const question = (busy: boolean) => (
      <ModalDialog title="停用" onClose={onClose} confirm={{ text: '确定停用“东站”吗？', cancelLabel: '取消', confirmLabel: '确定', onConfirm, busy }} />
    );
    const view = render(question(false));
    const dialog = screen.getByRole('alertdialog', { name: '停用' });
    expect(within(dialog).getByText('确定停用“东站”吗？')).toBeTruthy();
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: '确定' });
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    view.rerender(question(true));
    expect(confirm.disabled).toBe(true);
  });

  it('gives focus back to the opener when the dialog of a later step closes, though the step that opened it is gone', async () => {
    /** A task in two dialogs, as a template pick followed by its send: the second replaces the first. */
    function TwoSteps() {
      const [step, setStep] = useState<'none' | 'pick' | 'send'>('none');
      return (
        <>
          <button type="button" onClick={() => setStep('pick')}>发送命令</button>
          {step === 'pick' && (
            <ModalDialog title="选择命令模板" onClose={() => setStep('none')} actions={<button type="button" onClick={() => setStep('send')}>下一步</button>}>
              <p>模板</p>
            </ModalDialog>
          )}
          {step === 'send' && <SendStep onClose={() => setStep('none')} />}
        </>
      );
    }
    function SendStep({ onClose }: { readonly onClose: () => void }) {
      return (
        <ModalDialog title="下发" onClose={onClose} actions={<button type="button" onClick={onClose}>关闭</button>}>
          <p>车辆</p>
        </ModalDialog>
      );
    }
    render(<TwoSteps />);
    const opener = screen.getByRole('button', { name: '发送命令' });
    opener.focus();
    fireEvent.click(opener);
    const next = await screen.findByRole('button', { name: '下一步' });
    await waitFor(() => expect(focusIn('选择命令模板')).toBe(true));
    fireEvent.click(next);
    const close = await screen.findByRole('button', { name: '关闭' });
    await waitFor(() => expect(focusIn('下发')).toBe(true));
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('leaves the toasts and an error alert raised while it is open readable and usable', () => {
    const confirmed = vi.fn();
    render(
      <>
        <ModalDialog title="修改密码" onClose={() => undefined}>
          <input aria-label="原密码" />
        </ModalDialog>
        <Toaster />
        <AlertHost />
      </>,
    );
    act(() => {
      showToast('error', { text: '密码修改失败' });
      showAlert('error.requestFailed', { text: '请求失败' }, confirmed);
    });
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('密码修改失败');
    expect(hiddenByModal(toast)).toBe(false);
    const alert = screen.getByRole('alertdialog');
    expect(hiddenByModal(alert)).toBe(false);
    fireEvent.click(within(alert).getByRole('button', { name: '确定' }));
    expect(confirmed).toHaveBeenCalledTimes(1);
    expect(hiddenByModal(screen.getByRole('textbox', { name: '原密码' }))).toBe(false);
  });
});
