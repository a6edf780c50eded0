// The send list against the send engine in memory: its columns with status labels and progress, filters from the URL
// query, live notices patched in by one read of just the named rows (no page read), a new send or a missed stretch
// reading the page again, and stop sending on a pending row.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import SendMessageScreen from '../../../src/app/screens/send-message/SendMessageScreen';
import type { SendRow } from '../../../domain/params/send-wire';
import { fakeLiveSource, type FakeLiveSource } from '../../helpers/fake-live-source';
import { columnTexts } from '../entity/entity-screen';
import { sendRow, sendServer, type SendServer } from './send-server';

const SLOW = { timeout: 10_000 };
const PATH = '/setting/device_parameter/send_message';

function openList(rows: readonly SendRow[], search = ''): { server: SendServer; live: FakeLiveSource } {
  const server = sendServer(rows);
  const live = fakeLiveSource();
  const location = memoryLocation({ path: `${PATH}${search}` });
  render(
    <LiveSourceProvider source={live}>
      <Router hook={location.hook}>
        <SendMessageScreen />
      </Router>
    </LiveSourceProvider>,
  );
  return { server, live };
}

const notice = (live: FakeLiveSource, ids: readonly number[], missed = false) =>
  act(() => live.publish('data.changed', { missed, changes: ids.map((id) => ({ kind: 'entityChanged' as const, path: PATH, key: String(id), company: 'C001' })) }));
const pageReads = (server: SendServer) => server.lists().filter((call) => call.params['ids'] === undefined);

const ROWS = [
  sendRow(3, { status: 'sending', step: 1, steps: 4 }),
  sendRow(2, { status: 'sent', step: 3, steps: 3, actualAt: sendRow(2).requiredAt + 1000, completedAt: sendRow(2).requiredAt + 5000 }),
  sendRow(1, { kind: 'tankTable', target: '容积表', status: 'toBeSent' }),
];

describe('the send list', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each send with its kind, status label and progress, and stop only on a pending file send', async () => {
    openList(ROWS);
    await waitFor(() => expect(columnTexts('status')).toEqual(['发送中', '已发送', '待发送']), SLOW);
    expect(columnTexts('signCode')).toEqual(['京A10003', '京A10002', '京A10001']);
    expect(columnTexts('kind')).toEqual(['参数文件', '参数文件', '容积表']);
    expect(columnTexts('progress')).toEqual(['1/4', '3/3', '0/3']);
    expect(columnTexts('completedAt')[1]).toBe('2026-11-20 09:30:05');
    expect(screen.getByTestId('send-total').textContent).toBe('共3条');
    expect(screen.getAllByRole('button', { name: /^停止发送到/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['停止发送到京A10003']);
  });

  it('asks with the filters of the URL query', async () => {
    const { server } = openList(ROWS, '?kind=paramFile&status=sent&search=A1');
    await waitFor(() => expect(columnTexts('status')).toEqual(['已发送']), SLOW);
    expect(server.lists()[0]?.params).toMatchObject({ kind: 'paramFile', status: 'sent', search: 'A1', page: '1' });
  });

  it('patches the rows a burst of notices names with one read of just those rows', async () => {
    const { server, live } = openList(ROWS);
    await waitFor(() => expect(columnTexts('status')).toEqual(['发送中', '已发送', '待发送']), SLOW);
    const pagesBefore = pageReads(server).length;
    server.sends.set(3, { ...ROWS[0]!, status: 'sending', step: 3 });
    notice(live, [3]);
    server.sends.set(3, { ...ROWS[0]!, status: 'connectionFailed', step: 3 });
    server.sends.set(1, { ...ROWS[2]!, status: 'sending' });
    notice(live, [1, 3]);
    await waitFor(() => expect(columnTexts('status')).toEqual(['连接失败', '已发送', '发送中']), SLOW);
    const byIds = server.lists().filter((call) => call.params['ids'] !== undefined);
    expect(byIds.map((call) => call.params['ids'])).toEqual(['3,1']);
    expect(pageReads(server).length).toBe(pagesBefore);
    expect(screen.queryAllByRole('button', { name: /^停止发送到/ })).toHaveLength(0);
  });

  it('reads the page again for a new send and after a missed stretch', async () => {
    const { server, live } = openList(ROWS);
    await waitFor(() => expect(columnTexts('signCode')).toHaveLength(3), SLOW);
    server.sends.set(4, sendRow(4));
    notice(live, [4]);
    await waitFor(() => expect(columnTexts('signCode')).toEqual(['京A10001', '京A10003', '京A10002', '京A10001']), SLOW);
    const pages = pageReads(server).length;
    notice(live, [], true);
    await waitFor(() => expect(pageReads(server).length).toBeGreaterThan(pages), SLOW);
  });

  it('stops a pending send and shows it terminated', async () => {
    const { server } = openList(ROWS);
    fireEvent.click(await screen.findByRole('button', { name: '停止发送到京A10003' }, SLOW));
    await waitFor(() => expect(columnTexts('status')[0]).toBe('已终止'), SLOW);
    expect(server.calls.some((call) => call.method === 'POST' && call.path === '/deviceSend/3/stop')).toBe(true);
  });
});
