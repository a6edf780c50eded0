// The alarm pop-ups and the urgent-alarm dialog, fed by a fake live source; texts checked exactly in zh and en.
import { toMillis } from '../../domain/format/time';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { urgentAlarmMachine } from '../../machines/urgent-alarm.machine';
import { LiveAlarms } from '../../src/app/alarms/LiveAlarms';
import { initI18n, switchLang } from '../../src/app/i18n';
import { LiveSourceProvider } from '../../src/app/live/LiveProvider';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import { fakeLiveSource } from '../helpers/fake-live-source';

// 2026-01-01 00:00:00 UTC, 08:00:00 in the tests' zone (Asia/Shanghai).
const T0 = Date.UTC(2026, 0, 1);
const base = { signCode: '沪A12345', startTime: T0, truckId: 1, insertTime: T0, remark: '' };

const highLoss: LiveAlarm = {
  ...base, type: 202, seq: 1,
  properties: { loss: 12.3, lossRate: 0.0012345, highLossRateThreshold: 0.001, startTime: T0, endTime: T0 + 3_600_000, startArea: '油库', endArea: '加油站', signCode: '沪A12345' },
};
const overlong: LiveAlarm = { ...base, type: 203, seq: 2, properties: { companyName: '一公司', driverWorkingDuration: 1505, driver: { name: '张三' } } };
const abnormalOil: LiveAlarm = {
  ...base, type: 205, seq: 3, properties: { taskCode: 'T-9', tankSequence: 2, oilCode: 92, mass: 1000, actualOilCode: 0, actualMass: 990 },
};
const generic = (seq: number): LiveAlarm => ({ ...base, type: 7, seq, remark: `备注${seq}`, properties: {} });

function setup(canOpen?: (path: string) => boolean) {
  const source = fakeLiveSource();
  const location = memoryLocation({ path: '/dashboard', record: true });
  const playSound = vi.fn();
  const machine = urgentAlarmMachine.provide({ actions: { playSound: () => playSound(), stopSound: () => {} } });
  render(
    <Router hook={location.hook}>
      <LiveSourceProvider source={source}>
        <LiveAlarms machine={machine} canOpen={canOpen} />
      </LiveSourceProvider>
    </Router>,
  );
  return { source, location, playSound };
}

const linesOf = (type: number) => {
  const popup = screen.getAllByTestId('alarm-popup').find((element) => element.dataset['type'] === String(type));
  if (!popup) throw new Error(`no pop-up of type ${type}`);
  return [...popup.querySelectorAll('.alarm-popup__line')].map((line) => line.textContent);
};

