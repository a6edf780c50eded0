// The urgent alarm's desktop notification: asked for on a click only, shown by a hidden tab when no tab is visible.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { urgentAlarmMachine } from '../../../machines/urgent-alarm.machine';
import type { DesktopEnv, NotificationLike } from '../../../src/app/alarms/desktop-alert';
import { LiveAlarms } from '../../../src/app/alarms/LiveAlarms';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import { alarmKey, type LiveAlarm } from '../../../domain/wire/live-alarm';
import { fakeLiveSource } from '../../helpers/fake-live-source';

// 2026-01-01 00:00:00 UTC, 08:00:00 in the tests' zone (Asia/Shanghai).
const T0 = Date.UTC(2026, 0, 1);
const urgent = (seq: number): LiveAlarm => ({
  type: 201, seq, signCode: '沪A12345', startTime: T0, truckId: 1, insertTime: T0, remark: '', properties: {},
});

interface Shown {
  readonly title: string;
  readonly options: { readonly body: string; readonly tag: string };
  readonly notification: NotificationLike & { closed: boolean };
}

/** A Notification API whose permission the test sets and whose notifications it can read and click. */
function fakeDesktop(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const shown: Shown[] = [];
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  class FakeNotification implements NotificationLike {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
    onclick: ((event: Event) => unknown) | null = null;
    closed = false;
    constructor(title: string, options: { readonly body: string; readonly tag: string }) {
      shown.push({ title, options, notification: this });
    }
    close() {
      this.closed = true;
    }
  }
  const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
  const focus = vi.fn();
  const env: DesktopEnv = { Notification: FakeNotification, document: doc, focus };
  const setVisibility = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return { env, shown, requestPermission, focus, setVisibility };
}

function setup(desktop: DesktopEnv) {
  const source = fakeLiveSource();
  const location = memoryLocation({ path: '/dashboard', record: true });
  const machine = urgentAlarmMachine.provide({ actions: { playSound: () => {}, stopSound: () => {} } });
  const view = render(
    <Router hook={location.hook}>
      <LiveSourceProvider source={source}>
        <LiveAlarms machine={machine} desktop={desktop} />
      </LiveSourceProvider>
    </Router>,
  );
  return { source, location, view };
}

async function raise(source: ReturnType<typeof fakeLiveSource>, alarm: LiveAlarm) {
  await waitFor(() => expect(source.listeners('alarm.urgent')).toBe(1));
  await act(async () => source.publish('alarm.urgent', alarm));
}

describe('the urgent alarm on the desktop', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('asks for the permission only when the user clicks the control in the urgent dialog', async () => {
    const desktop = fakeDesktop('default', 'granted');
    const { source } = setup(desktop.env);
    await raise(source, urgent(1));
    const dialog = screen.getByRole('dialog');
    expect(desktop.requestPermission).not.toHaveBeenCalled();
    expect(desktop.shown).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: '标签页隐藏时在桌面提示紧急报警' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('桌面提示已开启'));
    expect(desktop.requestPermission).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByRole('button', { name: '标签页隐藏时在桌面提示紧急报警' })).toBeNull();
  });

  it('says so when the browser blocks desktop alerts, and offers nothing without the API', async () => {
    const blocked = fakeDesktop('default', 'denied');
    const first = setup(blocked.env);
    await raise(first.source, urgent(1));
    fireEvent.click(screen.getByRole('button', { name: '标签页隐藏时在桌面提示紧急报警' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('status').textContent).toBe('浏览器已禁止本站的桌面提示'));
    cleanup();

    const none = fakeDesktop('default');
    const second = setup({ ...none.env, Notification: undefined });
    await raise(second.source, urgent(2));
    // No desktop control: the row, close, and confirm (the alarm has a seq).
    expect(within(screen.getByRole('dialog')).getAllByRole('button').map((button) => button.textContent)).toEqual(['沪A12345', '关闭', '确认']);
  });

  it('shows one notification tagged by seq from a hidden tab when no tab is visible; a click focuses and opens the urgent screen', async () => {
    const desktop = fakeDesktop('granted');
    const { source, location } = setup(desktop.env);
    await raise(source, urgent(7));
    await waitFor(() => expect(desktop.shown).toHaveLength(1));
    const [shown] = desktop.shown;
    expect(shown?.title).toBe('紧急报警：沪A12345');
    expect(shown?.options).toEqual({ body: '开始于 2026-01-01 08:00:00，点击打开监控台。', tag: `urgent-${alarmKey(urgent(7))}` });

    act(() => void shown?.notification.onclick?.(new Event('click')));
    expect(desktop.focus).toHaveBeenCalledTimes(1);
    expect(shown?.notification.closed).toBe(true);
    expect(location.history?.at(-1)).toMatch(new RegExp(`^/driving_monitor/exception_report/alarm_urgent\\?startTime=${T0}&endTime=\\d+&at=${T0}$`));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves the alert to the visible tab: none from a visible tab, none from a hidden one while another tab is visible', async () => {
    const desktop = fakeDesktop('granted');
    const { source } = setup(desktop.env);
    desktop.setVisibility('visible');
    await raise(source, urgent(1));
    source.otherTabVisible = true;
    desktop.setVisibility('hidden');
    await act(async () => source.publish('alarm.urgent', urgent(2)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(desktop.shown).toEqual([]);

    source.otherTabVisible = false;
    await act(async () => source.publish('alarm.urgent', urgent(3)));
    await waitFor(() => expect(desktop.shown.map((shown) => shown.options.tag)).toEqual([`urgent-${alarmKey(urgent(3))}`]));
  });

  it('shows one notification however many tabs are hidden: the worker gives the alarm to the first that asks', async () => {
    const desktop = fakeDesktop('granted');
    const source = fakeLiveSource();
    const machine = urgentAlarmMachine.provide({ actions: { playSound: () => {}, stopSound: () => {} } });
    const tab = () => (
      <Router hook={memoryLocation({ path: '/dashboard' }).hook}>
        <LiveSourceProvider source={source}>
          <LiveAlarms machine={machine} desktop={desktop.env} />
        </LiveSourceProvider>
      </Router>
    );
    render(<>{tab()}{tab()}{tab()}</>);
    await waitFor(() => expect(source.listeners('alarm.urgent')).toBe(3));
    await act(async () => source.publish('alarm.urgent', urgent(5)));
    await waitFor(() => expect(desktop.shown).toHaveLength(1));
    await act(async () => source.publish('alarm.urgent', urgent(6)));
    await waitFor(() => expect(desktop.shown).toHaveLength(2));
    expect(desktop.shown.map((shown) => shown.options.tag)).toEqual([`urgent-${alarmKey(urgent(5))}`, `urgent-${alarmKey(urgent(6))}`]);
  });

  it('keeps the dialog when the browser refuses to construct a notification (service-worker-only browsers)', async () => {
    const desktop = fakeDesktop('granted');
    const env: DesktopEnv = {
      ...desktop.env,
      Notification: Object.assign(
        class {
          constructor() {
            throw new TypeError('Illegal constructor');
          }
        },
        { permission: 'granted' as NotificationPermission, requestPermission: async () => 'granted' as NotificationPermission },
      ) as unknown as DesktopEnv['Notification'],
    };
    const { source } = setup(env);
    await raise(source, urgent(7));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows nothing without the permission, even from a hidden tab', async () => {
    const desktop = fakeDesktop('default');
    const { source } = setup(desktop.env);
    await raise(source, urgent(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(desktop.shown).toEqual([]);
  });
});
