// The parameter file editor against the send engine in memory: a truck's syscfg.txt rendered from the catalogue, its
// tooltip reached by keyboard, a value the device reports shown disabled with why, a limit refused as typed in zh and
// en, the changes previewed against the device's copy, and the send that locks the editor until its status ends.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import ParamFileScreen from '../../../src/app/screens/param-file/ParamFileScreen';
import { fakeLiveSource, type FakeLiveSource } from '../../helpers/fake-live-source';
import { sendServer, type SendServer } from '../send-message/send-server';

const SLOW = { timeout: 10_000 };
const PATH = '/setting/device_parameter/params_files';

async function openEditor(): Promise<{ server: SendServer; live: FakeLiveSource }> {
  const server = sendServer();
  const live = fakeLiveSource();
  const location = memoryLocation({ path: PATH });
  render(
    <LiveSourceProvider source={live}>
      <Router hook={location.hook}>
        <ParamFileScreen />
      </Router>
    </LiveSourceProvider>,
  );
  await waitFor(() => expect(server.calls.some((call) => call.path === '/entity/setting/base_data/truck')).toBe(true), SLOW);
  fireEvent.change(screen.getByRole('combobox', { name: '车辆' }), { target: { value: '京A10001' } });
  await screen.findByRole('textbox', { name: '仓数' }, SLOW);
  return { server, live };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('the parameter file editor', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await switchLang('zh');
  });

  it("reads the chosen truck's syscfg.txt from its device and shows each field by name and key", async () => {
    const { server } = await openEditor();
    expect(server.calls.find((call) => call.path === '/deviceFile')?.params).toEqual({ truckId: '1', name: 'syscfg.txt' });
    expect((field('车牌号') as HTMLInputElement).value).toBe('京A10001');
    expect((field('仓数') as HTMLInputElement).value).toBe('3');
    expect(document.querySelector('[data-key="tankCabinsCount"] .param-field__key')?.textContent).toBe('tankCabinsCount');
    // A select shows its option's label, a switch is a checkbox.
    expect(screen.getByRole('button', { name: /OBC工作模式/ }).textContent).toContain('数据控制器');
    expect(screen.getByRole('checkbox', { name: 'GPS校时' })).toBeTruthy();
  });

  it('shows a tooltip on a button the keyboard reaches, and describes the field with it', async () => {
    await openEditor();
    const tip = screen.getByRole('button', { name: '仓数的说明' });
    tip.focus();
    expect(document.activeElement).toBe(tip);
    const tooltip = document.getElementById(tip.getAttribute('aria-describedby') ?? '');
    expect(tooltip?.getAttribute('role')).toBe('tooltip');
    expect(tooltip?.textContent).toBe('目前最多5个');
    expect(field('仓数').getAttribute('aria-describedby')).toContain(tooltip?.id);
    // Fields without a tooltip in the spec have no button.
    expect(screen.queryByRole('button', { name: '自动施封次数的说明' })).toBeNull();
  });

  it('shows a value the device reports disabled, with why', async () => {
    await openEditor();
    const version = field('系统版本') as HTMLInputElement;
    expect(version.disabled).toBe(true);
    expect(version.value).toBe('V3.2.0');
    const note = document.getElementById((version.getAttribute('aria-describedby') ?? '').split(' ').at(-1) ?? '');
    expect(note?.textContent).toBe('设备上报的值，不可修改');
  });

  it('refuses a value out of limits as it is typed, in Chinese and in English, and will not send it', async () => {
    await openEditor();
    fireEvent.change(field('仓数'), { target: { value: '6' } });
    const cabins = document.querySelector('[data-key="tankCabinsCount"]') as HTMLElement;
    expect(within(cabins).getByRole('alert').textContent).toBe('仓数须在1至5之间');
    expect(field('仓数').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: '发送' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('有1处参数不符合要求，请修改后再发送')).toBeTruthy();

    await act(() => switchLang('en'));
    await waitFor(() => expect(within(cabins).getByRole('alert').textContent).toBe('Compartments must be between 1 and 5'), SLOW);
  });

  it("previews the changes against the device's copy before sending", async () => {
    await openEditor();
    fireEvent.change(field('自动施封次数'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: '预览修改' }));
    const dialog = await screen.findByRole('dialog', { name: '与设备文件的差异' }, SLOW);
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([['自动施封次数', 'autoSealTimes', '3', '7']]);
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '撤销修改' }));
    fireEvent.click(screen.getByRole('button', { name: '预览修改' }));
    expect(await screen.findByText('与设备文件相同，没有修改', {}, SLOW)).toBeTruthy();
  });

  it('sends to this truck and another, locks the editor while pending, and follows the status live to sent', async () => {
    const { server, live } = await openEditor();
    fireEvent.change(field('自动施封次数'), { target: { value: '7' } });
    fireEvent.change(screen.getByRole('combobox', { name: '同时发送到' }), { target: { value: '京A10002' } });
    const send = await screen.findByRole('button', { name: '发送到2辆车' }, SLOW);
    fireEvent.click(send);

    await waitFor(() => expect(screen.getByTestId('param-send-status').textContent).toContain('未发送'), SLOW);
    const post = server.calls.find((call) => call.method === 'POST');
    expect(post?.params).toMatchObject({ name: 'syscfg.txt', truckId: '1', truckIds: '1,2', baseVersion: '1' });
    expect(post?.params['content']).toContain('autoSealTimes=7');
    expect((field('自动施封次数') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: '停止发送' })).toBeTruthy();

    const own = [...server.sends.values()].find((row) => row.truckId === 1)!;
    server.sends.set(own.id, { ...own, status: 'sending', step: 2, steps: 3 });
    act(() => live.publish('data.changed', { missed: false, changes: [{ kind: 'entityChanged', path: '/setting/device_parameter/send_message', key: String(own.id), company: 'C001' }] }));
    await waitFor(() => expect(screen.getByTestId('param-send-status').textContent).toContain('发送中 · 第2/3包'), SLOW);

    server.sends.set(own.id, { ...own, status: 'sent', step: 3, steps: 3 });
    act(() => live.publish('data.changed', { missed: false, changes: [{ kind: 'entityChanged', path: '/setting/device_parameter/send_message', key: String(own.id), company: 'C001' }] }));
    await waitFor(() => expect(screen.getByTestId('param-send-status').textContent).toContain('已发送'), SLOW);
    expect((field('自动施封次数') as HTMLInputElement).disabled).toBe(false);
    // The device took the file: its copy is read again.
    await waitFor(() => expect(server.calls.filter((call) => call.path === '/deviceFile')).toHaveLength(2), SLOW);
  });

  it("shows the server's refusal of a value under its field", async () => {
    const { server } = await openEditor();
    fireEvent.change(field('自动施封次数'), { target: { value: '7' } });
    server.refuseNext(400, '自动施封次数不合适', { problems: [{ key: 'autoSealTimes', message: '自动施封次数不合适' }] });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    const seals = document.querySelector('[data-key="autoSealTimes"]') as HTMLElement;
    await waitFor(() => expect(within(seals).getByRole('alert').textContent).toBe('自动施封次数不合适'), SLOW);
    expect((field('自动施封次数') as HTMLInputElement).disabled).toBe(false);
  });
});
