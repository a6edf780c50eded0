// The poll notices as the user meets them: fences pending (open the approval screen, dismiss), heartbeat overtime (a table).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import { LiveNotices } from '../../../src/app/notices/LiveNotices';
import type { HeartbeatOvertimeRow } from '../../../domain/wire/records';
import { fakeLiveSource } from '../../helpers/fake-live-source';

// 2026-01-01 00:00:00 UTC, 08:00:00 in the tests' zone (Asia/Shanghai).
const T0 = Date.UTC(2026, 0, 1);
const row = (i: number): HeartbeatOvertimeRow => ({
  companyName: `公司${i}`, signCode: `沪A${String(i).padStart(5, '0')}`, heartTime: T0 + i * 60_000, gpsTime: T0 + i * 60_000 - 5_000,
});

function setup() {
  const source = fakeLiveSource();
  const location = memoryLocation({ path: '/dashboard', record: true });
  render(
    <Router hook={location.hook}>
      <LiveSourceProvider source={source}>
        <LiveNotices />
      </LiveSourceProvider>
    </Router>,
  );
  return { source, location };
}

async function subscribed(source: ReturnType<typeof fakeLiveSource>) {
  await waitFor(() => expect(source.listeners('notice.fences') + source.listeners('notice.heartbeat')).toBe(2));
}

const rowsOf = (card: HTMLElement) =>
  [...card.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

describe('the poll notices', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('shows nothing until a poll finds something, and nothing again once the worker clears it', async () => {
    const { source } = setup();
    await subscribed(source);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => source.publish('notice.fences', { pending: 2, checkedAt: T0, dismissed: false }));
    expect(screen.getByRole('status', { name: '围栏待审批' })).toBeTruthy();
    act(() => source.publish('notice.fences', null));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tells how many fences wait and opens the fence approval screen, dismissing the notice', async () => {
    const { source, location } = setup();
    await subscribed(source);
    act(() => source.publish('notice.fences', { pending: 3, checkedAt: T0, dismissed: false }));
    const card = screen.getByRole('status', { name: '围栏待审批' });
    expect(within(card).getByText('有 3 条围栏变更等待审批。')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: '前往围栏审批' }));
    expect(location.history?.at(-1)).toBe('/setting/base_data/enclosure_approval');
    expect(source.dismissed).toEqual(['fences']);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('dismisses through the worker, so every tab loses the notice', async () => {
    const { source, location } = setup();
    await subscribed(source);
    act(() => {
      source.publish('notice.fences', { pending: 1, checkedAt: T0, dismissed: false });
      source.publish('notice.heartbeat', { rows: [row(1)], checkedAt: T0, dismissed: false });
    });
    const heartbeat = screen.getByRole('status', { name: '心跳超时' });
    fireEvent.click(within(heartbeat).getByRole('button', { name: '关闭' }));

    expect(source.dismissed).toEqual(['heartbeat']);
    await waitFor(() => expect(screen.queryByRole('status', { name: '心跳超时' })).toBeNull());
    expect(screen.getByRole('status', { name: '围栏待审批' })).toBeTruthy();
    expect(location.history).toEqual(['/dashboard']);
  });

  it('opens the overdue heartbeats screen from the heartbeat notice, dismissing it', async () => {
    const { source, location } = setup();
    await subscribed(source);
    act(() => source.publish('notice.heartbeat', { rows: [row(1)], checkedAt: T0, dismissed: false }));
    const card = screen.getByRole('status', { name: '心跳超时' });
    fireEvent.click(within(card).getByRole('button', { name: '查看超时列表' }));
    expect(location.history?.at(-1)).toBe('/device_monitor/device_analysis/over_time_heart');
    expect(source.dismissed).toEqual(['heartbeat']);
  });

  it('lists the first ten overdue trucks with formatted times, then how many more there are', async () => {
    const { source } = setup();
    await subscribed(source);
    act(() => source.publish('notice.heartbeat', { rows: Array.from({ length: 13 }, (_, i) => row(i)), checkedAt: T0, dismissed: false }));
    const card = screen.getByRole('status', { name: '心跳超时' });

    expect(within(card).getByText('有 13 辆在线车辆超过 30 分钟未上报心跳。')).toBeTruthy();
    // The trucks are folded away (the banner stays one line over the page) until 查看车辆 opens them.
    const details = card.querySelector('details');
    expect(details?.open).toBe(false);
    fireEvent.click(within(card).getByText('查看车辆'));
    expect(details?.open).toBe(true);
    expect([...card.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['所属单位', '车牌号', '最后心跳时间', 'GPS 时间']);
    const rows = rowsOf(card);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual(['公司0', '沪A00000', '2026-01-01 08:00:00', '2026-01-01 07:59:55']);
    expect(rows[9]).toEqual(['公司9', '沪A00009', '2026-01-01 08:09:00', '2026-01-01 08:08:55']);
    expect(within(card).getByText('… 另有 3 辆')).toBeTruthy();
  });

  it('renders the heartbeat notice in English, without a "more" line when every row fits', async () => {
    await switchLang('en');
    const { source } = setup();
    await subscribed(source);
    act(() => source.publish('notice.heartbeat', { rows: [row(1), row(2)], checkedAt: T0, dismissed: false }));
    const card = screen.getByRole('status', { name: 'Heartbeat overtime' });

    expect(within(card).getByText('2 online trucks have sent no heartbeat for over 30 minutes.')).toBeTruthy();
    expect(rowsOf(card)[0]).toEqual(['公司1', '沪A00001', '01/01/2026 08:01:00', '01/01/2026 08:00:55']);
    expect(card.textContent).not.toContain('more');
    expect(within(card).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });

  it('has its actions reachable by keyboard as buttons', async () => {
    const { source } = setup();
    await subscribed(source);
    act(() => source.publish('notice.fences', { pending: 4, checkedAt: T0, dismissed: false }));
    const card = screen.getByRole('status', { name: '围栏待审批' });
    const buttons = within(card).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['前往围栏审批', '关闭']);
    for (const button of buttons) {
      button.focus();
      expect(document.activeElement).toBe(button);
    }
  });
});
