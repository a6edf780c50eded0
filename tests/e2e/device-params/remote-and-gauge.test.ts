// Remote commands and tank tables in Chromium, against a seeded fleet whose simulator and devices run in the test's
// server: a restart command sent from its template to a truck chosen by plate, confirmed first and followed to 'sent';
// and a tank table sent from its row, followed to 'in use' in the send dialog, then changing the volumes the truck
// reports, as the commissioning check shows them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parseTankTable } from '../../../domain/params/tank-table';
import { volumeAt } from '../../../domain/params/tank-table-math';
import { sampleTankTable } from '../../../domain/params/tank-table-sample';
import { TRUCK_STATUS } from '../../../domain/truck-status';
import type { TankInventory } from '../../../domain/wire/truck-row';
import { seedFleet, startSimulator, type Simulator } from '../../../server/sim';
import { startDeviceResponder, type DeviceResponder } from '../../../server/sim/device-responder';
import { call, login } from '../../helpers/api';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../../helpers/console';
import { startServer, type RunningServer } from '../../helpers/server';

const REMOTE = '/setting/alarm_threshold/remote';
const CHECK = '/setting/base_data/test';
const TANK_TABLES = '/setting/base_data/tank_table';

describe('remote commands and tank tables in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let simulator: Simulator;
  let responder: DeviceResponder;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    server = await startServer({
      staticDir: requireBuiltConsole(),
      prepare: async (services) => void (await seedFleet(services.db, { seed: 15, trucks: 8 })),
    });
    simulator = startSimulator(server.services, { seed: 15, timer: false });
    await simulator.ready;
    await simulator.tick(Date.now());
    // No corrupted transfers: each send here ends as the device judges its content.
    responder = startDeviceResponder(server.services, simulator.devices, { crcErrorRate: 0, tickMs: 100 });
    token = (await login(server.url, 'admin')).token;
    browser = await launchBrowser();
    page = (await newUserPage(browser, server.url)).page;
    await loginAs(page, server.url, 'admin');
  });

  afterAll(async () => {
    responder?.stop();
    simulator?.stop();
    await browser?.close();
    await server?.close();
  });

  const view = () => page.locator('.view:not([hidden])');

  it('sends a restart from its template to a truck chosen by plate, after a confirmation, and follows it to sent', async () => {
    const truck = await server.services.db.selectFrom('truck').select(['id', 'signCode', 'companyCode']).orderBy('id').executeTakeFirstOrThrow();
    const created = await call(server.url, 'POST', '/entity/setting/alarm_threshold/remote_template', {
      token, form: { name: '重启控制台', command: 'restart', argument: '', description: '升级后重启', companyCode: truck.companyCode },
    });
    expect(created.resultCode).toBe(200);

    await page.goto(`${server.url}${REMOTE}`);
    await view().getByRole('button', { name: '发送命令' }).click();
    await page.getByRole('button', { name: /命令模板/ }).click();
    await page.getByRole('option', { name: '重启控制台 (重启)' }).click();
    await page.getByRole('button', { name: '下一步' }).click();
    const plate = page.getByRole('combobox', { name: /车牌号/ });
    await plate.fill(truck.signCode);
    await page.getByRole('option', { name: truck.signCode }).click();
    // The list stays open for another plate (the dialog behind it hidden meanwhile): closed, the pick is listed.
    await plate.press('Escape');
    await page.locator('.entity-send__chosen li', { hasText: truck.signCode }).waitFor();
    await page.getByRole('button', { name: '下发', exact: true }).click();
    const question = page.getByRole('alertdialog');
    expect(await question.textContent()).toContain('确定下发到 1 辆车吗');
    await question.getByRole('button', { name: '确定下发' }).click();
    await page.getByTestId('send-answer').waitFor();
    await page.keyboard.press('Escape');

    const status = view().locator('.ag-row:not(.ag-row-pinned)').filter({ has: page.locator('.ag-cell[col-id="signCode"]', { hasText: truck.signCode }) })
      .locator('.ag-cell[col-id="status"]').first();
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('已发送');
    expect(await view().locator('.ag-cell[col-id="kind"]').first().textContent()).toBe('远程命令');
  });

  it('sends a tank table from its row, follows it into use, and shows the volumes it gives for the levels the probes measure', async () => {
    const { db } = server.services;
    // An online tanker carrying product (an offline truck's row stays as it last reported): its compartments report volumes.
    const lives = await db.selectFrom('truckLive').innerJoin('truck', 'truck.id', 'truckLive.truckId')
      .select(['truck.id', 'truck.signCode', 'truck.companyCode', 'truck.compartments', 'truckLive.inventory'])
      .where('truckLive.status', '<>', TRUCK_STATUS.offline).orderBy('truck.id').execute();
    const loaded = lives.find((row) => row.compartments > 0 && Object.values(JSON.parse(row.inventory) as Record<string, TankInventory>).some((tank) => tank.vt > 0));
    if (!loaded) throw new Error('no loaded tanker in the seeded fleet');
    const content = sampleTankTable(loaded.compartments, 20_000, 1800);
    const table = parseTankTable(content);
    if (!table.ok) throw new Error('sample table unreadable');

    const saved = await call<{ key: string }>(server.url, 'POST', '/entity/setting/base_data/tank_table', {
      token,
      form: {
        companyCode: loaded.companyCode, truckId: loaded.signCode, serialNo: 'TT-E2E-1', pipelineCapacity: 20, frameNo: 'F-1',
        fileName: 'tt-e2e-1.txt', fileNameContent: Buffer.from(content).toString('base64'),
      },
    });
    expect(saved.resultCode).toBe(200);
    // Sent from its row's 下发 dialog, which follows the send live until the device confirms the table in use.
    await page.goto(`${server.url}${TANK_TABLES}`);
    await view().getByRole('button', { name: '下发 TT-E2E-1' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`下发到本车：${loaded.signCode}`).waitFor();
    expect(await dialog.getByRole('status').textContent()).toBe('状态：未发送');
    await dialog.getByRole('button', { name: '下发', exact: true }).click();
    await expect.poll(() => dialog.getByRole('status').textContent(), { timeout: 20_000 }).toBe('状态：当前使用');
    // Already on the device: sending it again is refused, and the dialog says why.
    const again = dialog.getByRole('button', { name: '下发', exact: true });
    expect(await again.getAttribute('aria-disabled')).toBe('true');
    expect(await again.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent())).toBe('此容积表已下发到设备，请上传新的容积表');
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await db.selectFrom('tankTable').select('state').where('id', '=', Number(saved.data.key)).executeTakeFirstOrThrow()).state, { timeout: 20_000 }).toBe('inUse');
    // The truck's next report reads its levels through the table: the simulator runs on until it has reported.
    const reported = async () => Object.values(JSON.parse((await db.selectFrom('truckLive').select('inventory').where('truckId', '=', loaded.id).executeTakeFirstOrThrow()).inventory) as Record<string, TankInventory>)
      .some((tank) => tank.levelMm !== undefined);
    for (let minute = 1; minute <= 30 && !(await reported()); minute++) await simulator.tick(Date.now() + minute * 60_000);
    expect(await reported()).toBe(true);

    await page.goto(`${server.url}${CHECK}`);
    const truck = view().getByRole('combobox', { name: '车辆' });
    await truck.focus();
    await page.keyboard.type(loaded.signCode);
    await expect.poll(() => view().getByRole('button', { name: '开始检测' }).isEnabled()).toBe(true);
    await view().getByRole('button', { name: '开始检测' }).click();
    const rows = view().getByRole('table', { name: '液位探头' }).locator('tbody tr');
    await rows.first().waitFor();
    const live = JSON.parse((await db.selectFrom('truckLive').select('inventory').where('truckId', '=', loaded.id).executeTakeFirstOrThrow()).inventory) as Record<string, TankInventory>;
    let checked = 0;
    for (let compartment = 1; compartment <= loaded.compartments; compartment++) {
      const tank = live[String(compartment)];
      if (!tank || tank.vt <= 0) continue;
      const cells = await rows.nth(compartment - 1).locator('td').allTextContents();
      // Shown: the level the probe measures and the volume the confirmed table gives for it.
      expect(Number(cells[3])).toBe(tank.levelMm);
      expect(Number(cells[4])).toBe(tank.vt);
      expect(tank.vt).toBeCloseTo(volumeAt(table.table, compartment, tank.levelMm ?? 0) ?? Number.NaN, 0);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
