// The live level screens in Chromium over a seeded fleet: liquid_level draws every tanker the admin sees with what the
// server stored for it, cargo_transport lists exactly the loaded trucks; both follow the fleet as it moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TRUCK_STATUS } from '../../../domain/truck-status';
import type { TankInventory } from '../../../domain/wire/truck-row';
import type { SimServer } from '../../helpers/server';
import { movingFleet, type MovingFleet } from './moving-fleet';

describe('the live level screens in Chromium', () => {
  let fleet: MovingFleet;
  let server: SimServer;
  let page: Page;

  beforeAll(async () => {
    fleet = await movingFleet({ seed: 17, trucks: 24 });
    ({ server, page } = fleet);
  });

  afterAll(async () => {
    await fleet?.close();
  });

  const view = () => page.locator('.view:not([hidden])');
  const lives = () => server.services.db.selectFrom('truckLive').innerJoin('truck', 'truck.id', 'truckLive.truckId')
    .select(['truck.signCode', 'truckLive.status', 'truckLive.inventory']).orderBy('truck.signCode').execute();
  const tanksOf = (inventory: string) => JSON.parse(inventory) as Record<string, TankInventory>;

  it('draws each tanker with the volumes and seals the server stored for it', async () => {
    await page.goto(`${server.url}/monitor/liquid_level`);
    const tankers = (await lives()).filter((row) => Object.keys(tanksOf(row.inventory)).length > 0);
    await expect.poll(() => view().locator('.monitor-summary').textContent()).toBe(`共 ${tankers.length} 辆罐车`);
    const first = tankers[0];
    if (!first) throw new Error('no tanker in the seeded fleet');
    const card = view().getByRole('listitem', { name: first.signCode });
    const [compartment, tank] = Object.entries(tanksOf(first.inventory))[0] ?? [];
    if (!compartment || !tank) throw new Error('a tanker without tanks');
    const gauge = card.locator(`figure[data-compartment="${compartment}"]`);
    expect(await gauge.textContent()).toContain(`Vt ${Math.ceil(tank.vt)} L`);
    expect(await gauge.textContent()).toContain(tank.sealed ? '已施封' : '未施封');
  });

  it('lists exactly the loaded trucks, and follows the fleet as it moves', async () => {
    await page.goto(`${server.url}/monitor/cargo_transport`);
    for (let step = 0; step < 3; step += 1) {
      const loaded = (await lives()).filter((row) => row.status === TRUCK_STATUS.loaded).map((row) => row.signCode).sort();
      await expect.poll(() => view().locator('.monitor-summary').textContent(), { timeout: 15_000 }).toMatch(new RegExp(`^共 ${loaded.length} 辆重车`));
      // The table draws the rows in view: the first ones by plate, at least ten of them (or all, when fewer).
      const drawn = await view().locator('[role="rowgroup"] + [role="rowgroup"] [role="row"] [role="cell"]:first-child').allTextContents();
      expect(drawn.length).toBeGreaterThanOrEqual(Math.min(10, loaded.length));
      expect(drawn).toEqual(loaded.slice(0, drawn.length));
      await fleet.step(30);
    }
  });
});
