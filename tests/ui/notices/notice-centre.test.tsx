// The notification centre and the closed cards: a notice the user closed leaves the page but stays in the top bar with
// its count and its screen; a card closes with Escape as with its button.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import { LiveNotices } from '../../../src/app/notices/LiveNotices';
import { NoticeCentre } from '../../../src/app/notices/NoticeCentre';
import { fakeLiveSource } from '../../helpers/fake-live-source';

const T0 = Date.UTC(2026, 0, 1);
const overdue = { companyName: '一公司', signCode: '沪A00001', heartTime: T0, gpsTime: T0 };

function setup() {
  const source = fakeLiveSource();
  const location = memoryLocation({ path: '/dashboard', record: true });
  render(
    <Router hook={location.hook}>
      <LiveSourceProvider source={source}>
        <NoticeCentre />
        <LiveNotices />
      </LiveSourceProvider>
    </Router>,
  );
  return { source, location };
}

async function subscribed(source: ReturnType<typeof fakeLiveSource>) {
  // Two listeners of each notice: the centre's and the cards'.
  await waitFor(() => expect(source.listeners('notice.fences') + source.listeners('notice.heartbeat')).toBe(4));
}

describe('the notification centre', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('is absent while no notice is in force', async () => {
    const { source } = setup();
    await subscribed(source);
    expect(screen.queryByRole('button', { name: /通知/ })).toBeNull();
  });

  it('keeps a closed notice with its count and opens its screen from there', async () => {
    const { source, location } = setup();
    await subscribed(source);
    act(() => {
      source.publish('notice.fences', { pending: 3, checkedAt: T0, dismissed: false });
      source.publish('notice.heartbeat', { rows: [overdue], checkedAt: T0, dismissed: false });
    });
    const card = screen.getByRole('status', { name: '围栏待审批' });
    fireEvent.click(within(card).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: '围栏待审批' })).toBeNull());

    const centre = screen.getByRole('button', { name: '通知：2 条' });
    fireEvent.click(centre);
    const menu = screen.getByRole('menu', { name: '通知中心' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['围栏待审批有 3 条围栏变更等待审批。', '心跳超时有 1 辆在线车辆超过 30 分钟未上报心跳。']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.click(items[0]!);
    expect(location.history?.at(-1)).toBe('/setting/base_data/enclosure_approval');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows no card for a notice that arrives closed, and lists it', async () => {
    const { source } = setup();
    await subscribed(source);
    act(() => source.publish('notice.heartbeat', { rows: [overdue], checkedAt: T0, dismissed: true }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: '通知：1 条' })).toBeTruthy();
    act(() => source.publish('notice.heartbeat', null));
    expect(screen.queryByRole('button', { name: /通知/ })).toBeNull();
  });

  it('closes a card with Escape from its buttons, in English too', async () => {
    await switchLang('en');
    const { source } = setup();
    await subscribed(source);
    act(() => source.publish('notice.heartbeat', { rows: [overdue], checkedAt: T0, dismissed: false }));
    const card = screen.getByRole('status', { name: 'Heartbeat overtime' });
    const dismiss = within(card).getByRole('button', { name: 'Dismiss' });
    dismiss.focus();
    fireEvent.keyDown(dismiss, { key: 'Escape' });
    expect(source.dismissed).toEqual(['heartbeat']);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.getByRole('button', { name: 'Notices: 1' })).toBeTruthy();
  });
});
