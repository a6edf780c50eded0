// The add and edit dialog of a master-data screen against an in-memory server: the rules' messages before anything is
// sent, a refused field's message from the server, a stale save that keeps the input, and the keyboard.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { EntityFormDialog } from '../../../src/app/screens/entity/EntityFormDialog';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { currentNotices, resetNotices } from '../../../src/ui/notify';
import { COMPANIES } from './entity-server';
import { documentIsDocument } from './focus-within';
import { columnTexts, dialog, findRowButton, inDialog, openStations, SLOW } from './entity-screen';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text field by its label (the required marker after it is not part of the name). */
const field = (name: string) => inDialog().getByRole('textbox', { name: new RegExp(`^${escaped(name)}\\*?$`) });
const messageOf = (key: string) => dialog().querySelector(`[data-field="${key}"] .entity-form__message`)?.textContent;
const latestOf = (key: string) => dialog().querySelector(`[data-field="${key}"] .entity-form__latest`)?.textContent;
const type = (name: string, value: string) => {
  const input = field(name);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const save = () => fireEvent.click(inDialog().getByRole('button', { name: '保存' }));
const toasts = () => currentNotices().toasts.map((toast) => ('key' in toast.message ? toast.message.key : toast.message.text));

async function openAdd() {
  const opened = openStations();
  await waitFor(() => expect(columnTexts('name')).toEqual(['东站', '西站']), SLOW);
  fireEvent.click(screen.getByRole('button', { name: '新增' }));
  expect(await screen.findByRole('dialog', { name: '新增加油站' }, SLOW)).toBeTruthy();
  return opened;
}

/** Fills every required field of a new station with acceptable values. */
async function fillStation() {
  type('名称', '南站');
  type('编码', 'S003');
  type('简称', '南');
  type('安全范围(米)', '300');
  type('经度', '116.5');
  type('纬度', '39.7');
  fireEvent.click(inDialog().getByRole('button', { name: /所属公司/ }));
  fireEvent.click(await screen.findByRole('option', { name: '一公司' }));
}

describe('the master-data form', { timeout: 20_000 }, () => {
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

  it('opens on its first field and marks the required ones', async () => {
    await openAdd();
    expect(document.activeElement).toBe(field('名称'));
    expect(field('名称').getAttribute('aria-required')).toBe('true');
    expect(field('地址').getAttribute('aria-required')).toBeNull();
    expect(dialog().querySelector('[data-field="name"] .required-mark')?.textContent).toBe('*');
  });

  it('shows every rule’s message under its field before sending, and sends nothing', async () => {
    const { server } = await openAdd();
    save();
    await waitFor(() => expect(messageOf('name')).toBe('此项为必填项'));
    expect(messageOf('companyCode')).toBe('此项为必填项');
    const company = inDialog().getByRole('button', { name: /所属公司/ });
    expect(company.getAttribute('aria-describedby')).toBe(dialog().querySelector('[data-field="companyCode"] .entity-form__message')?.id);
    expect(messageOf('address')).toBe('');
    expect(document.activeElement).toBe(field('名称'));

    type('名称', '站'.repeat(101));
    expect(messageOf('name')).toBe('不能超过100个字符');
    type('安全范围(米)', '100001');
    expect(messageOf('safeRange')).toBe('请输入0到100000之间的数');
    type('纬度', '91');
    expect(messageOf('lat')).toBe('请输入-90到90之间的数');
    type('经度', 'abc');
    expect(messageOf('lng')).toBe('请输入数字');
    save();
    await waitFor(() => expect(messageOf('code')).toBe('此项为必填项'));
    expect(server.writes()).toEqual([]);
    expect(field('名称').getAttribute('aria-invalid')).toBe('true');
  });

  it('clears a message once the field is right, and saves: toast, closed, list fetched again', async () => {
    const { server } = await openAdd();
    type('名称', '');
    expect(messageOf('name')).toBe('此项为必填项');
    await fillStation();
    expect(messageOf('name')).toBe('');
    const lists = server.lists().length;
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/entity/setting/base_data/station',
        params: { name: '南站', code: 'S003', shortName: '南', companyCode: 'C001', address: '', phone: '', safeRange: '300', lng: '116.5', lat: '39.7' },
      },
    ]);
    expect(toasts()).toEqual(['entity.saved']);
    await waitFor(() => expect(server.lists().length).toBeGreaterThan(lists), SLOW);
  });

  it("shows the server's refusal under the field it names and keeps the dialog open", async () => {
    const { server } = await openAdd();
    await fillStation();
    server.refuseNextSave('name', '名称已存在');
    save();
    await waitFor(() => expect(messageOf('name')).toBe('名称已存在'), SLOW);
    expect(dialog()).toBeTruthy();
    expect(server.writes()).toHaveLength(1);
    expect(toasts()).toEqual([]);
    expect(document.activeElement).toBe(field('名称'));
  });

  it('keeps the input of a stale save, says who changed the row and when, shows the latest values, and saves again', async () => {
    const { server } = openStations();
    fireEvent.click(await findRowButton('编辑 东站'));
    expect(await screen.findByRole('dialog', { name: '编辑加油站' }, SLOW)).toBeTruthy();
    expect(field('编码').getAttribute('readonly')).not.toBeNull();
    expect((field('编码') as HTMLInputElement).value).toBe('S001');
    expect(document.activeElement).toBe(field('名称'));
    type('地址', '新地址');
    server.changeBehind('1', { name: '东站二', address: '北路9号' }, '李四', new Date(2026, 10, 23, 10, 0).getTime());
    save();
    expect(await inDialog().findByText('该记录已被李四于2026-11-23 10:00:00修改，请核对后再保存', undefined, SLOW)).toBeTruthy();
    expect((field('地址') as HTMLInputElement).value).toBe('新地址');
    expect(latestOf('name')).toBe('最新：东站二');
    expect(latestOf('address')).toBe('最新：北路9号');
    expect(latestOf('shortName')).toBeUndefined();
    expect(server.writes()[0]?.params).toMatchObject({ version: '1', address: '新地址' });
    expect(server.writes()[0]?.params).not.toHaveProperty('code');

    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(server.writes()[1]?.params).toMatchObject({ version: '2', name: '东站', address: '新地址' });
    expect(server.row('1')?.values).toMatchObject({ name: '东站', address: '新地址' });
    expect(toasts()).toEqual(['entity.saved']);
  });

  it('names the conflict in English with the English date order', async () => {
    const { server } = openStations();
    fireEvent.click(await findRowButton('编辑 东站'));
    await screen.findByRole('dialog', undefined, SLOW);
    await act(() => switchLang('en'));
    server.changeBehind('1', { shortName: 'E' }, 'li', new Date(2026, 10, 23, 10, 0).getTime());
    fireEvent.click(inDialog().getByRole('button', { name: 'Save' }));
    expect(await inDialog().findByText('li changed this record at 11/23/2026 10:00:00: check it before saving again', undefined, SLOW)).toBeTruthy();
    expect(latestOf('shortName')).toBe('Latest: E');
  });

  it('is a form whose Enter submits (happy-dom has no implicit submission: the submit event stands in) and Escape cancels', async () => {
    const { server } = await openAdd();
    const form = field('名称').closest('form') as HTMLFormElement;
    expect(inDialog().getByRole('button', { name: '保存' }).closest('form')).toBe(form);
    expect(inDialog().getByRole('button', { name: '保存' }).getAttribute('type')).toBe('submit');
    fireEvent.submit(form);
    await waitFor(() => expect(messageOf('name')).toBe('此项为必填项'));
    fireEvent.keyDown(field('名称'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes()).toEqual([]);
  });
});

