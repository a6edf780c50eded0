// Toasts and alerts as the user meets them: four types at offset 20, texts in the current language, one alert at a time.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AlertHost, Toaster } from '../../src/ui/Notices';
import { resetNotices, showAlert, showToast, TOAST_DURATION_MS } from '../../src/ui/notify';
import { initI18n, switchLang } from '../../src/app/i18n';

describe('notices', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    act(() => resetNotices());
    vi.useRealTimers();
    await switchLang('zh');
  });

  it('shows each toast type 20 px from the top, errors as alerts, others as status', () => {
    render(<Toaster />);
    act(() => {
      for (const type of ['success', 'warning', 'info', 'error'] as const) showToast(type, { text: type });
    });
    expect(screen.getAllByRole('status').map((t) => t.dataset['type'])).toEqual(['success', 'warning', 'info']);
    expect(screen.getByRole('alert').textContent).toContain('error');
    expect((document.querySelector('.toasts') as HTMLElement).style.top).toBe('20px');
  });

  it('renders a keyed toast in the language of the moment and dismisses it after a while', async () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void showToast('warning', { key: 'quickVisit.exists' }));
    expect(screen.getByRole('status').textContent).toContain('快速访问中已存在此菜单');
    await act(() => switchLang('en'));
    expect(screen.getByRole('status').textContent).toContain('This menu already exists in quick access');
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows one alert at a time with its title, message and confirm button, and runs the routine on confirm', () => {
    const routine = vi.fn();
    render(<AlertHost />);
    act(() => {
      showAlert('error.accessLimit', { text: '您没有访问此功能的权限' }, routine);
      showAlert('error.accessError', { text: 'second' });
    });
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.querySelector('h2')?.textContent).toBe('访问限制');
    expect(dialog.querySelector('p')?.textContent).toBe('您没有访问此功能的权限');
    expect(document.activeElement?.textContent).toBe('确定');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(routine).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog').querySelector('h2')?.textContent).toBe('访问错误');
  });
});
