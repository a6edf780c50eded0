// What the operator does with a live alarm: the urgent dialog's confirm acknowledges what it shows (the inbox, else the
// spec's POST /alarmCue); a pop-up acknowledges (with the inbox), shows its truck on the live map and opens its report;
// pop-ups keep out of sight while a modal dialog is open or the operator types, counted in the top bar meanwhile.
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { InboxCounts } from '../../../domain/wire/alarm-inbox';
import type { LiveAlarm } from '../../../domain/wire/live-alarm';
import { urgentAlarmMachine } from '../../../machines/urgent-alarm.machine';
import { AlarmInboxBadge } from '../../../src/app/alarms/AlarmInboxBadge';
import { AlarmInboxProvider } from '../../../src/app/alarms/inbox-status';
import { LiveAlarms } from '../../../src/app/alarms/LiveAlarms';
import { TYPING_QUIET_MS } from '../../../src/app/alarms/operator-busy';
import { initI18n } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import { ModalDialog } from '../../../src/ui/dialog';
import { fakeLiveSource } from '../../helpers/fake-live-source';
import { documentIsDocument } from '../entity/focus-within';
import { envelope, stubApi } from '../stub-api';

const T0 = Date.UTC(2026, 0, 1);
const base = { signCode: '沪A12345', startTime: T0, truckId: 1, insertTime: T0, remark: '', properties: {} };
const offline = (seq: number, signCode = '沪A12345'): LiveAlarm => ({ ...base, type: 7, seq, signCode, remark: `备注${seq}` });
const urgent = (seq: number | undefined): LiveAlarm => (seq === undefined ? { ...base, type: 201 } : { ...base, type: 201, seq });
const COUNTS: InboxCounts = { open: { critical: 1, major: 2, minor: 0 }, new: 3, lastDay: [], lastDayFrom: 0 };

/** A page with a button that opens a modal form, as a screen of the console would. */
function PageWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>新增</button>
      <input aria-label="车牌号搜索" />
      {open && (
        <ModalDialog title="新增油库" onClose={() => setOpen(false)}>
          <input aria-label="名称" />
        </ModalDialog>
      )}
    </>
  );
}

function setup({ inbox, canOpen }: { readonly inbox: boolean; readonly canOpen?: (path: string) => boolean }) {
  const calls = stubApi((method, path, params) => {
    if (path === '/alarmInbox/counts') return inbox ? envelope(200, COUNTS) : new Response('Not Found', { status: 404 });
    if (path === '/alarmInbox/acknowledge') return envelope(200, { changed: [], unchanged: [] });
    if (path === '/alarmCue') return envelope(200, true);
    return envelope(404, { method, path, params }, 'not found');
  });
  const source = fakeLiveSource();
  const location = memoryLocation({ path: '/dashboard', record: true });
  const machine = urgentAlarmMachine.provide({ actions: { playSound: () => {}, stopSound: () => {} } });
  render(
    <Router hook={location.hook}>
      <LiveSourceProvider source={source}>
        <AlarmInboxProvider enabled>
          <AlarmInboxBadge />
          <PageWithDialog />
          <LiveAlarms machine={machine} canOpen={canOpen} />
        </AlarmInboxProvider>
      </LiveSourceProvider>
    </Router>,
  );
  const decided = waitFor(() => expect(calls.some((call) => call.path === '/alarmInbox/counts')).toBe(true));
  return { calls, source, location, decided };
}

async function ready(source: ReturnType<typeof fakeLiveSource>, decided: Promise<void>) {
  await decided;
  await waitFor(() => expect(source.listeners('alarm.popups') + source.listeners('alarm.urgent')).toBe(2));
}

const popupOf = (seq: number) => {
  const popup = screen.queryAllByTestId('alarm-popup').find((element) => element.dataset['seq'] === String(seq));
  if (!popup) throw new Error(`no pop-up of alarm ${seq}`);
  return popup;
};
const shownSeqs = () => screen.queryAllByTestId('alarm-popup').map((popup) => Number(popup.dataset['seq']));
const acknowledged = (calls: ReturnType<typeof stubApi>) => calls.filter((call) => call.path === '/alarmInbox/acknowledge').map((call) => call.json);
const cued = (calls: ReturnType<typeof stubApi>) => calls.filter((call) => call.path === '/alarmCue').map((call) => call.params['seq']);

