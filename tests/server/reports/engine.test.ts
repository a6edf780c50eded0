// The report engine's contract on the seeded fleet: paging, sorting, filters, the caller's companies, access, every
// limit with its message in zh and en, summaries over the whole query, the export file, and unsealing handling.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARGO_REPORTS } from '../../../domain/screens/reports/cargo';
import { EXPORT_WARN_ROWS } from '../../../domain/constants';
import { chinaYear, yearRange } from '../../../domain/screens/reports/query';
import { reportCallPath } from '../../../domain/screens/reports/registry';
import { DAY_MS } from '../../../domain/format/time';
import type { ReportRow } from '../../../domain/screens/reports/wire';
import { call } from '../../helpers/api';
import { startSeededServer, type SeededServer } from './seeded-server';

const flow = CARGO_REPORTS['/cargo_monitor/event_report/switch_cover_flow'];
const truckLoss = CARGO_REPORTS['/cargo_monitor/data_analysis/truck_loss'];
const coverAlarms = CARGO_REPORTS['/cargo_monitor/exception_report/alarm_switch_cover'];
const tanks = CARGO_REPORTS['/cargo_monitor/event_report/tank_inventory'];
const atg = CARGO_REPORTS['/cargo_monitor/event_report/atg_unload'];
const oilLoss = CARGO_REPORTS['/cargo_monitor/data_analysis/oil_loss'];

