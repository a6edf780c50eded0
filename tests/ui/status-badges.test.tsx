// The top bar's status badges and the overview's truck and fuel figures, fed by a fake live source instead of the worker.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '../../src/app/i18n';
import { KpiTiles } from '../../src/app/dashboard/overview/KpiTiles';
import { LiveSourceProvider } from '../../src/app/live/LiveProvider';
import { StatusBadges } from '../../src/app/live/StatusBadges';
import { useFleetStatus } from '../../src/app/live/use-live';
import { Toaster } from '../../src/ui/Notices';
import { resetNotices } from '../../src/ui/notify';
import { fakeLiveSource, fakeTrucks, statusOf } from '../helpers/fake-live-source';

/** The overview's figures as the dashboard feeds them from the worker, on a backend without the inbox. */
function Figures() {
  return (
    <KpiTiles
      status={useFleetStatus()} inbox={{ kind: 'notOffered' }} unsealed={undefined} heartbeatOverdue={0} fencesPending={0}
      trucksPath="/monitor/track_map" waterTruckUser={false} canOpen={() => false}
    />
  );
}

function setup() {
  const source = fakeLiveSource();
  const trucks = fakeTrucks(23);
  source.setTrucks(trucks);
  const view = render(
    <LiveSourceProvider source={source}>
      <StatusBadges />
      <Figures />
      <Toaster />
    </LiveSourceProvider>,
  );
  return { source, trucks, view };
}

const badgeTexts = () => screen.getAllByRole('button', { name: /^查看/ }).map((button) => button.textContent);

describe('the status badges', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => {
    cleanup();
    act(() => resetNotices());
  });

  it('shows the five badges in the order alarm, loaded, empty, stopped, offline with the published counts', async () => {
    const { source, trucks } = setup();
    await waitFor(() => expect(source.listeners('fleet.status')).toBe(2));
    expect(badgeTexts()).toEqual(['报警–', '重车–', '空车–', '停车–', '离线–']);
    act(() => source.publish('fleet.status', statusOf(trucks)));
    // 23 trucks cycle 0..4: codes 0,1,2 get five each, 3 and 4 get four each.
    expect(badgeTexts()).toEqual(['报警4', '重车5', '空车5', '停车4', '离线5']);
  });

  it('opens a badge table with that status’s trucks, follows changes, and closes on Esc with focus back on the badge', async () => {
    const { source, trucks } = setup();
    await waitFor(() => expect(source.listeners('fleet.status')).toBe(2));
    act(() => source.publish('fleet.status', statusOf(trucks)));
    const alarm = screen.getByRole('button', { name: /^查看报警/ });
    fireEvent.click(alarm);
    const dialog = await screen.findByRole('dialog', { name: '报警车辆' });
    expect(alarm.getAttribute('aria-expanded')).toBe('true');
    const rows = async () => within(await within(dialog).findByRole('table')).getAllByRole('row').slice(1);
    await waitFor(async () => expect(await rows()).toHaveLength(4));
    const [first] = trucks;
    if (!first) throw new Error('no trucks');
    act(() => source.publish('fleet.trucks', { changed: [{ ...first, row: { ...first.row, status: 3 } }], removed: [] }));
    await waitFor(async () => expect(await rows()).toHaveLength(5));
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(alarm);
    await waitFor(() => expect(source.listeners('fleet.trucks')).toBe(0));
  });

  it('fills a large table from its parts and follows a frame that moves trucks out of the status and in again', async () => {
    const { source } = setup();
    const stopped = fakeTrucks(600, 4);
    source.setTrucks(stopped);
    await waitFor(() => expect(source.listeners('fleet.status')).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: /^查看停车/ }));
    const table = await within(await screen.findByRole('dialog', { name: '停车车辆' })).findByRole('table');
    // 600 trucks arrive in three parts; the header row counts too.
    await waitFor(() => expect(table.getAttribute('aria-rowcount')).toBe('601'));
    const moved = stopped.slice(0, 300).map((truck) => ({ ...truck, row: { ...truck.row, status: 1 as const } }));
    act(() => source.publish('fleet.trucks', { changed: moved, removed: ['id:600'] }));
    await waitFor(() => expect(table.getAttribute('aria-rowcount')).toBe('300'));
    act(() => source.publish('fleet.trucks', { changed: stopped.slice(0, 2), removed: [] }));
    await waitFor(() => expect(table.getAttribute('aria-rowcount')).toBe('302'));
  });

  it('shows the overview figures once the worker publishes, hydrated included, with fuel from trucks that are not offline', async () => {
    const { source, trucks } = setup();
    expect(screen.getByTestId('live-trucks').textContent).toBe('–');
    await waitFor(() => expect(source.listeners('fleet.status')).toBe(2));
    act(() => source.publish('fleet.status', statusOf(trucks, 'hydrated')));
    expect(screen.getByTestId('live-count-alarm').textContent).toBe('4');
    expect(screen.getByTestId('live-trucks').textContent).toBe('23');
    const online = trucks.filter((truck) => truck.row.status !== 0);
    const gasoline = online.filter((truck) => (truck.tanks[0]?.oilCode ?? 0) > 0).length * 101;
    expect(screen.getByTestId('live-fuel-gasoline').textContent).toBe(String(gasoline));
    expect(screen.getByTestId('live-fuel-diesel').textContent).toBe(String((online.length - gasoline / 101) * 101));
  });

  it('says 获取车辆状态统计数据失败 as an error toast each time the worker reports a failed status fetch', async () => {
    const { source } = setup();
    await waitFor(() => expect(source.listeners('fleet.fillFailed')).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      source.publish('fleet.fillFailed', { failedAt: 1 });
      source.publish('fleet.fillFailed', { failedAt: 2 });
    });
    expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toEqual(['获取车辆状态统计数据失败×', '获取车辆状态统计数据失败×']);
  });

  it('unsubscribes from the live source when unmounted', async () => {
    const { source, view } = setup();
    await waitFor(() => expect(source.listeners('fleet.status')).toBe(2));
    view.unmount();
    await waitFor(() => expect(source.listeners('fleet.status')).toBe(0));
    expect(source.listeners('fleet.fillFailed')).toBe(0);
  });
});
