// Enabling and disabling a master-data row: a confirmed question, the call on the version the list read, the list
// fetched again; a stale version says who changed the row and when.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { currentNotices, resetNotices } from '../../../src/ui/notify';
import { documentIsDocument } from './focus-within';
import { columnTexts, findRowButton, openStations, SLOW } from './entity-screen';

const toasts = () => currentNotices().toasts.map((toast) => toast.message);
const question = () => screen.getByRole('alertdialog');

describe('the status toggle', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('zh');
    documentIsDocument();
  });
  beforeEach(() => act(() => resetNotices()));
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await switchLang('zh');
  });

  it('asks first, and a cancelled question changes nothing', async () => {
    const { server } = openStations();
    fireEvent.click(await findRowButton('停用 东站'));
    expect(within(question()).getByText('确定停用“东站”吗？')).toBeTruthy();
    expect(document.activeElement).toBe(within(question()).getByRole('button', { name: '确定' }));
    fireEvent.click(within(question()).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.writes()).toEqual([]);
  });

  it('disables a row on confirm, on the version it read, and shows the list again', async () => {
    const { server } = openStations();
    fireEvent.click(await findRowButton('停用 东站'));
    fireEvent.click(within(question()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(columnTexts('status')).toEqual(['停用', '停用']), SLOW);
    expect(server.writes()).toEqual([{ method: 'POST', path: '/entity/setting/base_data/station/1/status', params: { status: '0', version: '1' } }]);
    expect(toasts()).toEqual([{ key: 'entity.statusChanged', values: { state: '停用' } }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await findRowButton('启用 东站')).toBeTruthy();
  });

  it('enables a disabled row', async () => {
    const { server } = openStations();
    fireEvent.click(await findRowButton('启用 西站'));
    expect(within(question()).getByText('确定启用“西站”吗？')).toBeTruthy();
    fireEvent.click(within(question()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(columnTexts('status')).toEqual(['启用', '启用']), SLOW);
    expect(server.writes()[0]?.params).toEqual({ status: '1', version: '4' });
  });

  it('says who changed a row meanwhile and when, and shows the list as it is now', async () => {
    const { server } = openStations();
    fireEvent.click(await findRowButton('停用 东站'));
    server.changeBehind('1', { name: '东站新' }, '李四', new Date(2026, 10, 23, 10, 0).getTime());
    fireEvent.click(within(question()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(columnTexts('name')).toEqual(['东站新', '西站']), SLOW);
    expect(toasts()).toEqual([{ key: 'entity.conflict', values: { user: '李四', time: '2026-11-23 10:00:00' } }]);
    expect(columnTexts('status')).toEqual(['启用', '停用']);
  });
});
