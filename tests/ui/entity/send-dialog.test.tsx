// The 下发/Send action of the device-parameter screens: trucks chosen by plate, a restart or clear command confirmed
// before it goes (and nothing sent when the question is cancelled), the answer's sends and refused trucks; a tank table
// sent to its row's own truck and followed live through its statuses, a repeat send or a send of a table already on
// the device refused with why; a row being sent offers neither edit nor send; a read-only list offers no buttons.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import { sampleTankTable } from '../../../domain/params/tank-table-sample';
import type { SendRow } from '../../../domain/params/send-wire';
import { currentNotices, dismissToast } from '../../../src/ui/notify';
import { fakeLiveSource, type FakeLiveSource } from '../../helpers/fake-live-source';
import EntityScreen from '../../../src/app/screens/entity/EntityScreen';
import { entityFor } from '../../../domain/screens/entities/registry';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import type { EntityRow } from '../../../domain/screens/entities/wire';
import { documentIsDocument } from './focus-within';
import { SLOW, findRowButton } from './entity-screen';
import { deviceServer } from './device-server';

function defAt(path: string): EntityDef {
  const def = entityFor(path);
  if (!def) throw new Error(`no ${path}`);
  return def;
}

const TEMPLATE = defAt('/setting/alarm_threshold/remote_template');
const TANK = defAt('/setting/base_data/tank_table');
const RECORD = defAt('/setting/alarm_threshold/modify_record');

const row = (key: string, values: EntityRow['values']): EntityRow => ({ key, version: 1, status: 1, modifiedBy: 'admin', modifiedAt: Date.now(), values });
const TEMPLATES = [
  row('7', { name: '重启控制台', command: 'restart', argument: '', description: '', companyCode: 'C002' }),
  row('8', { name: '读版本', command: 'readVersions', argument: '', description: '', companyCode: 'C002' }),
];
const tankRow = (key: string, state: string) =>
  row(key, { companyCode: 'C002', truckId: '京A00002', serialNo: `T${key}`, state, effectTime: null, sendTime: null, pipelineCapacity: 120, tankHeight: 1500, capacity: 20000, frameNo: '', hasTable: '1', fileName: 't.txt' });

function open(def: EntityDef): FakeLiveSource {
  const live = fakeLiveSource();
  render(
    <LiveSourceProvider source={live}>
      <Router hook={memoryLocation({ path: def.path }).hook}>
        <EntityScreen def={def} />
      </Router>
    </LiveSourceProvider>,
  );
  return live;
}

const TABLE = sampleTankTable(2, 20_000, 1500);
const toasts = () => currentNotices().toasts.map((toast) => ('key' in toast.message ? toast.message.key : toast.message.text));
const statusLine = () => inDialog().getByRole('status', { hidden: true });
/** The send list's row of send `id` changed, as the server announces it. */
const announce = (live: FakeLiveSource, id: number) =>
  act(() => live.publish('data.changed', { missed: false, changes: [{ kind: 'entityChanged', path: '/setting/device_parameter/send_message', key: String(id), company: 'C002' }] }));

// While the plate list is open react-aria hides the page behind it from the accessibility tree: queries look there too.
const dialog = () => screen.getAllByRole('dialog', { hidden: true }).find((element) => element.classList.contains('entity-send')) ?? screen.getByRole('dialog');
const inDialog = () => within(dialog());
const sendButton = () => inDialog().getByRole('button', { name: '下发', hidden: true });

async function choosePlate(text: string, plate: string) {
  const input = inDialog().getByRole('combobox', { name: /车牌号/, hidden: true }) as HTMLInputElement;
  act(() => input.focus());
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click(await screen.findByRole('option', { name: plate }, SLOW));
}

