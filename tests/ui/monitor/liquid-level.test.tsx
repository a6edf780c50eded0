// The liquid-level and cargo screens over a fake live source: tankers drawn with fill, product, volumes and seals,
// searched and paged with the filters in the URL, following a broken seal live; the cargo list of loaded trucks.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import CargoTransportScreen from '../../../src/app/monitor/cargo-transport/CargoTransportScreen';
import LiquidLevelScreen, { LEVEL_PAGE_SIZE } from '../../../src/app/monitor/liquid-level/LiquidLevelScreen';
import type { TruckStatusRow } from '../../../domain/wire/truck-row';
import { normaliseRow } from '../../../streams/truck-status.stream';
import { fakeLiveSource, type FakeLiveSource } from '../../helpers/fake-live-source';
import { statusRow } from '../../helpers/live-frames';

const SLOW = { timeout: 5000 };
const LEVEL = '/monitor/liquid_level';
const CARGO = '/monitor/cargo_transport';

const truck = (id: number, overrides: Partial<TruckStatusRow>) => normaliseRow(statusRow({ truckId: id, signCode: `沪A${String(id).padStart(5, '0')}`, ...overrides }));
const LOADED = truck(1, {
  status: 2,
  lastIventoryMap: {
    '1': { oilCode: 92, vt: 5000, v20: 4980.4, levelMm: 1210, temperature: 21.5, capacity: 8000, sealed: true },
    '2': { oilCode: 0, vt: 3000, capacity: 6000, sealed: false },
  },
});
const EMPTY = truck(2, { status: 1, lastIventoryMap: { '1': { oilCode: 95, vt: 0, capacity: 8000, sealed: false } } });
const VAN = truck(3, { status: 4, lastIventoryMap: {} });

function open(Screen: () => React.JSX.Element, path: string, search = ''): { live: FakeLiveSource; location: ReturnType<typeof memoryLocation> } {
  const live = fakeLiveSource();
  live.setTrucks([LOADED, EMPTY, VAN]);
  const location = memoryLocation({ path: `${path}${search}`, record: true });
  render(
    <LiveSourceProvider source={live}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Screen />
      </Router>
    </LiveSourceProvider>,
  );
  return { live, location };
}

describe('the liquid-level screen', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(cleanup);

  it('draws every tanker’s compartments with fill, product, volumes, level, temperature and seal', async () => {
    open(LiquidLevelScreen, LEVEL);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('共 2 辆罐车'), SLOW);
    const card = screen.getByRole('listitem', { name: '沪A00001' });
    const [first, second] = within(card).getAllByRole('figure');
    expect(within(first!).getByRole('img').getAttribute('aria-label')).toBe('1仓，装载 63%');
    expect(first!.textContent).toBe('1仓 92#Vt 5000 L · 63%V20 4981 L液位 1210 mm21.5 °C已施封');
    expect(second!.textContent).toContain('0#');
    expect(within(second!).getByText('未施封')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: '沪A00003' })).toBeNull();
  });

  it('shows only trucks carrying product when asked, and keeps the choice in the URL', async () => {
    const { location } = open(LiquidLevelScreen, LEVEL);
    await screen.findByRole('listitem', { name: '沪A00002' }, SLOW);
    fireEvent.click(screen.getByRole('checkbox', { name: '只看装货车辆' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '沪A00002' })).toBeNull());
    expect(location.history?.at(-1)).toBe(`${LEVEL}?loaded=1`);
  });

  it('follows a broken seal live', async () => {
    const { live } = open(LiquidLevelScreen, LEVEL);
    const card = await screen.findByRole('listitem', { name: '沪A00001' }, SLOW);
    const broken = truck(1, { status: 2, lastIventoryMap: { ...LOADED.row.lastIventoryMap, '1': { oilCode: 92, vt: 5000, capacity: 8000, sealed: false } } });
    act(() => live.publish('fleet.trucks', { changed: [broken], removed: [] }));
    await waitFor(() => expect(within(card).getAllByText('未施封')).toHaveLength(2), SLOW);
  });

  it('pages a large fleet and opens on the page the URL names', async () => {
    const live = fakeLiveSource();
    live.setTrucks(Array.from({ length: LEVEL_PAGE_SIZE + 5 }, (_, i) => truck(100 + i, { lastIventoryMap: { '1': { oilCode: 92, vt: 1, capacity: 10 } } })));
    const location = memoryLocation({ path: `${LEVEL}?page=2`, record: true });
    render(
      <LiveSourceProvider source={live}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <LiquidLevelScreen />
        </Router>
      </LiveSourceProvider>,
    );
    expect((await screen.findByText('第 2/2 页', {}, SLOW))).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(LEVEL_PAGE_SIZE));
  });
});

describe('the cargo transport screen', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(cleanup);

  it('lists the loaded trucks with what each compartment carries and its seal, counting the open ones', async () => {
    open(CargoTransportScreen, CARGO);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('共 1 辆重车，1 辆有未施封的仓'), SLOW);
    const table = screen.getByRole('table', { name: '运输中的重车' });
    expect(within(table).getByText('沪A00001')).toBeTruthy();
    expect(within(table).queryByText('沪A00002')).toBeNull();
    expect(table.textContent).toContain('1仓 92# 5000 L · 已施封');
    expect(table.textContent).toContain('2仓 0# 3000 L · 未施封');
  });
});
