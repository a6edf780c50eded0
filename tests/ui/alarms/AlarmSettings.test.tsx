// The alarm-setting tree in the top bar: opens on the current choice, tri-state boxes, saves through the client, toasts.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { AlarmSettings } from '../../../src/app/alarms/AlarmSettings';
import { initI18n } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import { installReactions } from '../../../src/app/reactions';
import { ALARM_TYPE_IDS, EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import type { StUserAlarm } from '../../../domain/wire/entities';
import { Toaster } from '../../../src/ui/Notices';
import { resetNotices } from '../../../src/ui/notify';
import { fakeLiveSource } from '../../helpers/fake-live-source';

type FetchArgs = [string, RequestInit];
const envelope = (resultCode: number, message: string) => ({ resultCode, message, data: null });

/** A fetch that holds each answer until the test releases it, recording what was sent. */
function heldFetch() {
  const releases: Array<(body: unknown) => void> = [];
  const fetch = vi.fn(
    (..._args: FetchArgs) =>
      new Promise<Response>((resolve) => {
        releases.push((body) => resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })));
      }),
  );
  const answer = async (body: unknown) => {
    await waitFor(() => expect(releases.length).toBeGreaterThan(0));
    await act(async () => releases.shift()?.(body));
  };
  const sent = (index = 0) => {
    const [url, init] = fetch.mock.calls[index] ?? [];
    return { url, method: init?.method, form: Object.fromEntries(new URLSearchParams(String(init?.body))) };
  };
  return { fetch, answer, sent };
}

/** The settings as the shell holds them: a saved choice becomes the session's stored one. */
function SessionHeld({ initial, saves }: { readonly initial: StUserAlarm | null; readonly saves: StUserAlarm[] }) {
  const [stored, setStored] = useState(initial);
  const onSaved = useCallback(
    (choice: StUserAlarm) => {
      saves.push(choice);
      setStored(choice);
    },
    [saves],
  );
  return <AlarmSettings userId={3} stored={stored} onSaved={onSaved} />;
}

function setup(stored: StUserAlarm | null = null) {
  const source = fakeLiveSource();
  const http = heldFetch();
  const saves: StUserAlarm[] = [];
  vi.stubGlobal('fetch', http.fetch);
  render(
    <LiveSourceProvider source={source}>
      <SessionHeld initial={stored} saves={saves} />
      <Toaster />
    </LiveSourceProvider>,
  );
  const opener = screen.getByRole('button', { name: '报警设置' });
  const open = () => {
    fireEvent.click(opener);
    return screen.getByRole('dialog', { name: '接收的报警类型' });
  };
  return { source, http, saves, opener, open };
}

const box = (dialog: HTMLElement, name: string) => within(dialog).getByRole<HTMLInputElement>('checkbox', { name });
const group = (dialog: HTMLElement, name: string) => box(dialog, name);
const toasts = () => [...document.querySelectorAll('.toast__text')].map((toast) => toast.textContent);