describe('sending a row to devices', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('zh');
    documentIsDocument();
  });
  afterEach(() => {
    cleanup();
    for (const toast of currentNotices().toasts) dismissToast(toast.id);
    vi.unstubAllGlobals();
  });

  it('asks before a restart command goes out, sends nothing when cancelled, and shows sends and refusals when confirmed', async () => {
    const server = deviceServer(TEMPLATE, TEMPLATES, { pending: [102] });
    open(TEMPLATE);
    fireEvent.click(await findRowButton('下发 重启控制台'));
    await choosePlate('京A', '京A00001');
    await choosePlate('京A', '京A00002');
    expect(dialog().querySelector('ul[aria-label="已选车辆"]')?.textContent).toBe('京A00001×京A00002×');
    fireEvent.click(sendButton());
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByText('命令“重启”会重启或清除设备。确定下发到 2 辆车吗？')).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.sends()).toEqual([]);

    fireEvent.click(sendButton());
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定下发' }));
    const answer = await screen.findByTestId('send-answer', {}, SLOW);
    expect(server.sends()).toEqual([{ method: 'POST', path: '/deviceSend', params: { kind: 'command', sourceId: '7', truckIds: '101,102' } }]);
    expect(answer.textContent).toContain('已下发 1 辆车');
    expect(answer.textContent).toContain('京A00001：未发送（下发编号 900）');
    expect(answer.textContent).toContain('1 辆车未下发');
    expect(answer.textContent).toContain('京A00002：同一内容正在下发中');
  });

  it('sends a harmless command without asking, and asks for a truck when none is chosen', async () => {
    const server = deviceServer(TEMPLATE, TEMPLATES);
    open(TEMPLATE);
    fireEvent.click(await findRowButton('下发 读版本'));
    fireEvent.click(sendButton());
    expect(inDialog().getByRole('alert', { hidden: true }).textContent).toBe('请至少选择一辆车');
    await choosePlate('沪', '沪B00003');
    const description = dialog().querySelector<HTMLInputElement>('.entity-form__field input');
    if (!description) throw new Error('no description');
    fireEvent.change(description, { target: { value: '例行检查' } });
    fireEvent.click(sendButton());
    await screen.findByTestId('send-answer', {}, SLOW);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.sends()[0]?.params).toEqual({ kind: 'command', sourceId: '8', truckIds: '103', description: '例行检查' });
  });

  it("sends a failed tank table again to its row's own truck and follows the send live into use", async () => {
    const server = deviceServer(TANK, [tankRow('5', 'failed')], { files: { 5: TABLE } });
    const live = open(TANK);
    fireEvent.click(await findRowButton('下发 T5'));
    expect(await screen.findByText('下发到本车：京A00002', {}, SLOW)).toBeTruthy();
    expect(inDialog().getByText('2 个仓，总容量 20000 L，罐高 1500 mm', { exact: false })).toBeTruthy();
    expect(statusLine().textContent).toBe('状态：失败');
    fireEvent.click(sendButton());
    await waitFor(() => expect(statusLine().textContent).toBe('状态：待发送'), SLOW);
    expect(server.sends().map((call) => call.params)).toEqual([{ kind: 'tankTable', sourceId: '5', truckIds: '102' }]);
    expect(toasts()).toContain('deviceEntity.send.tankTable.accepted');
    expect(sendButton().getAttribute('aria-disabled')).toBe('true');
    expect(inDialog().getByText('发送尚未完成，不能重复发送')).toBeTruthy();

    server.move(900, { status: 'sending', step: 1, steps: 4 });
    announce(live, 900);
    await waitFor(() => expect(statusLine().textContent).toBe('状态：发送中 · 第1/4包'), SLOW);
    // A repeat send while this one is pending is refused in the console: nothing more is posted.
    fireEvent.click(sendButton());
    await waitFor(() => expect(toasts()).toContain('sendMachine.repeatBlocked'), SLOW);

    server.move(900, { status: 'inUse', step: 4, steps: 4 });
    announce(live, 900);
    await waitFor(() => expect(statusLine().textContent).toBe('状态：当前使用'), SLOW);
    // The table is on the device now: it is replaced by a new upload, not sent again.
    fireEvent.click(sendButton());
    await waitFor(() => expect(toasts()).toContain('sendMachine.settledBlocked'), SLOW);
    expect(server.sends()).toHaveLength(1);
  });

  it("opens on a table's latest send, pending from another console, and refuses to send it again", async () => {
    const latest: SendRow = {
      id: 42, truckId: 102, signCode: '京A00002', consoleSn: '', companyCode: 'C002', kind: 'tankTable', target: 'T7', description: '', status: 'synchronizing',
      step: 3, steps: 4, sendTimes: 1, requiredAt: Date.now(), actualAt: null, completedAt: null, createdBy: 'other',
    };
    const server = deviceServer(TANK, [tankRow('7', 'notSent')], { files: { 7: TABLE }, sends: [{ ...latest, sourceId: 7 } as SendRow] });
    const live = open(TANK);
    fireEvent.click(await findRowButton('下发 T7'));
    await waitFor(() => expect(statusLine().textContent).toBe('状态：同步中 · 第3/4包'), SLOW);
    fireEvent.click(sendButton());
    await waitFor(() => expect(toasts()).toContain('sendMachine.repeatBlocked'), SLOW);
    expect(server.sends()).toEqual([]);

    // It fails on the device: the table may be sent again from here.
    server.move(42, { status: 'failed' });
    announce(live, 42);
    await waitFor(() => expect(statusLine().textContent).toBe('状态：失败'), SLOW);
    fireEvent.click(sendButton());
    await waitFor(() => expect(server.sends()).toHaveLength(1), SLOW);
  });

  it("says so when the row's truck or its stored table cannot be found, and offers no send", async () => {
    deviceServer(TANK, [tankRow('8', 'notSent')], { files: {} });
    open(TANK);
    fireEvent.click(await findRowButton('下发 T8'));
    expect((await inDialog().findByRole('alert', { hidden: true }, SLOW)).textContent).toBe('读取罐表失败，请稍后重试');
    expect(inDialog().queryByRole('button', { name: '下发', hidden: true })).toBeNull();
  });

  it('downloads a tank table as the text it was uploaded with, under its file name', async () => {
    deviceServer(TANK, [tankRow('9', 'inUse')], { files: { 9: TABLE } });
    const saved: { name: string; text: Promise<string> }[] = [];
    const made = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => `blob:${saved.push({ name: '', text: (blob as Blob).text() })}`);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const entry = saved[Number(this.href.replace('blob:', '')) - 1];
      if (entry) entry.name = this.download;
    });
    open(TANK);
    fireEvent.click(await findRowButton('下载 T9'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1), SLOW);
    expect(saved[0]?.name).toBe('t.txt');
    expect(await saved[0]?.text).toBe(TABLE);
    click.mockRestore();
    made.mockRestore();
  });

  it('offers neither edit, send nor status on a tank table being sent, and says why', async () => {
    const server = deviceServer(TANK, [tankRow('6', 'sending')]);
    open(TANK);
    const edit = await findRowButton('编辑 T6');
    const send = screen.getByRole('button', { name: '下发 T6' });
    for (const button of [edit, send]) {
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(button.getAttribute('title')).toBe('罐表正在下发中（待下发、下发中或同步中），下发结束前不能修改');
      fireEvent.click(button);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.sends()).toEqual([]);
  });

  it('shows a read-only record list without add or row buttons', async () => {
    const changed = { truckId: '京A00001', companyCode: 'C002', kind: 'parameter', file: 'Parameters', item: 'maxSpeed', oldValue: '80', newValue: '90', mode: 'remote', sequence: 1, remark: null, changedBy: 'admin', changedAt: Date.now() };
    deviceServer(RECORD, [{ key: '1', version: 0, status: 1, modifiedBy: null, modifiedAt: null, values: changed }]);
    open(RECORD);
    expect(await screen.findByText('此列表由设备确认的下发生成，只能查看', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ag-cell[col-id="item"]')?.textContent).toBe('maxSpeed'), SLOW);
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(编辑|停用|下发) / })).toBeNull();
    expect(document.querySelector('.ag-cell[col-id="status"]')).toBeNull();
  });
});
