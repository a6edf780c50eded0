// The indicator dashboards in Chromium over the seeded 30-day fleet: as admin, safe_target shows the figures the
// server counts for the last 30 days, the past day changes the URL and the figures to the server's past-day counts,
// a figure's link opens its report screen over the same span, and device_target shows its figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { INDICATORS } from '../../../domain/screens/indicators/dashboards';
import type { IndicatorPath, IndicatorRange } from '../../../domain/screens/indicators/definition';
import { indicatorCallPath, type IndicatorAnswer } from '../../../domain/screens/indicators/wire';
import { call, login } from '../../helpers/api';
import { launchBrowser } from '../../helpers/browser';
import { loginAs, newUserPage, requireBuiltConsole } from '../../helpers/console';
import { seededFleetDatabase } from '../../helpers/seeded-fleet';
import { startServer, type RunningServer } from '../../helpers/server';
import { dismissNotices, FLEET } from '../reports/report-fixture';

const SAFE = '/monitor/safe_target';
const DEVICE = '/monitor/device_target';

describe('the indicator dashboards in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    server = await startServer({ staticDir: requireBuiltConsole(), database: await seededFleetDatabase(FLEET) });
    const admin = await login(server.url, 'admin');
    if (!admin) throw new Error('admin login failed');
    token = admin.token;
    browser = await launchBrowser();
    ({ page } = await newUserPage(browser, server.url));
    await loginAs(page, server.url, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const view = () => page.locator('.view:not([hidden])');
  const totals = (path: IndicatorPath) => Promise.all(INDICATORS[path].figures.map(async (figure) => (await view().getByTestId(`figure-total-${figure.key}`).textContent()) ?? ''));
  const serverTotals = async (path: IndicatorPath, range: IndicatorRange) => {
    const answer = await call<IndicatorAnswer>(server.url, 'GET', indicatorCallPath(path), { token, query: { range } });
    return INDICATORS[path].figures.map((figure) => String(answer.data.figures[figure.key]?.total ?? ''));
  };

  it('shows safe_target over the last 30 days with the server counts', async () => {
    await page.goto(`${server.url}${SAFE}`);
    await view().getByTestId('indicator-figures').waitFor();
    await dismissNotices(page);
    const expected = await serverTotals(SAFE, '30d');
    expect(expected.some((value) => Number(value) > 0)).toBe(true);
    await expect.poll(() => totals(SAFE)).toEqual(expected);
    await view().getByTestId('report-chart').locator('canvas').waitFor();
    expect(await view().locator('.indicator-figure__top li').count()).toBeGreaterThan(0);
  });

  it('switches to the past day: the URL keeps it and the figures are the server past-day counts', async () => {
    const month = await totals(SAFE);
    await view().getByRole('tab', { name: '过去一天' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('range')).toBe('1d');
    const expected = await serverTotals(SAFE, '1d');
    await expect.poll(() => totals(SAFE)).toEqual(expected);
    expect(expected).not.toEqual(month);
    await page.reload();
    await expect.poll(() => totals(SAFE)).toEqual(expected);
    expect(await view().getByRole('tab', { name: '过去一天' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens a figure report screen over the same span', async () => {
    const link = view().getByTestId('figure-link-cargoAlarms');
    const href = (await link.getAttribute('href')) ?? '';
    const wanted = new URLSearchParams(href.split('?')[1]);
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/cargo_monitor/data_analysis/adnormal_proportion');
    await view().locator('[data-report="/cargo_monitor/data_analysis/adnormal_proportion"]').waitFor();
    const shown = new URL(page.url()).searchParams;
    expect(shown.get('startTime')).toBe(wanted.get('startTime'));
    expect(shown.get('endTime')).toBe(wanted.get('endTime'));
  });

  it('shows device_target with the server counts', async () => {
    await page.goto(`${server.url}${DEVICE}`);
    await view().getByTestId('indicator-figures').waitFor();
    await expect.poll(() => totals(DEVICE)).toEqual(await serverTotals(DEVICE, '30d'));
  });
});
