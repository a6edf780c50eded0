// The device-parameter screens' shots: the parameter file editor with a tooltip open, send_message with
// several statuses, the tank tables with one in use, a tank table's send followed in its dialog, and a commissioning
// check. All as the admin, the only demo user
// holding the device-parameter functions, over sends made first through the API and answered by simulated devices.
import type { Page } from 'playwright-core';
import { FILE_SEND_FINAL, isFileSendStatus } from '../domain/params/send-status';
import type { LocaleKey } from '../domain/i18n';
import type { ManualShot } from '../server/manuals/shots';
import type { Recipe, ShotContext } from './manual-shots';
import { dismissLiveNotices, openBySearch } from './manual-shot-steps';
import {
  SHOT_COMPANY, saveRow, sendRow, sendSyscfg, sendsReaching, shotFleet, stopSend, uploadTankTable, type ShotFleet, type ShotTruck,
} from './manual-shot-sends';

type DeviceParamShot = Extract<ManualShot, 'param-file-editor' | 'send-statuses' | 'tank-table-list' | 'tank-table-send' | 'commissioning'>;

/** Wide enough for the send list's and the tank tables' columns. */
const VIEWPORT = { width: 1440, height: 900 } as const;
const ready = new WeakSet<Page>();
const scenes = new WeakMap<ShotContext, { fleet?: Promise<ShotFleet>; tanks?: Promise<void> }>();

function sceneOf(ctx: ShotContext) {
  let scene = scenes.get(ctx);
  if (!scene) scenes.set(ctx, (scene = {}));
  return scene;
}

function fleetOf(ctx: ShotContext): Promise<ShotFleet> {
  const scene = sceneOf(ctx);
  scene.fleet ??= shotFleet(ctx).then((fleet) => {
    if (fleet.online.length < 3) throw new Error(`only ${fleet.online.length} reachable tankers of ${SHOT_COMPANY}`);
    return fleet;
  });
  return scene.fleet;
}

/** The n-th reachable tanker, going round when there are fewer. */
const nth = (fleet: ShotFleet, n: number): ShotTruck => fleet.online[n % fleet.online.length] as ShotTruck;

/**
 * The admin's page on a screen opened by the menu search. Made ready once: the wider viewport, and the poll notices
 * (pending fences, heartbeat overtime), which the admin of every company gets, dismissed so they cover no rows.
 */
async function adminOn(ctx: ShotContext, titleKey: LocaleKey): Promise<Page> {
  const page = await ctx.pageOf('admin');
  if (!ready.has(page)) {
    await page.setViewportSize(VIEWPORT);
    await dismissLiveNotices(page, ctx.t('notice.dismiss'));
    ready.add(page);
  }
  await openBySearch(page, ctx.t(titleKey));
  return page;
}

const view = (page: Page) => page.locator('.view:not([hidden])');

/**
 * Sends in several statuses: an edit to three reachable trucks and an offline one (sent, connection failed), a
 * compartment count the truck does not have (data error), an upgrade still sending, and a command stopped (terminated).
 */
async function makeSends(ctx: ShotContext): Promise<void> {
  const fleet = await fleetOf(ctx);
  const zh = ctx.lang === 'zh';
  const spread = [nth(fleet, 0), nth(fleet, 1), nth(fleet, 2), ...fleet.offline.slice(0, 1)];
  const ended = (status: string) => isFileSendStatus(status) && FILE_SEND_FINAL.has(status);
  const edit = await sendSyscfg(ctx, spread, 'keepAliveDelaySeconds', 45, zh ? '心跳间隔改为45秒' : 'Heartbeat every 45 s');
  // Another truck: a second send of syscfg.txt to a truck whose first is still pending would be refused.
  const others = fleet.online.filter((truck) => !spread.includes(truck));
  const fewer = others.find((truck) => truck.compartments < 5) ?? nth(fleet, 3);
  const wrong = await sendSyscfg(ctx, [fewer], 'tankCabinsCount', 5, zh ? '仓数改为5' : 'Compartments set to 5');
  await sendsReaching(ctx, [...edit.sends, ...wrong.sends].map((send) => send.id), ended);

  // 50 KB: fifty packets of a quarter second each, still sending while the list is opened.
  const upgrade = await saveRow(ctx, '/setting/device_parameter/upgrade_file', {
    fileType: '2', fileVersion: 'V2.1.0', description: zh ? '控制器升级' : 'Controller upgrade', companyCode: SHOT_COMPANY,
    fileName: 'controller-2.1.0.bin', fileNameContent: Buffer.alloc(50 * 1024, 0x5a).toString('base64'),
  });
  await sendRow(ctx, 'upgradeFile', upgrade.key, [nth(fleet, 4), nth(fleet, 5)], zh ? '控制器升级 V2.1.0' : 'Controller upgrade V2.1.0');
  const template = await saveRow(ctx, '/setting/alarm_threshold/remote_template', {
    name: zh ? '读取版本' : 'Read versions', command: 'readVersions', argument: '', description: '', companyCode: SHOT_COMPANY,
  });
  const command = await sendRow(ctx, 'command', template.key, [nth(fleet, 6)], zh ? '读取版本' : 'Read versions');
  for (const send of command.sends) await stopSend(ctx, send.id);
}