describe('the alarm pop-ups', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('renders high loss, overlong work and abnormal oil in Chinese', async () => {
    const { source } = setup();
    await waitFor(() => expect(source.listeners('alarm.popups')).toBe(1));
    act(() => source.publish('alarm.popups', [abnormalOil, overlong, highLoss]));
    expect(linesOf(202)).toEqual([
      '报警类型：高损耗或溢出', '车牌号：沪A12345', '损耗量：12.30', '损耗率(‰)：1.2345', '损耗率阈值(‰)：1.0000',
      '开始时间：2026-01-01 08:00:00', '结束时间：2026-01-01 09:00:00', '开始地点：油库', '结束地点：加油站',
    ]);
    expect(linesOf(203)).toEqual(['报警类型：超长工作时间', '车牌号：沪A12345', '公司：一公司', '司机：张三', '工作时长：1天1小时5分']);
    expect(linesOf(205)).toEqual([
      '报警类型：装油异常', '车牌号：沪A12345', '任务单号：T-9', '仓号：2', '计划油品：汽油', '实际油品：柴油', '计划质量：1000', '实际质量：990',
    ]);
  });

  it('renders the same alarms in English', async () => {
    await switchLang('en');
    const { source } = setup();
    await waitFor(() => expect(source.listeners('alarm.popups')).toBe(1));
    act(() => source.publish('alarm.popups', [abnormalOil, overlong, highLoss, generic(4)]));
    expect(linesOf(202)).toEqual([
      'Type: High loss or gain', 'Plate: 沪A12345', 'Loss: 12.30', 'Loss rate (‰): 1.2345', 'Loss rate threshold (‰): 1.0000',
      'Start: 01/01/2026 08:00:00', 'End: 01/01/2026 09:00:00', 'From: 油库', 'To: 加油站',
    ]);
    expect(linesOf(203)).toEqual(['Type: Overlong working hours', 'Plate: 沪A12345', 'Company: 一公司', 'Driver: 张三', 'Working time: 1d 1h 5m']);
    expect(linesOf(205)).toEqual([
      'Type: Abnormal oil', 'Plate: 沪A12345', 'Task code: T-9', 'Tank: 2', 'Planned oil: Gasoline', 'Actual oil: Diesel', 'Planned mass: 1000', 'Actual mass: 990',
    ]);
    expect(linesOf(7)).toEqual(['Type: Offline', 'Plate: 沪A12345', 'Start: 01/01/2026 08:00:00', 'Remark: 备注4']);
  });

  it('keeps at most five pop-ups, newest first, and drops a dismissed one', async () => {
    const { source } = setup();
    await waitFor(() => expect(source.listeners('alarm.popups')).toBe(1));
    act(() => source.publish('alarm.popups', [7, 6, 5, 4, 3, 2].map(generic)));
    const remarks = () => screen.getAllByTestId('alarm-popup').map((popup) => popup.querySelector('[data-line="alarmPopup.remark"]')?.textContent);
    expect(remarks()).toEqual(['备注：备注7', '备注：备注6', '备注：备注5', '备注：备注4', '备注：备注3']);
    fireEvent.click(within(screen.getAllByTestId('alarm-popup')[0] as HTMLElement).getByRole('button', { name: '关闭报警提醒' }));
    expect(remarks()).toEqual(['备注：备注6', '备注：备注5', '备注：备注4', '备注：备注3', '备注：备注2']);
  });

  it('opens the alarm screen of a clicked pop-up with name=alarmPop', async () => {
    const { source, location } = setup();
    await waitFor(() => expect(source.listeners('alarm.popups')).toBe(1));
    act(() => source.publish('alarm.popups', [highLoss]));
    fireEvent.click(screen.getByRole('button', { name: '查看报警' }));
    const opened = new URL(location.history.at(-1) ?? '', 'http://console');
    expect(opened.pathname).toBe('/cargo_monitor/exception_report/alm_high_loss');
    expect(opened.searchParams.get('name')).toBe('alarmPop');
    expect(opened.searchParams.get('signCode')).toBe(highLoss.signCode);
    expect(opened.searchParams.get('at')).toBe(String(toMillis(highLoss.startTime)));
  });

  it.each([
    [203, '/driving_monitor/event_report/sign_dura', 'overlongWork'],
    [204, '/cargo_monitor/exception_report/bz_abnormal_oil_loading', 'noTaskCode'],
    [206, '/driving_monitor/exception_report/alarm_over_speed', 'speedAlarms'],
  ] as const)('opens a clicked %i pop-up on the tab of %s that lists its alarms, not the dashboard', async (type, path, tab) => {
    const { source, location } = setup();
    await waitFor(() => expect(source.listeners('alarm.popups')).toBe(1));
    const alarm: LiveAlarm = type === 203 ? overlong : { ...base, type, seq: 9, properties: {} };
    act(() => source.publish('alarm.popups', [alarm]));
    fireEvent.click(screen.getByRole('button', { name: '查看报警' }));
    const opened = new URL(location.history.at(-1) ?? '', 'http://console');
    expect(opened.pathname).toBe(path);
    expect(Object.fromEntries(opened.searchParams)).toMatchObject({ tab, name: 'alarmPop', signCode: alarm.signCode, at: String(toMillis(alarm.startTime)) });
  });

  it('shows, but does not link, a pop-up whose alarm screen is outside the user menu', async () => {
    const { source, location } = setup((path) => path === '/driving_monitor/exception_report/alarm_off_line');
    await waitFor(() => expect(source.listeners('alarm.popups')).toBe(1));
    act(() => source.publish('alarm.popups', [highLoss, generic(5)]));
    expect(linesOf(202)[0]).toBe('报警类型：高损耗或溢出');
    // Only the offline alarm (type 7) leads to a screen of this menu.
    expect(screen.getAllByRole('button', { name: '查看报警' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '查看报警' }));
    expect(location.history.at(-1)).toMatch(/^\/driving_monitor\/exception_report\/alarm_off_line\?name=alarmPop&/);
  });
});

