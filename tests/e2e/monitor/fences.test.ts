// The fence screens in Chromium: a polygon drawn with Leaflet-Geoman's toolbar on user_enclosure (a save with nothing
// drawn refused under the map first), saved and listed pending; approved on enclosure_approval with the toast; shown
// on that map, and on the base map the live map draws (GET /map/base lists approved fences); then edited into a
// rectangle, pending again as a modification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseFenceShape } from '../../../domain/fence-shape';
import type { BaseMap } from '../../../domain/map/base-map';
import { call, login } from '../../helpers/api';
import type { SimServer } from '../../helpers/server';
import { movingFleet, type MovingFleet } from './moving-fleet';

const NAME = '浏览器绘制围栏';

describe('the fence screens in Chromium', () => {
  let fleet: MovingFleet;
  let server: SimServer;
  let page: Page;

  beforeAll(async () => {
    fleet = await movingFleet({ seed: 16, trucks: 3 });
    ({ server, page } = fleet);
  });

  afterAll(async () => {
    await fleet?.close();
  });

  const view = () => page.locator('.view:not([hidden])');
  const map = () => view().getByTestId('fence-map');
  const stored = () => server.services.db.selectFrom('fence').selectAll().where('name', '=', NAME).executeTakeFirst();

  it('refuses a save with nothing drawn under the map, then saves a polygon drawn with the toolbar as pending', async () => {
    await page.goto(`${server.url}/setting/base_data/user_enclosure`);
    await view().getByRole('button', { name: '新建围栏' }).click();
    await view().getByRole('textbox', { name: '围栏名称' }).fill(NAME);
    await view().getByRole('textbox', { name: '地址' }).fill('测试地址');
    // The toolbar offers only the chosen kind (polygon by default).
    await map().locator('.leaflet-pm-icon-polygon').waitFor();
    expect(await map().locator('.leaflet-pm-icon-rectangle, .leaflet-pm-icon-circle, .leaflet-pm-icon-marker').count()).toBe(0);
    await view().getByRole('button', { name: '保存' }).click();
    expect(await view().getByTestId('fence-problem').textContent()).toBe('请先绘制围栏再保存');
    expect(await stored()).toBeUndefined();

    await map().locator('.leaflet-pm-icon-polygon').click();
    const box = await map().boundingBox();
    if (!box) throw new Error('the map has no box');
    const at = (dx: number, dy: number) => ({ x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy });
    for (const [dx, dy] of [[-80, -60], [80, -60], [40, 70], [-80, -60]] as const) {
      const { x, y } = at(dx, dy);
      await page.mouse.click(x, y);
    }
    await view().getByRole('button', { name: '保存' }).click();
    await page.locator('.toast', { hasText: '保存成功' }).waitFor();
    const row = view().locator('tr', { has: page.getByRole('button', { name: NAME }) });
    await expect.poll(() => row.locator('td[data-status]').textContent()).toBe('待审批');

    const fence = await stored();
    expect(fence).toMatchObject({ type: 'polygon', approvalStatus: 0, modifyType: 'new', modifier: 'admin' });
    const shape = parseFenceShape(fence?.geometry ?? null);
    expect(shape?.properties.shape).toBe('polygon');
    expect(shape?.geometry.type === 'Polygon' ? shape.geometry.coordinates[0].length : 0).toBe(4);
  });

  it('approves it on enclosure_approval with the toast, shows it on that map and on the base map', async () => {
    await page.goto(`${server.url}/setting/base_data/enclosure_approval`);
    const pendingRow = view().locator('tr', { has: page.getByRole('button', { name: NAME }) });
    await pendingRow.getByRole('button', { name: NAME }).click();
    // The chosen fence's outline on the map (Leaflet's SVG layer).
    await map().locator('.leaflet-overlay-pane path.leaflet-interactive').first().waitFor();
    await pendingRow.getByRole('button', { name: '审批通过' }).click();
    await page.locator('.toast', { hasText: '已修改为已审批' }).waitFor();
    await expect.poll(async () => (await stored())?.approvalStatus).toBe(1);

    await view().getByRole('button', { name: '已审批' }).click();
    const approvedRow = view().locator('tr', { has: page.getByRole('button', { name: NAME }) });
    await approvedRow.getByRole('button', { name: NAME }).click();
    expect(await approvedRow.locator('td[data-status]').textContent()).toBe('已审批');
    await map().locator('.leaflet-overlay-pane path.leaflet-interactive').first().waitFor();

    const fence = await stored();
    const admin = await login(server.url, 'admin');
    const base = await call<BaseMap>(server.url, 'GET', '/map/base', { token: admin.token });
    expect(base.data.fences.find((f) => f.id === fence?.id)?.name).toBe(NAME);
  });

  it('edits the approved fence into a rectangle: the toolbar follows the kind, and the fence is pending again as a modification', async () => {
    await page.goto(`${server.url}/setting/base_data/user_enclosure`);
    const row = view().locator('tr', { has: page.getByRole('button', { name: NAME }) });
    await row.getByRole('button', { name: '编辑' }).click();
    await view().getByRole('radio', { name: '矩形' }).check();
    await map().locator('.leaflet-pm-icon-rectangle').click();
    expect(await map().locator('.leaflet-pm-icon-polygon').count()).toBe(0);
    const box = await map().boundingBox();
    if (!box) throw new Error('the map has no box');
    await page.mouse.click(box.x + box.width / 2 - 60, box.y + box.height / 2 - 40);
    await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40);
    await view().getByRole('button', { name: '保存' }).click();
    await page.locator('.toast', { hasText: '保存成功' }).waitFor();
    await expect.poll(() => row.locator('td[data-status]').textContent()).toBe('待审批');
    const fence = await stored();
    expect(fence).toMatchObject({ type: 'rectangle', approvalStatus: 0, modifyType: 'modify', approver: null });
    expect(parseFenceShape(fence?.geometry ?? null)?.properties.shape).toBe('rectangle');
  });
});