/** Tank tables: one superseded (history), the next in use, one whose pipeline oil no compartment holds, one not sent. */
function makeTankTables(ctx: ShotContext): Promise<void> {
  const scene = sceneOf(ctx);
  scene.tanks ??= (async () => {
    const fleet = await fleetOf(ctx);
    const [own, other] = [nth(fleet, 0), nth(fleet, 1)];
    for (const serialNo of ['TT-2024-001', 'TT-2024-002']) {
      const row = await uploadTankTable(ctx, own, serialNo, 120);
      const sent = await sendRow(ctx, 'tankTable', row.key);
      await sendsReaching(ctx, sent.sends.map((send) => send.id), (status) => status === 'inUse');
    }
    const big = await uploadTankTable(ctx, other, 'TT-2024-003', 9999);
    const failed = await sendRow(ctx, 'tankTable', big.key);
    await sendsReaching(ctx, failed.sends.map((send) => send.id), (status) => status === 'pipelineFailed');
    await uploadTankTable(ctx, other, 'TT-2024-004', 150);
  })();
  return scene.tanks;
}

export const DEVICE_PARAM_RECIPES = {
  'param-file-editor': async (ctx) => {
    const truck = nth(await fleetOf(ctx), 0);
    const page = await adminOn(ctx, 'route.setting.device_parameter.params_files');
    await view(page).getByRole('combobox', { name: ctx.t('paramEditor.truck') }).fill(truck.signCode);
    const seals = view(page).locator('[data-key="autoSealTimes"] input');
    await seals.waitFor();
    await seals.fill('5');
    // The compartment count's tooltip, shown on keyboard focus as on hover.
    await view(page).locator('[data-key="tankCabinsCount"] .param-tip__button').focus();
    await view(page).locator('[data-key="tankCabinsCount"] [role="tooltip"]').waitFor({ state: 'visible' });
    return page.screenshot();
  },

  'send-statuses': async (ctx) => {
    await makeSends(ctx);
    const page = await adminOn(ctx, 'route.setting.device_parameter.send_message');
    const rows = view(page).locator('.ag-row:not(.ag-row-pinned)');
    await rows.locator('.ag-cell[col-id="status"]', { hasText: ctx.t('sendStatus.file.terminated') }).first().waitFor();
    await rows.locator('.ag-cell[col-id="progress"]', { hasText: /^\d+\/\d+$/ }).first().waitFor();
    await rows.locator('.ag-cell[col-id="status"]', { hasText: ctx.t('sendStatus.file.sending') }).first().waitFor();
    return page.screenshot();
  },

  'tank-table-list': async (ctx) => {
    await makeTankTables(ctx);
    const page = await adminOn(ctx, 'route.setting.base_data.tank_table');
    await view(page).locator('.ag-cell[col-id="state"]', { hasText: ctx.t('sendStatus.tankTable.inUse') }).first().waitFor();
    await view(page).locator('.ag-cell[col-id="serialNo"]', { hasText: 'TT-2024-004' }).waitFor();
    return page.screenshot();
  },

  // After the list's shot, whose rows it changes: the table to send, sent from its dialog and followed there.
  'tank-table-send': async (ctx) => {
    await makeTankTables(ctx);
    const page = await adminOn(ctx, 'route.setting.base_data.tank_table');
    await view(page).getByRole('button', { name: `${ctx.t('deviceEntity.send.action')} TT-2024-004` }).click();
    const dialog = page.getByRole('dialog');
    const status = dialog.getByRole('status');
    await status.filter({ hasText: ctx.t('sendStatus.tankTable.notSent') }).waitFor();
    await dialog.getByRole('button', { name: ctx.t('deviceEntity.send.submit'), exact: true }).click();
    await status.filter({ hasText: ctx.t('sendStatus.tankTable.sending') }).waitFor({ timeout: 20_000 });
    return page.screenshot();
  },

  commissioning: async (ctx) => {
    const truck = nth(await fleetOf(ctx), 0);
    const page = await adminOn(ctx, 'route.setting.base_data.test');
    await view(page).getByRole('combobox', { name: ctx.t('commissioning.truck') }).fill(truck.signCode);
    const run = view(page).getByRole('button', { name: ctx.t('commissioning.run') });
    await page.waitForFunction((button) => button instanceof HTMLButtonElement && !button.disabled, await run.elementHandle());
    await run.click();
    await view(page).getByTestId('commissioning-summary').waitFor();
    return page.screenshot();
  },
} satisfies Record<DeviceParamShot, Recipe>;