describe('the report engine', () => {
  let seeded: SeededServer;
  let now = 0;
  const month = () => ({ startTime: now - 30 * DAY_MS, endTime: now });

  beforeAll(async () => {
    seeded = await startSeededServer();
    now = Date.now();
  }, 120_000);
  afterAll(async () => seeded.server.close());

  it('pages without overlap, newest first, with one total', async () => {
    const first = await seeded.page(flow, 'admin', { page: 1, size: 50 });
    const second = await seeded.page(flow, 'admin', { page: 2, size: 50 });
    expect(first.data.rows).toHaveLength(50);
    expect(second.data.total).toBe(first.data.total);
    const ids = new Set(first.data.rows.map((row) => row.id));
    expect(second.data.rows.some((row) => ids.has(row.id))).toBe(false);
    const times = [...first.data.rows, ...second.data.rows].map((row) => Number(row['startTime']));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.data.hasMore).toBe(true);
    const lastPage = Math.ceil(first.data.total / 50);
    const last = await seeded.page(flow, 'admin', { page: lastPage, size: 50 });
    expect(last.data.rows).toHaveLength(first.data.total - (lastPage - 1) * 50);
    expect(last.data.hasMore).toBe(false);
  });

  it('gives every row its own id where one event is a row per compartment, across pages too', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => seeded.page(tanks, 'admin', { page, size: 200 })));
    const rows = pages.flatMap((page) => page.data.rows);
    expect(rows).toHaveLength(600);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    // One reading's compartments stay together, in order, newest reading first.
    const first = rows.filter((row) => row['startTime'] === rows[0]?.['startTime'] && row['signCode'] === rows[0]?.['signCode']);
    expect(first.length).toBeGreaterThan(1);
  });

  it('sorts by any sortable column, both ways', async () => {
    const up = await seeded.page(flow, 'admin', { sort: 'duration', order: 'asc', size: 100 });
    const down = await seeded.page(flow, 'admin', { sort: 'duration', order: 'desc', size: 100 });
    const durations = (rows: readonly ReportRow[]) => rows.map((row) => Number(row['duration']));
    expect(durations(up.data.rows)).toEqual([...durations(up.data.rows)].sort((a, b) => a - b));
    expect(durations(down.data.rows)).toEqual([...durations(down.data.rows)].sort((a, b) => b - a));
    expect(durations(down.data.rows)[0]).toBeGreaterThan(durations(up.data.rows)[0] ?? 0);
  });

  it('narrows to a plate and to a select value', async () => {
    const any = await seeded.page(flow, 'admin', { size: 1 });
    const plate = String(any.data.rows[0]?.['signCode']);
    const onePlate = await seeded.page(flow, 'admin', { signCode: plate, size: 500 });
    expect(onePlate.data.total).toBeGreaterThan(0);
    expect(onePlate.data.total).toBeLessThan(any.data.total);
    expect(new Set(onePlate.data.rows.map((row) => row['signCode']))).toEqual(new Set([plate]));
    const loading = await seeded.page(flow, 'admin', { process: 'loading', size: 500 });
    expect(loading.data.total).toBeGreaterThan(0);
    expect(new Set(loading.data.rows.map((row) => row['process']))).toEqual(new Set(['loading']));
  });

  it("shows an operator only its own company's rows, whatever companies it asks for", async () => {
    const admin = await seeded.page(atg, 'admin', { size: 500 });
    const operator = await seeded.page(atg, 'operator', { size: 500 });
    const companies = new Set(operator.data.rows.map((row) => row['companyName']));
    expect(companies.size).toBe(1);
    expect(operator.data.total).toBeGreaterThan(0);
    expect(operator.data.total).toBeLessThan(admin.data.total);
    const otherCompanies = [...new Set(admin.data.rows.map((row) => row['companyName']))].filter((name) => !companies.has(name));
    expect(otherCompanies.length).toBeGreaterThan(0);
    // Asking for every company code the administrator sees still gives the operator only its own.
    const options = await call<{ companies: { code: string }[] }>(seeded.server.url, 'GET', '/report/options', { token: seeded.tokens.admin });
    const all = options.data.companies.map((company) => company.code).join(',');
    const asked = await seeded.page(atg, 'operator', { companyCodes: all, size: 500 });
    expect(asked.data.total).toBe(operator.data.total);
  });

  it('refuses a role without the cargo functions with 401', async () => {
    const answer = await seeded.page(flow, 'garden');
    expect(answer.resultCode).toBe(401);
  });

  it.each([
    [{ startTime: 2000, endTime: 1000 }, '结束时间不能早于开始时间', 'The end time cannot be before the start time'],
    [{ startTime: 0, endTime: 100 * DAY_MS }, '查询时间范围不能超过92天', 'The time range cannot exceed 92 days'],
    [{ size: 1001 }, '每页最多1000条', 'At most 1000 rows per page'],
    [{ sort: 'password' }, '不能按“password”排序', 'Cannot sort by "password"'],
    [{ process: 'flying' }, '筛选值“flying”无效', 'The filter value "flying" is not valid'],
  ])('refuses %j with its message in zh and en', async (query, zh, en) => {
    const inZh = await seeded.page(flow, 'admin', query, 'zh');
    const inEn = await seeded.page(flow, 'admin', query, 'en');
    expect([inZh.resultCode, inZh.message]).toEqual([400, zh]);
    expect([inEn.resultCode, inEn.message]).toEqual([400, en]);
  });

  it('totals the summary columns over every row of the query, not only the page', async () => {
    const page = await seeded.page(truckLoss, 'admin', { size: 5 });
    const all = await seeded.page(truckLoss, 'admin', { size: 1000 });
    expect(all.data.rows.length).toBe(all.data.total);
    const sum = (key: string) => all.data.rows.reduce((total, row) => total + Number(row[key]), 0);
    expect(page.data.summary?.['trips']).toBe(sum('trips'));
    expect(page.data.summary?.['loss']).toBeCloseTo(sum('loss'), 3);
    // A truck's months are grouped: one row per plate and month.
    const keys = all.data.rows.map((row) => `${String(row['signCode'])}|${String(row['month'])}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('balances each trip compartment: loaded − delivered − loss, a loss rate over its threshold flagged', async () => {
    const { data } = await seeded.page(oilLoss, 'admin', { ...month(), size: 1000 });
    expect(data.rows.length).toBeGreaterThan(100);
    for (const row of data.rows) {
      const [loaded, delivered, loss, balance] = ['loaded', 'delivered', 'loss', 'balance'].map((key) => Number(row[key]));
      expect(balance).toBeCloseTo((loaded ?? 0) - (delivered ?? 0) - (loss ?? 0), 6);
      expect(row['overThreshold']).toBe(Math.abs(Number(row['lossRate'])) > Number(row['lossThreshold']) ? 1 : 0);
    }
    expect(data.rows.some((row) => row['overThreshold'] === 1)).toBe(true);
    expect(data.rows.some((row) => row['overThreshold'] === 0)).toBe(true);
    // A truck's months on truck_loss (this year) are the sums of its trips' balances.
    const first = data.rows[0];
    const months = await seeded.page(truckLoss, 'admin', { signCode: String(first?.['signCode']), size: 100 });
    const total = (rows: readonly ReportRow[], key: string) => rows.reduce((sum, row) => sum + Number(row[key]), 0);
    const trips = await seeded.page(oilLoss, 'admin', { ...yearRange(chinaYear(now)), signCode: String(first?.['signCode']), size: 1000 });
    expect(total(months.data.rows, 'balance')).toBeCloseTo(total(trips.data.rows, 'balance'), 3);
  });

  it('exports the chosen columns in the posted order with real dates, fitted widths and a frozen header', async () => {
    const fields = ['signCode', 'startTime', 'volume', 'stationName'];
    const headers = ['车牌号', '开始时间', '容积Vt(L)', '加油站'];
    const response = await fetch(`${seeded.server.url}/truckmanage/api${reportCallPath(atg)}/export`, {
      method: 'POST',
      headers: { 'header-id': seeded.tokens.admin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ startTime: String(now - DAY_MS), endTime: String(now), headers: headers.join(','), fields: fields.join(','), language: 'zh', fileName: '液位仪卸油' }).toString(),
    });
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('液位仪卸油.xlsx')}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(1).values).toEqual([undefined, ...headers]);
    const expected = await seeded.page(atg, 'admin', { startTime: now - DAY_MS, endTime: now, size: 1000 });
    expect(sheet.rowCount - 1).toBe(expected.data.total);
    const firstRow = sheet.getRow(2);
    expect(firstRow.getCell(1).value).toBe(expected.data.rows[0]?.['signCode']);
    const date = firstRow.getCell(2).value;
    expect(date).toBeInstanceOf(Date);
    // Excel holds China's wall clock: the cell's UTC reading is the row's time 8 hours on.
    expect((date as Date).getTime()).toBe(Number(expected.data.rows[0]?.['startTime']) + 8 * 3600_000);
    expect(firstRow.getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(typeof firstRow.getCell(3).value).toBe('number');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // The date column is wide enough for its 19 characters; the plate column for a plate.
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(19);
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(8);
  });

  it('exports in English with the English date pattern, English texts, and each column as wide as its longest text', async () => {
    const fields = ['signCode', 'startTime', 'oilCode'];
    const headers = ['Plate', 'Start time', 'Product'];
    const response = await fetch(`${seeded.server.url}/truckmanage/api${reportCallPath(atg)}/export`, {
      method: 'POST',
      headers: { 'header-id': seeded.tokens.admin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ startTime: String(now - DAY_MS), endTime: String(now), headers: headers.join(','), fields: fields.join(','), language: 'en' }).toString(),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('mm/dd/yyyy hh:mm:ss');
    const products = new Set<string>();
    sheet.eachRow((row, index) => {
      if (index > 1) products.add(String(row.getCell(3).value));
    });
    expect([...products].every((text) => ['Gasoline', 'Diesel', 'Other'].includes(text))).toBe(true);
    // Widths fit the content: the longest product name (or the header) plus a margin of two.
    const longest = Math.max('Product'.length, ...[...products].map((text) => text.length));
    expect(sheet.getColumn(3).width).toBe(Math.max(6, longest + 2));
    expect(sheet.getColumn(2).width).toBe('mm/dd/yyyy hh:mm:ss'.length + 2);
  });

  it(`refuses an export over ${EXPORT_WARN_ROWS} rows with the shorten-the-range message`, async () => {
    const big = await seeded.page(tanks, 'admin', { ...month(), size: 1 });
    expect(big.data.total).toBeGreaterThan(EXPORT_WARN_ROWS);
    const answer = await call(seeded.server.url, 'POST', `${reportCallPath(tanks)}/export`, {
      token: seeded.tokens.admin,
      form: { startTime: now - 30 * DAY_MS, endTime: now, headers: '车牌号', fields: 'signCode' },
    });
    expect([answer.resultCode, answer.message]).toEqual([400, '导出记录超过10000条，请缩短查询时间范围']);
  });

  it('refuses an export of a field the report does not have', async () => {
    const answer = await call(seeded.server.url, 'POST', `${reportCallPath(atg)}/export`, {
      token: seeded.tokens.admin,
      form: { headers: '密码', fields: 'password' },
    });
    expect(answer.resultCode).toBe(400);
  });

  it('handles selected unsealing events in one call, storing who and when, and shows the state on both screens', async () => {
    const before = await seeded.page(coverAlarms, 'admin', { ...month(), size: 3 });
    const ids = before.data.rows.map((row) => row.id);
    expect(ids).toHaveLength(3);
    const missing = await call<number>(seeded.server.url, 'POST', `${reportCallPath(coverAlarms)}/handling`, {
      token: seeded.tokens.admin, form: { ids: ids.join(','), state: 2 },
    });
    expect([missing.resultCode, missing.message]).toEqual([400, '请填写异常说明']);
    const saved = await call<number>(seeded.server.url, 'POST', `${reportCallPath(coverAlarms)}/handling`, {
      token: seeded.tokens.admin, form: { ids: ids.join(','), state: 2, description: '路边开盖，已核实' },
    });
    expect(saved.data).toBe(3);
    const after = await seeded.page(coverAlarms, 'admin', { ...month(), size: 3 });
    for (const row of after.data.rows) {
      expect(row).toMatchObject({ handlingState: 2, handlingDescription: '路边开盖，已核实', handler: 'admin' });
      expect(Number(row['handledAt'])).toBeGreaterThanOrEqual(now);
    }
    const abnormalOnly = await seeded.page(CARGO_REPORTS['/cargo_monitor/event_report/switchCover'], 'admin', { ...month(), handlingState: 2, size: 50 });
    expect(abnormalOnly.data.rows.map((row) => row.id).sort()).toEqual([...ids].sort());
  });

  it("does not let an operator handle another company's events", async () => {
    const admin = await seeded.page(coverAlarms, 'admin', { ...month(), size: 500 });
    const operator = await seeded.page(coverAlarms, 'operator', { ...month(), size: 500 });
    const own = new Set(operator.data.rows.map((row) => row.id));
    const foreign = admin.data.rows.filter((row) => !own.has(row.id)).slice(0, 2).map((row) => row.id);
    expect(foreign).toHaveLength(2);
    const answer = await call<number>(seeded.server.url, 'POST', `${reportCallPath(coverAlarms)}/handling`, {
      token: seeded.tokens.operator, form: { ids: foreign.join(','), state: 1 },
    });
    expect(answer.data).toBe(0);
  });
});