describe('the form of a phone and an e-mail field', () => {
  const CONTACT: EntityDef = {
    path: '/setting/base_data/driver',
    table: 'park',
    key: 'id',
    scope: 'company',
    sort: { key: 'phone', order: 'asc' },
    fields: [
      { key: 'phone', labelKey: 'entity.field.phone', type: 'phone', required: true },
      { key: 'address', labelKey: 'entity.field.address', type: 'email' },
    ],
  };

  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => cleanup());

  it('refuses a phone of other than 11 digits and a malformed address before sending', () => {
    const onSaved = vi.fn();
    render(<EntityFormDialog def={CONTACT} mode={{ kind: 'create' }} companies={COMPANIES} onSaved={onSaved} onClose={() => undefined} />);
    const phone = screen.getByRole('textbox', { name: /电话/ });
    expect(phone.getAttribute('type')).toBe('tel');
    fireEvent.change(phone, { target: { value: '1380013800' } });
    fireEvent.blur(phone);
    expect(within(dialog()).getByText('请输入11位数字的终端手机号')).toBeTruthy();
    const mail = screen.getByRole('textbox', { name: /地址/ });
    fireEvent.change(mail, { target: { value: 'a@' } });
    fireEvent.blur(mail);
    expect(within(dialog()).getByText('请输入正确的邮箱地址')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(onSaved).not.toHaveBeenCalled();
  });
});
