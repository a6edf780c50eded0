// Bulk import from a definition's template on both databases: the template's header (labels, required marked, the
// choice lists), a filled template imported in one go, and any bad row (a stored code, a missing field, a company not
// the caller's, a value repeated within the file) importing nothing and listed by row, column and message in zh and
// en; the file's own limits; and the time a 1,000-row station import takes.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../domain/i18n';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { entityFor } from '../../../domain/screens/entities/registry';
import {
  isImportable, isSheetField, TRANSFER_LIMITS, XLSX_TYPE, type ImportDone, type ImportRefusal,
} from '../../../domain/screens/entities/transfer';
import type { EntityRow } from '../../../domain/screens/entities/wire';
import { DEFS, nameOf, startEntityServer, validInput, type EntityServer } from './entity-server';
import { fillTemplate, postForDownload, sheetTexts, upload, workbookOf } from './transfer-calls';

const STATION = entityFor('/setting/base_data/station') as EntityDef;
const KEYS = STATION.fields.filter(isSheetField).map((field) => field.key);
/** 东城油品运输有限公司 is C002, one of the manager's companies; C005 is not. */
const C002_NAME = '东城油品运输有限公司';

/** Values of field types the shared fixture may not make yet: a valid ID number (its check digit) and a day. */
const FALLBACK: Readonly<Record<string, string>> = { idCard: '11010519491231002X', date: '2024-03-05' };

const stationRow = (tag: string, extra: Readonly<Record<string, string>> = {}): Record<string, string> => ({
  name: `导入站${tag}`, code: `IMP${tag}`, shortName: `导${tag}`, companyCode: C002_NAME, address: `地址${tag}`,
  phone: '021-5555', safeRange: '120', lng: '121.45', lat: '31.23', ...extra,
});

