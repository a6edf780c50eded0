// The modal dialog of forms and questions: titled by its heading, its role, Escape to close.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '../../../src/app/i18n';
import { ModalDialog } from '../../../src/ui/dialog';

describe('ModalDialog', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => cleanup());

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
});
