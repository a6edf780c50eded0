// A master-data list from its definition, against an in-memory server: the definition's columns with companies by
// name and status on its colour, the total, and a search that lives in the URL.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { columnTexts, openStations, SLOW, STATION_PATH } from './entity-screen';

const headerTexts = () => [...document.querySelectorAll('.ag-header-cell-text')].map((cell) => cell.textContent?.trim());

describe('a master-data list', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await switchLang('zh');
  });

  it("shows the definition's list fields, then status, last change and the row's buttons", async () => {
    openStations();
    expect(await screen.findByRole('heading', { name: '加油站' })).toBeTruthy();
    await waitFor(() => expect(columnTexts('name')).toEqual(['东站', '西站']), SLOW);
    expect(headerTexts()).toEqual(['名称', '编码', '简称', '所属公司', '地址', '电话', '安全范围(米)', '状态', '修改人', '修改时间', '操作']);
    await waitFor(() => expect(columnTexts('companyCode')).toEqual(['二公司', '一公司']), SLOW);
    expect(columnTexts('status')).toEqual(['启用', '停用']);
    expect(document.querySelector('.ag-cell[col-id="status"].entity-status--on')?.textContent).toBe('启用');
    expect(columnTexts('modifiedAt')).toEqual(['2026-11-20 09:30:00', '']);
    expect(screen.getByTestId('entity-total').textContent).toBe('共2条');
    expect(screen.getByRole('button', { name: '编辑 东站' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '停用 东站' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '启用 西站' })).toBeTruthy();
  });

  it('names everything in English after a language switch', async () => {
    openStations();
    await waitFor(() => expect(columnTexts('status')).toEqual(['启用', '停用']), SLOW);
    await act(() => switchLang('en'));
    await waitFor(() => expect(columnTexts('status')).toEqual(['Enabled', 'Disabled']), SLOW);
    expect(headerTexts()).toContain('Safe range (m)');
    expect(screen.getByTestId('entity-total').textContent).toBe('2 records');
  });

  it('asks the server for the first page in the definition’s order', async () => {
    const { server } = openStations();
    await waitFor(() => expect(server.lists().length).toBeGreaterThan(0), SLOW);
    expect(server.lists()[0]?.params).toEqual({ page: '1', size: '100', sort: 'code', order: 'asc' });
  });

  it('searches by the search fields, puts the search in the URL, and resets it', async () => {
    const { server, lastUrl } = openStations();
    await waitFor(() => expect(columnTexts('name')).toEqual(['东站', '西站']), SLOW);
    const bar = screen.getByRole('search', { name: '查询条件' });
    expect(within(bar).getAllByRole('searchbox').map((input) => input.getAttribute('name'))).toEqual(['name', 'code']);
    fireEvent.change(within(bar).getByRole('searchbox', { name: '名称' }), { target: { value: '东' } });
    fireEvent.click(within(bar).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(columnTexts('name')).toEqual(['东站']), SLOW);
    expect(lastUrl()).toBe(`${STATION_PATH}?name=${encodeURIComponent('东')}`);
    expect(server.lists().at(-1)?.params).toMatchObject({ name: '东', page: '1' });
    expect(screen.getByTestId('entity-total').textContent).toBe('共1条');

    fireEvent.click(within(bar).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(columnTexts('name')).toEqual(['东站', '西站']), SLOW);
    expect(lastUrl()).toBe(STATION_PATH);
    expect(server.lists().at(-1)?.params).not.toHaveProperty('name');
  });

  it('opens a link with a search as that search, the company shown by its name', async () => {
    const { server } = openStations('?companyCode=C001');
    await waitFor(() => expect(columnTexts('name')).toEqual(['西站']), SLOW);
    expect(server.lists()[0]?.params).toMatchObject({ companyCode: 'C001' });
    const picker = screen.getByRole('button', { name: /所属公司/ });
    await waitFor(() => expect(picker.textContent).toContain('一公司'), SLOW);
  });

  it('searches by a company chosen in the picker', async () => {
    const { lastUrl } = openStations();
    await waitFor(() => expect(columnTexts('name')).toEqual(['东站', '西站']), SLOW);
    fireEvent.click(screen.getByRole('button', { name: /所属公司/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['全部', '一公司', '二公司']);
    fireEvent.click(screen.getByRole('option', { name: '二公司' }));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(columnTexts('name')).toEqual(['东站']), SLOW);
    expect(lastUrl()).toBe(`${STATION_PATH}?companyCode=C002`);
  });
});