describe('the urgent-alarm dialog', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(cleanup);

  it('lists urgent alarms with plate and start time, sounds once, and closes', async () => {
    const { source, playSound } = setup();
    await waitFor(() => expect(source.listeners('alarm.urgent')).toBe(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => source.publish('alarm.urgent', { ...base, type: 201, seq: 10, properties: {} }));
    act(() => source.publish('alarm.urgent', { ...base, type: 201, seq: 11, signCode: '沪B00001', properties: {} }));
    const dialog = screen.getByRole('dialog', { name: /紧急报警/ });
    const rows = within(dialog).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['沪B000012026-01-01 08:00:00', '沪A123452026-01-01 08:00:00']);
    expect(playSound).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('urgent-icon').dataset['lit']).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the urgent alarm screen over [alarm start, now] from a row', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(T0 + 60_000);
    const { source, location } = setup();
    await waitFor(() => expect(source.listeners('alarm.urgent')).toBe(1));
    act(() => source.publish('alarm.urgent', { ...base, type: 201, seq: 12, properties: {} }));
    fireEvent.click(screen.getByRole('button', { name: '查看沪A12345的紧急报警' }));
    expect(location.history.at(-1)).toBe(`/driving_monitor/exception_report/alarm_urgent?startTime=${T0}&endTime=${T0 + 60_000}&at=${T0}`);
    expect(screen.queryByRole('dialog')).toBeNull();
    vi.restoreAllMocks();
  });

  it('lists the plate as text when the user menu has no urgent alarm screen', async () => {
    const { source } = setup(() => false);
    await waitFor(() => expect(source.listeners('alarm.urgent')).toBe(1));
    act(() => source.publish('alarm.urgent', { ...base, type: 201, seq: 15, properties: {} }));
    const dialog = screen.getByRole('dialog', { name: /紧急报警/ });
    expect(within(dialog).getAllByRole('row')[1]?.textContent).toBe('沪A123452026-01-01 08:00:00');
    expect(within(dialog).queryByRole('button', { name: '查看沪A12345的紧急报警' })).toBeNull();
  });

  it('offers an enable-sound button where the tab never had a user gesture, and plays on its click', async () => {
    Object.defineProperty(navigator, 'userActivation', { configurable: true, value: { hasBeenActive: false, isActive: false } });
    try {
      const { source, playSound } = setup();
      await waitFor(() => expect(source.listeners('alarm.urgent')).toBe(1));
      act(() => source.publish('alarm.urgent', { ...base, type: 201, seq: 13, properties: {} }));
      expect(playSound).toHaveBeenCalledTimes(1);
      fireEvent.click(screen.getByRole('button', { name: '开启报警声音' }));
      expect(playSound).toHaveBeenCalledTimes(2);
    } finally {
      Reflect.deleteProperty(navigator, 'userActivation');
    }
  });

  it('shows no enable-sound button once the tab had a gesture', async () => {
    const { source } = setup();
    await waitFor(() => expect(source.listeners('alarm.urgent')).toBe(1));
    act(() => source.publish('alarm.urgent', { ...base, type: 201, seq: 14, properties: {} }));
    screen.getByRole('dialog');
    expect(screen.queryByRole('button', { name: '开启报警声音' })).toBeNull();
  });
});