describe('entity import', () => {
  let api: EntityServer;
  let templates: Record<'zh' | 'en', Buffer>;

  beforeAll(async () => {
    api = await startEntityServer();
    const template = async (lang: 'zh' | 'en') => (await postForDownload(api.server.url, api.token('manager'), STATION, 'template', { language: lang, fileName: 't.xlsx' }, lang)).body;
    templates = { zh: await template('zh'), en: await template('en') };
  });
  afterAll(async () => api.close());

  const codes = async (): Promise<string[]> => (await api.all(STATION, 'admin')).map((row) => String(row.values['code']));
  const importRows = async (rows: readonly Record<string, string>[], lang: 'zh' | 'en' = 'zh') =>
    upload<ImportDone | ImportRefusal>(api.server.url, api.token('manager'), STATION, await fillTemplate(templates[lang], KEYS, rows), lang);

  it('offers a template: the labels in the caller language, required ones marked, choices of the caller companies', async () => {
    const answer = await postForDownload(api.server.url, api.token('manager'), STATION, 'template', { fileName: '加油站导入模板.xlsx' });
    expect(answer.contentType).toBe(XLSX_TYPE);
    const [zhHeader] = await sheetTexts(templates.zh);
    expect(zhHeader).toEqual(['*名称', '*编码', '*简称', '*所属公司', '地址', '电话', '*安全范围(米)', '*经度', '*纬度']);
    const [enHeader] = await sheetTexts(templates.en);
    expect(enHeader?.[3]).toBe('*Company');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(templates.zh as unknown as ExcelJS.Buffer);
    const validation = workbook.worksheets[0]?.getCell('D2').dataValidation;
    expect(validation?.type).toBe('list');
    const choices = workbook.getWorksheet('choices');
    const names = (choices?.getColumn(1).values ?? []).filter((value) => typeof value === 'string');
    expect(names).toContain(C002_NAME);
    expect(names).toHaveLength(4);
  });

  it('imports a filled template: every row, enabled at version 1, stamped with the importer', async () => {
    const before = Date.now();
    const answer = await importRows([stationRow('001'), stationRow('002', { companyCode: 'C003' }), stationRow('003', { address: '', phone: '' })]);
    expect(answer).toEqual({ resultCode: 200, message: expect.any(String), data: { imported: 3 } });
    const rows = (await api.all(STATION, 'admin')).filter((row) => String(row.values['code']).startsWith('IMP00'));
    expect(rows.map((row) => row.values)).toEqual([
      { name: '导入站001', code: 'IMP001', shortName: '导001', companyCode: 'C002', address: '地址001', phone: '021-5555', safeRange: 120, lng: 121.45, lat: 31.23 },
      expect.objectContaining({ code: 'IMP002', companyCode: 'C003' }),
      expect.objectContaining({ code: 'IMP003', address: null, phone: null }),
    ]);
    for (const row of rows) expect(row).toMatchObject({ status: 1, version: 1, modifiedBy: 'manager' });
    expect(rows[0]?.modifiedAt).toBeGreaterThanOrEqual(before);
  });

  it('imports an English template, a company by its code', async () => {
    const answer = await importRows([stationRow('EN1', { companyCode: 'C004', name: 'Import station EN1' })], 'en');
    expect(answer.data).toEqual({ imported: 1 });
  });

  it.each(['zh', 'en'] as const)('imports nothing when one row is bad, listing each row and column with its message (%s)', async (lang) => {
    // A code C002 holds: the rows below are C002's (a code is unique within its company).
    const stored = String((await api.all(STATION, 'admin')).find((row) => row.values['companyCode'] === 'C002')?.values['code'] ?? '');
    const before = await codes();
    const answer = await importRows([
      stationRow(`B1${lang}`),
      stationRow(`B2${lang}`, { code: stored }),
      stationRow(`B3${lang}`, { shortName: '' }),
      stationRow(`B4${lang}`, { companyCode: 'C005' }),
      stationRow(`B5${lang}`, { safeRange: '-3', lat: '91' }),
    ], lang);
    const t = (key: Parameters<typeof translate>[1], params?: Readonly<Record<string, string | number>>) => translate(lang, key, params);
    const label = (key: string) => t(STATION.fields.find((field) => field.key === key)?.labelKey ?? 'entity.none');
    expect(answer.resultCode).toBe(400);
    expect(answer.message).toBe(t('entityTransfer.refused', { count: 4 }));
    expect(answer.data).toEqual({
      rows: 4,
      more: 0,
      problems: [
        { row: 3, field: 'code', label: label('code'), message: t('validation.hasExisted', { field: label('code') }) },
        { row: 4, field: 'shortName', label: label('shortName'), message: t('validation.required') },
        { row: 5, field: 'companyCode', label: label('companyCode'), message: t('validation.option') },
        { row: 6, field: 'safeRange', label: label('safeRange'), message: t('validation.nonNegativeInteger') },
        { row: 6, field: 'lat', label: label('lat'), message: t('validation.range', { min: -90, max: 90 }) },
      ],
    });
    expect(await codes()).toEqual(before);
  });

  it('refuses values repeated within the file, naming the row that has them first', async () => {
    const before = await codes();
    const answer = await importRows([stationRow('D1'), stationRow('D2', { name: '导入站D1' }), stationRow('D1', { name: '导入站D3' })], 'en');
    expect(answer.data).toEqual({
      rows: 2,
      more: 0,
      problems: [
        { row: 3, field: 'name', label: 'Name', message: 'Name repeats row 2' },
        { row: 4, field: 'code', label: 'Code', message: 'Code repeats row 2' },
      ],
    });
    expect(await codes()).toEqual(before);
  });

  it('refuses a file that is no workbook, too large, empty, or whose columns are not the template', async () => {
    const en = (body: Uint8Array, contentType?: string) => upload(api.server.url, api.token('manager'), STATION, body, 'en', contentType);
    expect(await en(Buffer.from('not a workbook'))).toEqual({ resultCode: 400, message: 'The file cannot be read: use the .xlsx import template', data: null });
    expect(await en(Buffer.alloc(TRANSFER_LIMITS.importBytes + 1))).toEqual({ resultCode: 413, message: 'The file must be at most 5 MB', data: null });
    expect(await en(templates.zh)).toEqual({ resultCode: 400, message: 'The file has no data rows', data: null });
    const odd = await en(await workbookOf([['名称', '编码', 'Colour'], ['x', 'y', 'z']]), 'application/octet-stream');
    expect(odd.resultCode).toBe(400);
    expect((odd.data as ImportRefusal).problems).toEqual([
      { row: 1, field: '', label: 'Colour', message: 'Unknown column "Colour": use the import template' },
    ]);
    const missing = await en(await workbookOf([['名称', '编码'], ['x', 'y']]));
    expect((missing.data as ImportRefusal).problems.map((problem) => problem.message)).toEqual([
      'The required column "Short name" is missing', 'The required column "Company" is missing', 'The required column "Safe range (m)" is missing',
      'The required column "Longitude" is missing', 'The required column "Latitude" is missing',
    ]);
    const [header = []] = await sheetTexts(templates.zh);
    const rows = Array.from({ length: TRANSFER_LIMITS.importRows + 1 }, (_, index) => [`n${index}`]);
    expect(await en(await workbookOf([header, ...rows]))).toEqual({ resultCode: 400, message: 'At most 10000 rows can be imported at once: split the file', data: null });
  });

  it('answers 401 to a role without the function', async () => {
    const answer = await upload(api.server.url, api.token('operator'), STATION, await fillTemplate(templates.zh, KEYS, [stationRow('X1')]), 'en');
    expect(answer).toEqual({ resultCode: 401, message: 'You have no access to this function', data: null });
  });

  it.each(DEFS.filter(isImportable).map((def) => [nameOf(def), def] as const))('round-trips a filled %s template', async (_name, def) => {
    const template = (await postForDownload(api.server.url, api.token('manager'), def, 'template', {})).body;
    const keys = def.fields.filter(isSheetField).map((field) => field.key);
    // A reference is optional everywhere it appears; the fixture's valid values leave it empty.
    const row = (tag: string) => {
      const values = validInput(def, tag);
      return Object.fromEntries(def.fields.filter((field) => field.type !== 'reference').map((field) => [field.key, values[field.key] ?? FALLBACK[field.type] ?? '']));
    };
    const answer = await upload(api.server.url, api.token('manager'), def, await fillTemplate(template, keys, [row('a1'), row('b2')]));
    expect(answer.data).toEqual({ imported: 2 });
  });

  it('imports 1,000 stations in one go, and says how long it took', async () => {
    const rows = Array.from({ length: 1000 }, (_, index) => stationRow(`K${String(index).padStart(4, '0')}`, { companyCode: index % 2 === 0 ? 'C002' : C002_NAME }));
    const file = await fillTemplate(templates.zh, KEYS, rows);
    const started = performance.now();
    const answer = await upload(api.server.url, api.token('manager'), STATION, file);
    const took = performance.now() - started;
    console.info(`1,000-row station import: ${took.toFixed(0)} ms (${file.length} bytes)`);
    expect(answer.data).toEqual({ imported: 1000 });
    const imported = await api.list(STATION, 'admin', { code: 'IMPK', size: 1000 });
    expect(imported.data.total).toBe(1000);
    expect(imported.data.rows.every((row: EntityRow) => row.values['companyCode'] === 'C002' && row.version === 1)).toBe(true);
    expect(took).toBeLessThan(10_000);
  });
});
