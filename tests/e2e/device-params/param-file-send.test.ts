// The device-parameter screens in Chromium against a server with a seeded fleet and simulated devices: a syscfg.txt
// field edited with its tooltip seen, a value the device reports that cannot be changed, and the edit sent to three
// trucks that reach 'sent' on send_message while an offline one reaches 'connection failed', followed live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seedFleet } from '../../../server/sim';
import { startDeviceResponder, type DeviceResponder } from '../../../server/sim/device-responder';
import type { SimDevices } from '../../../server/sim/simulator';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../../helpers/console';
import { startServer, type RunningServer } from '../../helpers/server';

const EDITOR = '/setting/device_parameter/params_files';
const SENDS = '/setting/device_parameter/send_message';

describe('parameter files in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let responder: DeviceResponder;
  let page: Page;
  const offline = new Set<number>();
  let trucks: { id: number; signCode: string }[] = [];

  beforeAll(async () => {
    server = await startServer({
      staticDir: requireBuiltConsole(),
      prepare: async (services) => void (await seedFleet(services.db, { seed: 15, trucks: 6 })),
    });
    trucks = await server.services.db.selectFrom('truck').select(['id', 'signCode']).orderBy('id').execute();
    const devices: SimDevices = { online: (truckId) => !offline.has(truckId), useTankTable: () => undefined };
    // No corrupted transfers: the three reachable trucks all end 'sent'.
    responder = startDeviceResponder(server.services, devices, { crcErrorRate: 0 });
    browser = await launchBrowser();
    page = (await newUserPage(browser, server.url)).page;
    await loginAs(page, server.url, 'admin');
  });

  afterAll(async () => {
    responder?.stop();
    await browser?.close();
    await server?.close();
  });

  const view = () => page.locator('.view:not([hidden])');

  async function openTruckFile(plate: string): Promise<void> {
    await page.goto(`${server.url}${EDITOR}`);
    await view().getByRole('combobox', { name: '车辆' }).fill(plate);
    await view().getByRole('textbox', { name: '仓数' }).waitFor();
  }

  it("edits a syscfg.txt field after reading its tooltip, and cannot change a value the device reports", async () => {
    const [first] = trucks;
    await openTruckFile(first!.signCode);
    const tip = view().getByRole('button', { name: '仓数的说明' });
    await tip.focus();
    const tooltip = view().getByRole('tooltip', { name: '目前最多5个' });
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    await view().getByRole('textbox', { name: '仓数' }).focus();
    await expect.poll(() => tooltip.isVisible()).toBe(false);

    const cabins = view().getByRole('textbox', { name: '仓数' });
    await cabins.fill('6');
    await expect.poll(() => view().locator('[data-key="tankCabinsCount"] [role="alert"]').textContent()).toBe('仓数须在1至5之间');
    await cabins.fill('2');
    await expect.poll(() => view().locator('[data-key="tankCabinsCount"] [role="alert"]').count()).toBe(0);

    const version = view().getByRole('textbox', { name: '系统版本' });
    expect(await version.isDisabled()).toBe(true);
    expect(await version.isEditable()).toBe(false);
    const before = await version.inputValue();
    await version.press('a', { timeout: 1000 }).catch(() => undefined);
    expect(await version.inputValue()).toBe(before);
    expect(await view().getByText('设备上报的值，不可修改').first().isVisible()).toBe(true);
  });

  it("sends an edit to three trucks that reach 'sent' while an offline one reaches 'connection failed'", async () => {
    const [edited, second, third, unreachable] = trucks;
    offline.add(unreachable!.id);
    await openTruckFile(edited!.signCode);
    await view().getByRole('textbox', { name: '自动施封次数' }).fill('7');
    const targets = view().getByRole('combobox', { name: '同时发送到' });
    for (const truck of [second, third, unreachable]) {
      await targets.fill(truck!.signCode);
      // The list stays open for the next plate (the page behind it hidden from the accessibility tree meanwhile).
      await view().locator('.param-send__chip', { hasText: truck!.signCode }).waitFor();
    }
    await targets.press('Escape');
    await view().getByRole('button', { name: '发送到4辆车' }).click();
    // The send is open (its status shows); the list then follows the devices' answers live.
    await view().getByTestId('param-send-status').waitFor();

    await page.goto(`${server.url}${SENDS}`);
    await view().locator('.ag-row:not(.ag-row-pinned) .ag-cell[col-id="signCode"]:not(:empty)').first().waitFor();
    // The statuses change in this document: followed live, never by a reload.
    await page.evaluate(() => Object.assign(window, { liveMark: 'kept' }));
    const statusOf = async (plate: string) =>
      view().locator('.ag-row:not(.ag-row-pinned)').filter({ has: page.locator('.ag-cell[col-id="signCode"]', { hasText: plate }) })
        .locator('.ag-cell[col-id="status"]').first().textContent();
    await expect.poll(() => statusOf(edited!.signCode), { timeout: 20_000 }).toBe('已发送');
    await expect.poll(() => statusOf(second!.signCode), { timeout: 20_000 }).toBe('已发送');
    await expect.poll(() => statusOf(third!.signCode), { timeout: 20_000 }).toBe('已发送');
    await expect.poll(() => statusOf(unreachable!.signCode), { timeout: 20_000 }).toBe('连接失败');
    expect(await page.evaluate(() => (window as Window & { liveMark?: string }).liveMark)).toBe('kept');
  });
});
