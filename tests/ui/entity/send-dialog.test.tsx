// The 下发/Send action of the device-parameter screens: trucks chosen by plate, a restart or clear command confirmed
// before it goes (and nothing sent when the question is cancelled), the row's own truck for a tank table, the answer's
// sends and refused trucks; a row being sent offers neither edit nor send; a read-only list offers no buttons at all.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n } from '../../../src/app/i18n';
import EntityScreen from '../../../src/app/screens/entity/EntityScreen';
import { entityFor } from '../../../src/domain/screens/entities/registry';
import type { EntityDef } from '../../../src/domain/screens/entities/definition';
import type { EntityRow } from '../../../src/domain/screens/entities/wire';
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

function open(def: EntityDef) {
  render(
    <Router hook={memoryLocation({ path: def.path }).hook}>
      <EntityScreen def={def} />
    </Router>,
  );
}

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
    vi.unstubAllGlobals();
  });

  it('asks before a restart command goes out, sends nothing when cancelled, and shows sends and refusals when confirmed', async () => {
    const server = deviceServer(TEMPLATE, TEMPLATES, [102]);
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

  it("sends a tank table to its row's own truck", async () => {
    const server = deviceServer(TANK, [tankRow('5', 'failed')]);
    open(TANK);
    fireEvent.click(await findRowButton('下发 T5'));
    expect(await screen.findByText('下发到本车：京A00002', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect((sendButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(sendButton());
    await screen.findByTestId('send-answer', {}, SLOW);
    expect(server.sends()[0]?.params).toEqual({ kind: 'tankTable', sourceId: '5', truckIds: '102' });
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
