// The fleet and account screens in Chromium over the seeded fleet: a truck added with the keyboard and found by its
// plate; a duplicate plate and a 10-digit terminal phone refused under their fields; a driver's photo refused when too
// large and shown as a thumbnail when fine, with a default truck chosen by typing part of its plate; a device edited
// and disabled after the prompt; a user created with a role and a confirmed password who can then log in; the
// administrator's password reset asking first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { translate } from '../../../domain/i18n';
import { idCardCheckChar } from '../../../domain/validation/id-card';
import type { LoginAnswer } from '../../../domain/wire/entities';
import { call } from '../../helpers/api';
import { dataRows, grid, onScreen, startAdminConsole, type AdminConsole } from '../reports/report-fixture';

const BASE = '/setting/base_data';
const TRUCK = `${BASE}/truck`;
const DRIVER = `${BASE}/driver`;
const DEVICE = `${BASE}/device`;
const USER = '/setting/privilege_account/user';
const COMPANY = '东城油品运输有限公司';

describe('fleet and account screens in Chromium', () => {
  let consoleUnderTest: AdminConsole;

  beforeAll(async () => {
    consoleUnderTest = await startAdminConsole();
  });

  afterAll(async () => {
    await consoleUnderTest?.close();
  });

  const url = () => consoleUnderTest.reports.server.url;
  const dialog = (page: Page) => page.getByRole('dialog');
  const fieldInput = (page: Page, label: string) => dialog(page).getByRole('textbox', { name: label, exact: true });
  /** The message under a field of the form, by the field's key. */
  const messageOf = (page: Page, key: string) => dialog(page).locator(`[data-field="${key}"] .entity-form__message`);
  const total = (page: Page) => onScreen(page).getByTestId('entity-total');
  const cell = (row: Locator, key: string) => row.locator(`.ag-cell[col-id="${key}"]`);

  async function screen(path: string, firstColumn: string): Promise<Page> {
    const page = await consoleUnderTest.admin.newPage();
    await page.goto(`${url()}${path}`);
    await dataRows(page).first().locator(`.ag-cell[col-id="${firstColumn}"]:not(:empty)`).waitFor();
    return page;
  }

  /** The saves a page sends to an entity list (new rows), counted as they leave the browser. */
  function countSaves(page: Page, path: string): () => number {
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(`/entity${path}`)) sent += 1;
    });
    return () => sent;
  }

  /** Types into a text field as a user does: the cursor put there, then keys. */
  async function typeInto(page: Page, label: string, text: string): Promise<void> {
    const input = fieldInput(page, label);
    await input.focus();
    await input.press('ControlOrMeta+a');
    await page.keyboard.type(text);
  }

  /**
   * Chooses an option of a select or company picker by keyboard: its button focused, the arrow keys open the list and
   * walk it to the option, Enter chooses it.
   */
  async function chooseByKeys(page: Page, label: string | RegExp, option: string): Promise<void> {
    const trigger = dialog(page).getByRole('button', { name: label });
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    for (let step = 0; step < 40; step += 1) {
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('role') === 'option' ? (document.activeElement.textContent ?? '').trim() : '');
      if (focused === option) {
        await page.keyboard.press('Enter');
        await listbox.waitFor({ state: 'detached' });
        await expect.poll(() => trigger.textContent()).toContain(option);
        return;
      }
      await page.keyboard.press('ArrowDown');
    }
    throw new Error(`no option "${option}" reached by the arrow keys in ${String(label)}`);
  }

  async function fillTruck(page: Page, plate: string, phone: string): Promise<void> {
    await onScreen(page).getByRole('button', { name: '新增' }).click();
    // The form opens with the cursor in its first field; Tab goes on to the next.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('signCode');
    await page.keyboard.type(plate);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`SN-${plate.slice(1)}`);
    await expect(fieldInput(page, '控制台SN').inputValue()).resolves.toBe(`SN-${plate.slice(1)}`);
    await chooseByKeys(page, /所属公司/, COMPANY);
    await chooseByKeys(page, /车型/, '油罐车');
    await typeInto(page, '电话', phone);
    await typeInto(page, '通道数量', '4');
    await chooseByKeys(page, /时区/, 'UTC+08:00（北京时间）');
    await typeInto(page, '载重(吨)', '30');
    await typeInto(page, '挂车数量', '0');
    await typeInto(page, '仓数', '3');
    await typeInto(page, '流量计数量', '1');
    await typeInto(page, '城市', '上海');
    await chooseByKeys(page, /车牌颜色/, '黄色');
    await typeInto(page, '车身颜色', '白');
  }

  it('adds a truck with the keyboard and finds it by its plate', async () => {
    const page = await screen(TRUCK, 'signCode');
    await fillTruck(page, '京QE2E01', '13912345678');
    await fieldInput(page, '车身颜色').press('Enter');
    await dialog(page).waitFor({ state: 'detached' });

    await onScreen(page).getByRole('searchbox', { name: '车牌号' }).or(onScreen(page).getByRole('textbox', { name: '车牌号' })).fill('QE2E01');
    await onScreen(page).getByRole('button', { name: '查询' }).click();
    await expect.poll(() => total(page).textContent()).toBe(translate('zh', 'entity.total', { count: 1 }));
    const row = dataRows(page).first();
    await expect.poll(() => cell(row, 'signCode').textContent()).toBe('京QE2E01');
    expect(await cell(row, 'model').textContent()).toBe('油罐车');
    expect(await cell(row, 'plateColor').textContent()).toBe('黄色');
    expect(await cell(row, 'phone').textContent()).toBe('13912345678');
    await page.close();
  });

  it('refuses an existing plate under the plate field and adds nothing', async () => {
    const page = await screen(TRUCK, 'signCode');
    await expect.poll(() => total(page).textContent()).toMatch(/\d/);
    const before = await total(page).textContent();
    const existing = String(await cell(dataRows(page).first(), 'signCode').textContent());
    await fillTruck(page, existing, '13912345679');
    await dialog(page).getByRole('button', { name: '保存' }).click();
    await expect.poll(() => messageOf(page, 'signCode').textContent()).toBe(translate('zh', 'validation.hasExisted', { field: '车牌号' }));
    expect(await messageOf(page, 'signCode').textContent()).toBe('车牌号已存在');
    // The cursor is put on the refused field.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('signCode');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await page.reload();
    await expect.poll(() => total(page).textContent()).toBe(before);
    await page.close();
  });

  it('refuses a 10-digit terminal phone under its field and sends nothing', async () => {
    const page = await screen(TRUCK, 'signCode');
    const saves = countSaves(page, TRUCK);
    await fillTruck(page, '京QE2E02', '1391234567');
    // Leaving the field shows its message at once.
    await fieldInput(page, '电话').focus();
    await page.keyboard.press('Tab');
    const phoneMessage = translate('zh', 'validation.phone');
    await expect.poll(() => messageOf(page, 'phone').textContent()).toBe(phoneMessage);
    await dialog(page).getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phone');
    expect(await messageOf(page, 'phone').textContent()).toBe(phoneMessage);
    expect(await fieldInput(page, '电话').getAttribute('aria-invalid')).toBe('true');
    expect(saves()).toBe(0);
    await expect(dialog(page).isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('refuses a 2 MB photo, shows a small PNG as a thumbnail, and saves a default truck chosen by part of its plate', async () => {
    const truck = await consoleUnderTest.reports.server.services.db.selectFrom('truck').select('signCode').where('companyCode', '=', 'C002').orderBy('id').executeTakeFirstOrThrow();
    const plate = truck.signCode;
    const page = await screen(DRIVER, 'name');
    await onScreen(page).getByRole('button', { name: '新增' }).click();
    const photo = dialog(page).locator('[data-field="photo"] input[type="file"]');
    const saves = countSaves(page, DRIVER);

    await photo.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024, 0x41) });
    await expect.poll(() => messageOf(page, 'photo').textContent()).toBe(translate('zh', 'validation.photoSize'));
    expect(await dialog(page).locator('.entity-photo__thumb').count()).toBe(0);

    // A real PNG of 90×120, drawn by the browser itself.
    const small = await page.screenshot({ clip: { x: 0, y: 0, width: 90, height: 120 }, type: 'png' });
    await photo.setInputFiles({ name: 'driver.png', mimeType: 'image/png', buffer: small });
    const thumb = dialog(page).locator('img.entity-photo__thumb');
    await thumb.waitFor({ state: 'attached' });
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(saves()).toBe(0);

    await typeInto(page, '名称', '测试司机甲');
    await typeInto(page, '编码', 'E2E0001');
    await chooseByKeys(page, /性别/, '男');
    const first17 = '11010119900307123';
    await typeInto(page, '身份证号', `${first17}${idCardCheckChar(first17) ?? ''}`);
    await typeInto(page, '手机', '13800138000');
    await chooseByKeys(page, /所属公司/, COMPANY);

    // The default truck: typing part of the plate asks the truck list; the one match is taken by the keyboard.
    const reference = dialog(page).getByRole('combobox', { name: '默认车辆' });
    await reference.focus();
    await page.keyboard.type(plate.slice(1));
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.allTextContents()).toEqual([plate]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => reference.inputValue()).toBe(plate);

    await dialog(page).getByRole('button', { name: '保存' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(saves()).toBe(1);
    await onScreen(page).getByRole('searchbox', { name: '名称' }).or(onScreen(page).getByRole('textbox', { name: '名称' })).fill('测试司机甲');
    await onScreen(page).getByRole('button', { name: '查询' }).click();
    await expect.poll(() => total(page).textContent()).toBe(translate('zh', 'entity.total', { count: 1 }));
    const row = dataRows(page).first();
    await expect.poll(() => cell(row, 'truckId').textContent()).toBe(plate);

    // The saved photo comes back with the row.
    await grid(page).getByRole('button', { name: '编辑 测试司机甲' }).click();
    await expect.poll(() => dialog(page).locator('img.entity-photo__thumb').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await page.close();
  });

  it('edits a device and disables it after the prompt', async () => {
    const page = await consoleUnderTest.admin.newPage();
    await page.goto(`${url()}${DEVICE}`);
    await expect.poll(() => total(page).textContent()).toMatch(/\d/);
    const name = 'E2E测试终端';
    await onScreen(page).getByRole('button', { name: '新增' }).click();
    await typeInto(page, '名称', name);
    await typeInto(page, '编码', 'E2EDEV01');
    await chooseByKeys(page, /类型/, '通用');
    await fieldInput(page, '生产厂家').focus();
    await page.keyboard.type('原厂家');
    await dialog(page).getByLabel('安装日期').fill('2024-05-01');
    await chooseByKeys(page, /所属公司/, COMPANY);
    await fieldInput(page, '生产厂家').press('Enter');
    await dialog(page).waitFor({ state: 'detached' });

    await onScreen(page).getByRole('searchbox', { name: '编码' }).or(onScreen(page).getByRole('textbox', { name: '编码' })).fill('E2EDEV01');
    await onScreen(page).getByRole('button', { name: '查询' }).click();
    await expect.poll(() => total(page).textContent()).toBe(translate('zh', 'entity.total', { count: 1 }));
    const row = dataRows(page).first();
    await expect.poll(() => cell(row, 'installDate').textContent()).toBe('2024-05-01');

    await grid(page).getByRole('button', { name: `编辑 ${name}` }).click();
    await expect(dialog(page).getByLabel('安装日期').inputValue()).resolves.toBe('2024-05-01');
    await typeInto(page, '生产厂家', '测试厂家');
    await fieldInput(page, '生产厂家').press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => cell(dataRows(page).first(), 'manufacturer').textContent()).toBe('测试厂家');

    await grid(page).getByRole('button', { name: `停用 ${name}` }).click();
    const prompt = page.getByRole('alertdialog');
    await prompt.getByText(`确定停用“${name}”吗？`).waitFor();
    await prompt.getByRole('button', { name: translate('zh', 'entity.confirm') }).click();
    await expect.poll(() => cell(dataRows(page).first(), 'status').textContent()).toBe('停用');
    await grid(page).getByRole('button', { name: `启用 ${name}` }).waitFor();
    await page.close();
  });

  it('creates a user with a role and a confirmed password, who can then log in; a reset asks first', async () => {
    const page = await screen(USER, 'userName');
    await onScreen(page).getByRole('button', { name: '新增' }).click();
    await typeInto(page, '用户名', 'e2e_user');
    await typeInto(page, '真实姓名', '测试用户');
    const role = dialog(page).getByRole('combobox', { name: '角色' });
    await role.focus();
    await page.keyboard.type('调度');
    await expect.poll(() => page.getByRole('listbox').getByRole('option').allTextContents()).toEqual(['调度员']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => role.inputValue()).toBe('调度员');
    await chooseByKeys(page, /所属公司/, COMPANY);

    // Password inputs have no textbox role; each is found in its field.
    const password = dialog(page).locator('[data-field="password"] input[type="password"]');
    const confirmation = dialog(page).locator('[data-field="passwordConfirm"] input[type="password"]');
    await password.fill('secret12');
    await confirmation.fill('secret13');
    await confirmation.press('Tab');
    const mismatch = translate('zh', 'validation.passwordMismatch');
    await expect.poll(() => messageOf(page, 'passwordConfirm').textContent()).toBe(mismatch);
    const saves = countSaves(page, USER);
    await dialog(page).getByRole('button', { name: '保存' }).click();
    expect(await messageOf(page, 'passwordConfirm').textContent()).toBe(mismatch);
    expect(saves()).toBe(0);

    await confirmation.fill('secret12');
    await confirmation.press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    expect(saves()).toBe(1);
    const loginWith = (secret: string) => call<LoginAnswer>(url(), 'POST', '/login', { form: { username: 'e2e_user', password: secret, ip: '', area: '' } });
    expect((await loginWith('secret12')).resultCode).toBe(200);

    await onScreen(page).getByRole('searchbox', { name: '用户名' }).or(onScreen(page).getByRole('textbox', { name: '用户名' })).fill('e2e_user');
    await onScreen(page).getByRole('button', { name: '查询' }).click();
    await expect.poll(() => total(page).textContent()).toBe(translate('zh', 'entity.total', { count: 1 }));
    // The total and the grid's rows are rendered apart: the first row may still be the unfiltered list's for a moment.
    await expect.poll(() => cell(dataRows(page).first(), 'roleId').textContent()).toBe('调度员');

    // The reset asks before any password is typed; cancelling changes nothing.
    await grid(page).getByRole('button', { name: '重置密码 e2e_user' }).click();
    const prompt = page.getByRole('alertdialog');
    await prompt.getByText('确定重置用户“e2e_user”的密码吗？').waitFor();
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    await prompt.getByRole('button', { name: '取消' }).click();
    await prompt.waitFor({ state: 'detached' });

    await grid(page).getByRole('button', { name: '重置密码 e2e_user' }).click();
    await prompt.getByRole('button', { name: '确定' }).click();
    await dialog(page).getByLabel('新密码').fill('another34');
    await dialog(page).getByLabel('确认密码').fill('another34');
    await dialog(page).getByRole('button', { name: '提交' }).click();
    await page.getByRole('alertdialog').getByText(translate('zh', 'account.resetDone')).waitFor();
    expect((await loginWith('secret12')).resultCode).not.toBe(200);
    expect((await loginWith('another34')).resultCode).toBe(200);
    await page.close();
  });
});
