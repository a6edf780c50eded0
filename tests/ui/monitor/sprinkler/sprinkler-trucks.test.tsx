// The sprinkler screens over a fake live source: sprinkler_real_inventory draws the sprinklers' water tanks and no
// tanker, refrigerated truck or van; a sprinkler is told by its water tanks and is spraying while full and moving.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n } from '../../../../src/app/i18n';
import { LiveSourceProvider } from '../../../../src/app/live/LiveProvider';
import SprinklerRealInventoryScreen from '../../../../src/app/monitor/sprinkler/SprinklerRealInventoryScreen';
import { isSprinkler, isSpraying } from '../../../../src/app/monitor/sprinkler/sprinkler-trucks';
import type { TruckStatusRow } from '../../../../domain/wire/truck-row';
import { normaliseRow } from '../../../../streams/truck-status.stream';
import { fakeLiveSource } from '../../../helpers/fake-live-source';
import { statusRow } from '../../../helpers/live-frames';

const SLOW = { timeout: 5000 };
const PATH = '/monitor/sprinkler_real_inventory';

const truck = (id: number, overrides: Partial<TruckStatusRow>) => normaliseRow(statusRow({ truckId: id, signCode: `沪D${String(id).padStart(5, '0')}`, ...overrides }));
const SPRAYING = truck(1, { status: 2, speed: 12, lastIventoryMap: { '1': { oilCode: -1, vt: 6000, capacity: 10000, sealed: true } } });
const EMPTY_SPRINKLER = truck(2, { status: 1, speed: 30, lastIventoryMap: { '1': { oilCode: -1, vt: 0, capacity: 8000 } } });
const FULL_AT_REST = truck(3, { status: 2, speed: 0, lastIventoryMap: { '1': { oilCode: -1, vt: 8000, capacity: 8000 } } });
const TANKER = truck(4, { status: 2, speed: 40, lastIventoryMap: { '1': { oilCode: 92, vt: 5000, capacity: 8000 }, '2': { oilCode: -1, vt: 300, capacity: 8000 } } });
const COLD_BOX = truck(5, { status: 1, lastIventoryMap: { '1': { oilCode: -1, vt: 0, temperature: -18, humidity: 80 } } });
const VAN = truck(6, { status: 4, lastIventoryMap: {} });
const OFFLINE_FULL = truck(7, { status: 0, speed: 20, lastIventoryMap: { '1': { oilCode: -1, vt: 5000, capacity: 8000 } } });
const FLEET = [SPRAYING, EMPTY_SPRINKLER, FULL_AT_REST, TANKER, COLD_BOX, VAN, OFFLINE_FULL];

describe('telling sprinklers and spraying', () => {
  it('takes a truck whose every tank holds water, and no tanker, cold box or van', () => {
    expect(FLEET.filter(isSprinkler).map((one) => one.row.signCode)).toEqual(['沪D00001', '沪D00002', '沪D00003', '沪D00007']);
  });

  it('calls a sprinkler spraying while it is online, carries water and moves', () => {
    expect(FLEET.filter(isSprinkler).filter(isSpraying).map((one) => one.row.signCode)).toEqual(['沪D00001']);
  });
});

describe('the sprinkler real inventory screen', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(cleanup);

  function open(search = '') {
    const live = fakeLiveSource();
    live.setTrucks(FLEET);
    const location = memoryLocation({ path: `${PATH}${search}`, record: true });
    render(
      <LiveSourceProvider source={live}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <SprinklerRealInventoryScreen />
        </Router>
      </LiveSourceProvider>,
    );
    return location;
  }

  it('draws the water tanks of the sprinklers only, under its own title', async () => {
    open();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('共 4 辆洒水车'), SLOW);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('洒水车实时库存');
    const cards = screen.getAllByRole('listitem').map((card) => card.getAttribute('aria-label'));
    expect(cards).toEqual(['沪D00001', '沪D00002', '沪D00003', '沪D00007']);
    expect(screen.getByRole('listitem', { name: '沪D00001' }).textContent).toContain('Vt 6000 L · 60%');
  });

  it('shows only the sprinklers carrying water when asked, the choice kept in its own URL', async () => {
    const location = open();
    await screen.findByRole('listitem', { name: '沪D00002' }, SLOW);
    fireEvent.click(screen.getByRole('checkbox', { name: '只看有水车辆' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '沪D00002' })).toBeNull());
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(location.history?.at(-1)).toBe(`${PATH}?loaded=1`);
  });
});
