// The top bar's open-alarm count: asked once after login (GET /alarmInbox/counts), again a second after alarms or state
// changes arrive, shown as a link to the inbox; a backend without the inbox (404) or a user without its route shows none
// and is not asked again this session.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { InboxCounts } from '../../../domain/wire/alarm-inbox';
import type { LiveAlarm } from '../../../domain/wire/live-alarm';
import { setReactions } from '../../../src/api/client';
import { AlarmInboxBadge } from '../../../src/app/alarms/AlarmInboxBadge';
import { AlarmInboxProvider, COUNTS_REFRESH_MS } from '../../../src/app/alarms/inbox-status';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import { fakeLiveSource } from '../../helpers/fake-live-source';
import { envelope, stubApi } from '../stub-api';

const COUNTS = '/alarmInbox/counts';
const counts = (critical: number, major: number, minor: number): InboxCounts => ({
  open: { critical, major, minor }, new: critical + major, lastDay: Array.from({ length: 24 }, () => 0), lastDayFrom: 0,
});

function setup(answer: () => Response, enabled = true) {
  const calls = stubApi((_method, path) => (path === COUNTS ? answer() : envelope(404, null, 'not found')));
  const source = fakeLiveSource();
  const location = memoryLocation({ path: '/dashboard', record: true });
  render(
    <Router hook={location.hook}>
      <LiveSourceProvider source={source}>
        <AlarmInboxProvider enabled={enabled}>
          <AlarmInboxBadge />
        </AlarmInboxProvider>
      </LiveSourceProvider>
    </Router>,
  );
  const countCalls = () => calls.filter((call) => call.path === COUNTS).length;
  return { calls, source, location, countCalls };
}

const settle = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const alarm: LiveAlarm = { type: 7, seq: 5, signCode: '沪A12345', startTime: 0, truckId: 1, insertTime: 0, remark: '', properties: {} };

describe('the open-alarm count in the top bar', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await switchLang('zh');
  });

  it('shows the open alarms with the critical ones, and leads to the inbox', async () => {
    const { location } = setup(() => envelope(200, counts(2, 5, 3)));
    const badge = await screen.findByRole('link', { name: '未关闭报警 10 条，其中紧急 2 条' });
    expect(badge.textContent).toBe('报警102');
    expect(badge.querySelector('.inbox-badge__critical')?.textContent).toBe('2');
    expect(badge.classList.contains('inbox-badge--critical')).toBe(true);
    fireEvent.click(badge);
    expect(location.history.at(-1)).toBe('/monitor/alarm_inbox');
  });

  it('says it in English, with no highlight while no open alarm is critical', async () => {
    await switchLang('en');
    setup(() => envelope(200, counts(0, 1, 0)));
    const badge = await screen.findByRole('link', { name: 'Open alarms: 1, critical: 0' });
    expect(badge.textContent).toBe('Alarms1');
    expect(badge.classList.contains('inbox-badge--critical')).toBe(false);
  });

  it('asks again once, a second after a burst of new alarms, alarm-state changes and a missed notice', async () => {
    let open = 1;
    const { source, countCalls } = setup(() => envelope(200, counts(0, open, 0)));
    await screen.findByRole('link', { name: /未关闭报警 1 条/ });
    await waitFor(() => expect(source.listeners('data.changed') + source.listeners('alarm.received')).toBe(2));
    expect(countCalls()).toBe(1);

    open = 4;
    act(() => {
      source.publish('alarm.received', [alarm]);
      source.publish('data.changed', { changes: [{ kind: 'alarmState', seq: 5, state: 'acknowledged', by: 'operator', at: 0, assignee: null, note: '' }], missed: false });
      source.publish('data.changed', { changes: [], missed: true });
    });
    await screen.findByRole('link', { name: /未关闭报警 4 条/ });
    await settle(COUNTS_REFRESH_MS + 200);
    expect(countCalls()).toBe(2);
  });

  it('asks again a second after the alarm socket first opens, and not at later link changes', async () => {
    const { source, countCalls } = setup(() => envelope(200, counts(0, 1, 0)));
    await screen.findByRole('link', { name: /未关闭报警 1 条/ });
    await waitFor(() => expect(source.listeners('link.state')).toBe(1));
    const link = (opens: number) => ({ state: 'open', opens, closes: 0, heartbeats: 0, frames: 0, lastCloseCode: undefined, lastFrameAt: undefined }) as const;
    act(() => source.publish('link.state', { truck: link(1), alarm: link(0) }));
    await settle(COUNTS_REFRESH_MS + 200);
    expect(countCalls()).toBe(1);
    act(() => source.publish('link.state', { truck: link(1), alarm: link(1) }));
    await waitFor(() => expect(countCalls()).toBe(2), { timeout: COUNTS_REFRESH_MS + 1000 });
    act(() => source.publish('link.state', { truck: link(2), alarm: link(2) }));
    await settle(COUNTS_REFRESH_MS + 200);
    expect(countCalls()).toBe(2);
  });

  it('does not ask again for changes of other data', async () => {
    const { source, countCalls } = setup(() => envelope(200, counts(0, 1, 0)));
    await screen.findByRole('link', { name: /未关闭报警 1 条/ });
    await waitFor(() => expect(source.listeners('data.changed')).toBe(1));
    act(() => source.publish('data.changed', { changes: [{ kind: 'dataChanged', topic: 'eventHandling' }], missed: false }));
    await settle(COUNTS_REFRESH_MS + 200);
    expect(countCalls()).toBe(1);
  });

  it.each([
    ['a legacy backend (HTTP 404)', () => new Response('Not Found', { status: 404 })],
    ['a backend without the call (resultCode 404)', () => envelope(404, null, 'no such call')],
    ['a user refused the inbox (resultCode 401)', () => envelope(401, null, '您没有访问此功能的权限')],
  ])('shows no count for %s, tells the user nothing, and does not ask again this session', async (_name, answer) => {
    const told = vi.fn();
    const restore = setReactions({ sessionExpired: told, accessLimit: told, accessError: told, errorToast: told, requestFailed: told });
    try {
      const { source, countCalls } = setup(answer);
      await waitFor(() => expect(countCalls()).toBe(1));
      await waitFor(() => expect(source.listeners('alarm.received')).toBe(1));
      act(() => source.publish('alarm.received', [alarm]));
      await settle(COUNTS_REFRESH_MS + 200);
      expect(countCalls()).toBe(1);
      expect(screen.queryByTestId('inbox-badge')).toBeNull();
      expect(told).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });

  it("asks nothing when the user's menu has no inbox", async () => {
    const { source, countCalls } = setup(() => envelope(200, counts(1, 0, 0)), false);
    await waitFor(() => expect(source.listeners('alarm.received')).toBe(1));
    act(() => source.publish('alarm.received', [alarm]));
    await settle(COUNTS_REFRESH_MS + 200);
    expect(countCalls()).toBe(0);
    expect(screen.queryByTestId('inbox-badge')).toBeNull();
  });
});