describe('the urgent dialog confirm', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('acknowledges every alarm it shows through the inbox in one call, and closes', async () => {
    const { source, calls, decided } = setup({ inbox: true });
    await ready(source, decided);
    await screen.findByTestId('inbox-badge');
    act(() => source.publish('alarm.urgent', urgent(10)));
    act(() => source.publish('alarm.urgent', urgent(11)));
    fireEvent.click(within(screen.getByRole('dialog', { name: /紧急报警/ })).getByRole('button', { name: '确认' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(acknowledged(calls)).toEqual([{ seqs: [11, 10] }]));
    expect(cued(calls)).toEqual([]);
  });

  it('acknowledges each alarm with POST /alarmCue where the backend has no inbox', async () => {
    const { source, calls, decided } = setup({ inbox: false });
    await ready(source, decided);
    act(() => source.publish('alarm.urgent', urgent(10)));
    act(() => source.publish('alarm.urgent', urgent(11)));
    fireEvent.click(within(screen.getByRole('dialog', { name: /紧急报警/ })).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(cued(calls).sort()).toEqual(['10', '11']));
    expect(acknowledged(calls)).toEqual([]);
  });

  it('offers no confirm for an alarm without a seq (a legacy backend): it only closes, and acknowledges nothing', async () => {
    const { source, calls, decided } = setup({ inbox: false });
    await ready(source, decided);
    act(() => source.publish('alarm.urgent', urgent(undefined)));
    const dialog = screen.getByRole('dialog', { name: /紧急报警/ });
    expect(within(dialog).queryByRole('button', { name: '确认' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect([...acknowledged(calls), ...cued(calls)]).toEqual([]);
  });

  it('drops a row another console acknowledged, and closes once every row was handled there', async () => {
    const { source, calls, decided } = setup({ inbox: true });
    await ready(source, decided);
    await screen.findByTestId('inbox-badge');
    act(() => source.publish('alarm.urgent', urgent(10)));
    act(() => source.publish('alarm.urgent', urgent(11)));
    const standing = (seq: number, state: 'new' | 'acknowledged' | 'resolved') => ({ kind: 'alarmState' as const, seq, state, by: 'li', at: 1, assignee: null, note: '' });
    const dialog = screen.getByRole('dialog', { name: /紧急报警/ });
    // The header's row and one per alarm.
    expect(within(dialog).getAllByRole('row')).toHaveLength(3);
    act(() => source.publish('data.changed', { changes: [standing(10, 'acknowledged'), standing(11, 'new')], missed: false }));
    expect(within(dialog).getAllByRole('row')).toHaveLength(2);
    act(() => source.publish('data.changed', { changes: [standing(11, 'resolved')], missed: false }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(acknowledged(calls)).toEqual([]);
  });

  it('closes without acknowledging on close', async () => {
    const { source, calls, decided } = setup({ inbox: true });
    await ready(source, decided);
    await screen.findByTestId('inbox-badge');
    act(() => source.publish('alarm.urgent', urgent(12)));
    fireEvent.click(within(screen.getByRole('dialog', { name: /紧急报警/ })).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(acknowledged(calls)).toEqual([]);
  });
});

describe('the alarm pop-ups’ actions', () => {
  beforeAll(async () => {
    await initI18n('zh');
    documentIsDocument();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('acknowledges one alarm through the inbox, and its pop-up goes while the others stay', async () => {
    const { source, calls, decided } = setup({ inbox: true });
    await ready(source, decided);
    await screen.findByTestId('inbox-badge');
    act(() => source.publish('alarm.popups', [offline(3), offline(2), offline(1)]));
    fireEvent.click(within(popupOf(2)).getByRole('button', { name: '确认此报警' }));
    expect(shownSeqs()).toEqual([3, 1]);
    await waitFor(() => expect(acknowledged(calls)).toEqual([{ seqs: [2] }]));
  });

  it('shows the pop-up again when the inbox refuses the acknowledgement', async () => {
    const { source, decided } = setup({ inbox: true });
    await ready(source, decided);
    await screen.findByTestId('inbox-badge');
    stubApi(() => envelope(500, null, 'busy'));
    act(() => source.publish('alarm.popups', [offline(3)]));
    fireEvent.click(within(popupOf(3)).getByRole('button', { name: '确认此报警' }));
    expect(shownSeqs()).toEqual([]);
    await waitFor(() => expect(shownSeqs()).toEqual([3]));
  });

  it('offers no acknowledge where the backend has no inbox, and keeps the spec’s pop-up with map and report', async () => {
    const { source, decided } = setup({ inbox: false });
    await ready(source, decided);
    act(() => source.publish('alarm.popups', [offline(3)]));
    const popup = popupOf(3);
    expect(within(popup).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['查看报警', '在地图上查看沪A12345', '关闭报警提醒']);
  });

  it('opens the live map focused on the truck, or the sprinkler map for a user who has only that', async () => {
    const first = setup({ inbox: true });
    await ready(first.source, first.decided);
    act(() => first.source.publish('alarm.popups', [offline(3, '沪B 77')]));
    fireEvent.click(within(popupOf(3)).getByRole('button', { name: '在地图上查看沪B 77' }));
    expect(first.location.history.at(-1)).toBe('/monitor/track_map?truck=%E6%B2%AAB+77');
    cleanup();

    const garden = setup({ inbox: true, canOpen: (path) => path === '/monitor/sprinkler_monitoring' });
    await ready(garden.source, garden.decided);
    act(() => garden.source.publish('alarm.popups', [offline(4)]));
    fireEvent.click(within(popupOf(4)).getByRole('button', { name: '在地图上查看沪A12345' }));
    expect(garden.location.history.at(-1)).toBe('/monitor/sprinkler_monitoring?truck=%E6%B2%AAA12345');
    cleanup();

    const none = setup({ inbox: false, canOpen: () => false });
    await ready(none.source, none.decided);
    act(() => none.source.publish('alarm.popups', [offline(5)]));
    expect(within(popupOf(5)).queryByRole('button', { name: /在地图上查看/ })).toBeNull();
  });

  it('keeps opening its report on a click of the pop-up', async () => {
    const { source, location, decided } = setup({ inbox: true });
    await ready(source, decided);
    act(() => source.publish('alarm.popups', [offline(3)]));
    fireEvent.click(within(popupOf(3)).getByRole('button', { name: '查看报警' }));
    expect(location.history.at(-1)).toMatch(/^\/driving_monitor\/exception_report\/alarm_off_line\?name=alarmPop&/);
  });

  it('keeps the pop-ups out of sight while a modal dialog is open, counts them in the top bar, and shows them after it closes', async () => {
    const { source, decided } = setup({ inbox: true });
    await ready(source, decided);
    const badge = await screen.findByTestId('inbox-badge');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    await screen.findByRole('dialog', { name: '新增油库' });

    act(() => source.publish('alarm.popups', [offline(2), offline(1)]));
    await waitFor(() => expect(badge.dataset['held']).toBe('2'));
    expect(shownSeqs()).toEqual([]);
    expect(badge.getAttribute('aria-label')).toBe('未关闭报警 3 条，其中紧急 1 条 另有 2 条报警提醒待显示');

    fireEvent.keyDown(screen.getByRole('textbox', { name: '名称' }), { key: 'Escape' });
    await waitFor(() => expect(shownSeqs()).toEqual([2, 1]));
    // The count in the top bar follows in the provider's next render.
    await waitFor(() => expect(badge.dataset['held']).toBe('0'));
  });

  it('keeps them out of sight while the urgent dialog is open', async () => {
    const { source, decided } = setup({ inbox: true });
    await ready(source, decided);
    act(() => source.publish('alarm.urgent', urgent(9)));
    act(() => source.publish('alarm.popups', [offline(1)]));
    expect(shownSeqs()).toEqual([]);
    fireEvent.click(within(screen.getByRole('dialog', { name: /紧急报警/ })).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(shownSeqs()).toEqual([1]));
  });

  it('keeps them out of sight while the operator types, and shows them once typing has stopped for a while', async () => {
    const { source, decided } = setup({ inbox: true });
    await ready(source, decided);
    const field = screen.getByRole('textbox', { name: '车牌号搜索' });
    act(() => field.focus());
    fireEvent.keyDown(field, { key: '沪' });
    act(() => source.publish('alarm.popups', [offline(1)]));
    expect(shownSeqs()).toEqual([]);
    const typedAt = Date.now();
    // Typing on keeps them away: each key starts the quiet time again.
    await act(() => new Promise((resolve) => setTimeout(resolve, TYPING_QUIET_MS / 2)));
    fireEvent.keyDown(field, { key: 'A' });
    await act(() => new Promise((resolve) => setTimeout(resolve, TYPING_QUIET_MS / 2 + 200)));
    expect(shownSeqs()).toEqual([]);
    await waitFor(() => expect(shownSeqs()).toEqual([1]));
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(TYPING_QUIET_MS * 1.5);
  });
});