describe('the alarm settings', () => {
  let uninstall: () => void;
  beforeAll(async () => {
    await initI18n('zh');
  });
  beforeEach(() => {
    uninstall = installReactions({ send: () => {} });
  });
  afterEach(() => {
    cleanup();
    act(() => resetNotices());
    uninstall();
    vi.unstubAllGlobals();
  });

  it('opens on every type when nothing is stored, with focus on "all" and the count out of 39', () => {
    const { open, opener } = setup(null);
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    const dialog = open();
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(box(dialog, '全部报警类型'));
    expect(box(dialog, '全部报警类型').checked).toBe(true);
    for (const name of ['车辆报警', '驾驶员报警', '货物报警']) expect(group(dialog, name).checked).toBe(true);
    expect(within(dialog).getByText('已选 39 / 39')).toBeTruthy();
  });

  it('opens on the stored choice with mixed groups and a mixed 8 shown indeterminate', () => {
    const dialog = setup({ id: 5, userId: 3, alarmTypeIds: '2,4,16' }).open();
    const vehicle = group(dialog, '车辆报警');
    expect([vehicle.checked, vehicle.indeterminate]).toEqual([false, true]);
    const cargo = group(dialog, '货物报警');
    expect([cargo.checked, cargo.indeterminate]).toEqual([false, false]);
    const adas = box(dialog, '主动安全');
    expect([adas.checked, adas.indeterminate]).toEqual([false, true]);
    expect(box(dialog, '疲劳驾驶').checked).toBe(true);
    expect(box(dialog, '抽烟').checked).toBe(false);
    expect(box(dialog, '全部报警类型').indeterminate).toBe(true);
    expect(within(dialog).getByText('已选 3 / 39')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: '主动安全事件' }).children).toHaveLength(24);
  });

  it('checks a whole mixed group with one click and clears the indeterminate flag', () => {
    const dialog = setup({ id: 5, userId: 3, alarmTypeIds: '2,4' }).open();
    fireEvent.click(group(dialog, '车辆报警'));
    expect(group(dialog, '车辆报警').checked).toBe(true);
    expect(group(dialog, '车辆报警').indeterminate).toBe(false);
    expect(box(dialog, '速度异常').checked).toBe(true);
    expect(within(dialog).getByText('已选 7 / 39')).toBeTruthy();
  });

  it('says that nothing chosen means no alarms, and saves it as the empty list', async () => {
    const { open, http } = setup(null);
    const dialog = open();
    const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: '保存' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(box(dialog, '全部报警类型'));
    fireEvent.click(box(dialog, '闭眼'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(box(dialog, '闭眼'));
    expect(within(dialog).getByRole('alert').textContent).toBe('未选择任何报警类型：保存后将不再收到报警');
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(http.sent().form).toMatchObject({ alarmTypeIds: '' });
  });

  it('saves without cargo: posts id, userId and the list, says 保存中…, then 保存成功, hands the choice to the session and closes', async () => {
    const { open, opener, http, saves } = setup({ id: 5, userId: 3, alarmTypeIds: EVERY_TYPE_LIST });
    const dialog = open();
    fireEvent.click(group(dialog, '货物报警'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('button', { name: '保存中…' }).getAttribute('aria-disabled')).toBe('true');
    // The tree sits in a disabled fieldset while the save is out; a click that still lands changes nothing.
    expect(box(dialog, '车辆报警').closest('fieldset[disabled]')).not.toBeNull();
    fireEvent.click(group(dialog, '货物报警'));
    expect(group(dialog, '货物报警').checked).toBe(false);
    const list = ALARM_TYPE_IDS.filter((id) => ![1, 3, 202, 204, 205].includes(id)).join(',');
    expect(http.sent()).toEqual({ url: '/truckmanage/api/stUserAlarm', method: 'POST', form: { id: '5', userId: '3', alarmTypeIds: list } });
    expect(saves).toEqual([]);
    await http.answer(envelope(200, '保存成功'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts()).toEqual(['保存成功']);
    expect(saves).toEqual([{ id: 5, userId: 3, alarmTypeIds: list }]);
    expect(document.activeElement).toBe(opener);
  });

  it('reopens on the choice just saved, not the one loaded at login', async () => {
    const { open, http } = setup({ id: 5, userId: 3, alarmTypeIds: EVERY_TYPE_LIST });
    fireEvent.click(group(open(), '货物报警'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await http.answer(envelope(200, '保存成功'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = open();
    expect(group(again, '货物报警').checked).toBe(false);
    expect(group(again, '车辆报警').checked).toBe(true);
  });

  it('opens on the choice the worker applies (a save in another tab) over the one loaded at login', () => {
    const { open, source } = setup({ id: 5, userId: 3, alarmTypeIds: '2,4' });
    act(() => source.publish('alarm.types', '7'));
    const dialog = open();
    expect(box(dialog, '离线').checked).toBe(true);
    expect(box(dialog, '超速').checked).toBe(false);
    expect(box(dialog, '停车').checked).toBe(false);
  });

  it('sends id 0 before the user has ever saved', async () => {
    const { open, http } = setup(null);
    fireEvent.click(within(open()).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(http.fetch).toHaveBeenCalledTimes(1));
    expect(http.sent().form).toMatchObject({ id: '0', userId: '3', alarmTypeIds: ALARM_TYPE_IDS.join(',') });
  });

  it('sends the stored row’s id on the next save once the server answered it for a first save', async () => {
    const { open, http } = setup(null);
    fireEvent.click(within(open()).getByRole('button', { name: '保存' }));
    await http.answer({ resultCode: 200, message: '保存成功', data: { id: 9, userId: 3, alarmTypeIds: ALARM_TYPE_IDS.join(',') } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(open()).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(http.fetch).toHaveBeenCalledTimes(2));
    expect(http.sent(1).form).toMatchObject({ id: '9', userId: '3' });
  });

  it('says 保存失败 once on a refusal (not the server text as well), keeps the panel and the edits, and keeps the choice', async () => {
    const { open, http, saves } = setup({ id: 5, userId: 3, alarmTypeIds: '2,4' });
    const dialog = open();
    fireEvent.click(box(dialog, '停车'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await http.answer(envelope(400, '未知报警类型'));
    await waitFor(() => expect(toasts()).toEqual(['保存失败']));
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(box(dialog, '停车').checked).toBe(false);
    expect(box(dialog, '超速').checked).toBe(true);
    expect(within(dialog).getByRole('button', { name: '保存' }).getAttribute('aria-disabled')).toBe('false');
    expect(saves).toEqual([]);
  });

  it('closes on Escape without saving, returns focus to the button, and forgets the edits', () => {
    const { open, opener, http } = setup({ id: 5, userId: 3, alarmTypeIds: '2,4' });
    const dialog = open();
    fireEvent.click(box(dialog, '离线'));
    fireEvent.keyDown(box(dialog, '离线'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(http.fetch).not.toHaveBeenCalled();
    expect(box(open(), '离线').checked).toBe(false);
  });

  it('closes on Cancel and on a second press of the button', () => {
    const { open, opener } = setup(null);
    fireEvent.click(within(open()).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    open();
    fireEvent.click(opener);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener.getAttribute('aria-expanded')).toBe('false');
  });

  it('stays open while the save is out, even on Escape, Cancel or the button', async () => {
    const { open, opener, http, saves } = setup(null);
    const dialog = open();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    fireEvent.click(opener);
    expect(screen.getByRole('dialog')).toBe(dialog);
    await http.answer(envelope(200, '保存成功'));
    await waitFor(() => expect(saves.map((choice) => choice.alarmTypeIds)).toEqual([ALARM_TYPE_IDS.join(',')]));
  });
});
