// The threshold screen's seal-break count and open value (params spec §5: non-negative integers), on both databases:
// saved and listed with the company's other thresholds, left empty on a row that gives none, refused when negative or
// not whole in zh and en, and exported under their labels like the screen's other fields (the threshold screens have no
// bulk import: only station, truck and driver do, docs/entity-import.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../domain/i18n';
import { THRESHOLD_ENTITIES } from '../../../domain/screens/entities/thresholds';
import { ENTITY_RESULT } from '../../../domain/screens/entities/wire';
import { savedRow, startEntityServer, type EntityServer } from '../entities/entity-server';
import { postForDownload, sheetTexts } from '../entities/transfer-calls';

const THRESHOLD = THRESHOLD_ENTITIES['/setting/alarm_threshold/threshold'];
const SEAL_KEYS = ['sealBreakCount', 'openValue'] as const;
const labelOf = (lang: 'zh' | 'en', key: string) => translate(lang, THRESHOLD.fields.find((field) => field.key === key)?.labelKey ?? 'entity.none');

describe('the seal-break count and open value of the threshold screen', () => {
  let api: EntityServer;
  /** The manager's companies with no threshold row yet, one taken per row a test makes. */
  let free: string[] = [];

  beforeAll(async () => {
    api = await startEntityServer();
    const taken = new Set((await api.all(THRESHOLD, 'admin')).map((row) => String(row.values['companyCode'])));
    free = api.managerCompanies().filter((code) => !taken.has(code));
    expect(free.length).toBeGreaterThanOrEqual(2);
  }, 120_000);
  afterAll(async () => api.close());

  const company = () => {
    const code = free.shift();
    if (!code) throw new Error('no company left without a threshold row');
    return code;
  };
  const form = (code: string, extra: Readonly<Record<string, string>> = {}) => ({ companyCode: code, parkingTimeoutMin: '20', offlineTimeoutMin: '0', overspeedKmh: '80', ...extra });

  it('saves and lists both with the row, and leaves them empty on a row that gives none', async () => {
    const given = savedRow(await api.create(THRESHOLD, 'manager', form(company(), { sealBreakCount: ' 3 ', openValue: '1500' })));
    expect(given.values).toMatchObject({ sealBreakCount: 3, openValue: 1500 });
    const none = savedRow(await api.create(THRESHOLD, 'manager', form(company())));
    expect(none.values).toMatchObject({ sealBreakCount: null, openValue: null });
    const listed = await api.all(THRESHOLD, 'manager');
    expect(listed.find((row) => row.key === given.key)?.values).toMatchObject({ sealBreakCount: 3, openValue: 1500 });
  });

  it.each(['zh', 'en'] as const)('refuses a negative or fractional count and value with the non-negative integer message (%s)', async (lang) => {
    const code = free[0] ?? 'C001';
    for (const [key, value] of [['sealBreakCount', '-1'], ['openValue', '2.5'], ['sealBreakCount', '1.0']] as const) {
      const answer = await api.create(THRESHOLD, 'manager', form(code, { [key]: value }), lang);
      expect([answer.resultCode, answer.data, answer.message], `${key}=${value}`).toEqual([
        ENTITY_RESULT.refused, { field: key }, translate(lang, 'validation.nonNegativeInteger'),
      ]);
    }
  });

  it.each(['zh', 'en'] as const)('exports both under their %s labels, with the values stored', async (lang) => {
    const fields = ['companyCode', ...SEAL_KEYS];
    const answer = await postForDownload(api.server.url, api.token('manager'), THRESHOLD, 'export', {
      fields: fields.join(','), headers: fields.map((key) => labelOf(lang, key)).join(','), language: lang, fileName: 'threshold.xlsx',
    }, lang);
    const [header, ...rows] = await sheetTexts(answer.body);
    expect(header).toEqual(fields.map((key) => labelOf(lang, key)));
    expect(rows.map((row) => row.slice(1))).toContainEqual(['3', '1500']);
  });
});
