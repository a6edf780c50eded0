// Export of a master-data list (spec params §7) on both databases: the .xlsx holds the list's rows in the list's
// order as the grid shows them (a company by its name, the status by its label), under the posted headers; the search
// and the caller's companies apply as they do to the list; an unknown column is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../domain/i18n';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { entityFor } from '../../../domain/screens/entities/registry';
import { XLSX_TYPE } from '../../../domain/screens/entities/transfer';
import type { EntityRow } from '../../../domain/screens/entities/wire';
import type { ReportOptions } from '../../../domain/screens/reports/wire';
import { call } from '../../helpers/api';
import { DEFS, nameOf, savedRow, startEntityServer, validInput, type DemoUser, type EntityServer } from './entity-server';
import { postForDownload, sheetTexts } from './transfer-calls';

const STATION = entityFor('/setting/base_data/station') as EntityDef;
const META = ['status', 'modifiedBy', 'modifiedAt'];

/** The form the console posts: the list columns' keys and headers (in zh), language and file name, and the search. */
function exportForm(def: EntityDef, search: Readonly<Record<string, string>> = {}): Record<string, string> {
  // A record without status or version has none of those columns.
  const fields = [...def.fields.filter((field) => field.list === true).map((field) => field.key), ...(def.unstamped === true ? [] : META)];
  const headers = fields.map((key) => {
    const field = def.fields.find((candidate) => candidate.key === key);
    return field ? translate('zh', field.labelKey) : translate('zh', `entity.${key}` as 'entity.status');
  });
  return { ...search, fields: fields.join(','), headers: headers.join(','), language: 'zh', fileName: `${nameOf(def)}_导出.xlsx` };
}

describe('entity export', () => {
  let api: EntityServer;
  let companyNames: Map<string, string>;

  beforeAll(async () => {
    api = await startEntityServer();
    const options = await call<ReportOptions>(api.server.url, 'GET', '/report/options', { token: api.token('admin') });
    companyNames = new Map(options.data.companies.map((company) => [company.code, company.name]));
  });
  afterAll(async () => api.close());

  const exported = async (def: EntityDef, user: DemoUser, search: Readonly<Record<string, string>> = {}) => {
    const answer = await postForDownload(api.server.url, api.token(user), def, 'export', exportForm(def, search));
    expect(answer.contentType).toBe(XLSX_TYPE);
    return { answer, rows: await sheetTexts(answer.body) };
  };

  /** The list's rows (every page, as asked) in the texts the sheet should hold for the code, company and status. */
  const listed = async (def: EntityDef, user: DemoUser, search: Readonly<Record<string, string>> = {}): Promise<EntityRow[]> => {
    const answer = await api.list(def, user, { size: 1000, ...search });
    expect(answer.resultCode).toBe(200);
    return [...answer.data.rows];
  };

  it.each(DEFS.map((def) => [nameOf(def), def] as const))('exports every %s row of the list, in its order, under the posted headers', async (_name, def) => {
    const form = exportForm(def);
    const { answer, rows } = await exported(def, 'admin');
    expect(answer.disposition).toContain(`filename*=UTF-8''${encodeURIComponent(form['fileName'] ?? '')}`);
    const [header, ...body] = rows;
    expect(header).toEqual(form['headers']?.split(','));
    const list = await listed(def, 'admin');
    expect(body.length).toBe(list.length);
    const fields = form['fields']?.split(',') ?? [];
    body.forEach((cells, index) => {
      const row = list[index];
      if (!row) throw new Error('fewer list rows');
      fields.forEach((key, column) => {
        const field = def.fields.find((candidate) => candidate.key === key);
        const value = key === 'status' ? translate('zh', row.status === 1 ? 'entity.enabled' : 'entity.disabled') : key === 'modifiedBy' ? row.modifiedBy : row.values[key];
        if (key === 'modifiedAt') expect(cells[column] !== '', `${def.path} row ${index} modifiedAt`).toBe(row.modifiedAt !== null);
        else if (field?.type === 'company') expect(cells[column]).toBe(value === null ? '' : (companyNames.get(String(value)) ?? String(value)));
        else if (field?.type === 'dateTime') expect(cells[column] !== '', `${def.path} row ${index} ${key}`).toBe(value !== null);
        else if (field?.type === 'select' || field?.type === 'date') expect(cells[column] === '').toBe(value === null);
        else if (field?.type === 'latitude' || field?.type === 'longitude' || field?.type === 'integer') expect(Number(cells[column])).toBe(value);
        else expect(cells[column], `${def.path} row ${index} ${key}`).toBe(value === null ? '' : String(value));
      });
    });
  });

  it('honours the search: a code part, and a company', async () => {
    const [first] = await listed(STATION, 'admin');
    const part = String(first?.values['code']).slice(0, 4);
    for (const search of [{ code: part }, { companyCode: 'C002' }] as Record<string, string>[]) {
      const { rows } = await exported(STATION, 'admin', search);
      const list = await listed(STATION, 'admin', search);
      expect(list.length).toBeGreaterThan(0);
      expect(rows.slice(1).map((cells) => cells[1])).toEqual(list.map((row) => row.values['code']));
    }
  });

  it("holds only the caller's companies' rows", async () => {
    // A station of a company the manager does not have.
    savedRow(await api.create(STATION, 'admin', validInput(STATION, 'export-c005', 'C005')));
    const { rows } = await exported(STATION, 'manager');
    const mine = await listed(STATION, 'manager');
    const all = await listed(STATION, 'admin');
    expect(mine.length).toBeLessThan(all.length);
    expect(rows.slice(1).map((cells) => cells[1])).toEqual(mine.map((row) => row.values['code']));
  });

  it('refuses a column the list does not show, and a role without the function', async () => {
    const form = { ...exportForm(STATION), fields: 'code,secret', headers: '编码,秘密' };
    const refused = await call(api.server.url, 'POST', '/entity/setting/base_data/station/export', { token: api.token('admin'), form, lang: 'en' });
    expect(refused.resultCode).toBe(400);
    const denied = await call(api.server.url, 'POST', '/entity/setting/base_data/station/export', { token: api.token('operator'), form: exportForm(STATION), lang: 'en' });
    expect(denied).toEqual({ resultCode: 401, message: 'You have no access to this function', data: null });
  });
});
