// Every alarm type's pop-up opens a list that holds that very alarm, on the seeded fleet: the link's screen and tab,
// asked with the link's own filters (the truck, from the alarm's start on), answer a row of the alarm's truck at the
// alarm's start, the row the screen highlights. Alarm 202's list also shows the trip's start and end areas.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmPopupUrl } from '../../../domain/alarm-routes';
import { ALARM_TYPE_IDS, isAlarmTypeId } from '../../../domain/alarm-types';
import { DAY_MS } from '../../../domain/format/time';
import { LANGS, translate } from '../../../domain/i18n';
import { CARGO_REPORTS } from '../../../domain/screens/reports/cargo';
import { reportCallPath, reportFor } from '../../../domain/screens/reports/registry';
import { startSeededServer, type SeededServer } from './seeded-server';

describe('alarm screens', () => {
  let seeded: SeededServer;
  let now = 0;

  beforeAll(async () => {
    seeded = await startSeededServer();
    now = Date.now();
  }, 120_000);
  afterAll(async () => seeded.server.close());

  /** The newest alarm of a type that began a day ago or more: a row written when its stop or spell ends is there by then. */
  const settledAlarm = (type: number) => seeded.server.services.db
    .selectFrom('alarm').select(['type', 'signCode', 'startTime', 'properties'])
    .where('type', '=', type).where('startTime', '<', now - DAY_MS)
    .orderBy('startTime', 'desc').limit(1).executeTakeFirst();

  it.each(ALARM_TYPE_IDS.map((type) => [type]))('lists alarm %i on the screen its pop-up opens, at its start', async (type) => {
    const alarm = await settledAlarm(type);
    if (!alarm || !isAlarmTypeId(alarm.type)) throw new Error(`the seeded fleet raised no alarm ${type}`);
    const link = new URL(alarmPopupUrl({ type: alarm.type, signCode: alarm.signCode, startTime: Number(alarm.startTime) }, now), 'http://console');
    const def = reportFor(link.pathname, link.searchParams.get('tab') ?? undefined);
    if (!def) throw new Error(`alarm ${type}: no screen at ${link.pathname}`);
    // The screen's column of the row's start (an offline spell's calls it the last fix), ascending: the alarm leads.
    const at = def.columns.find((column) => column.value.from === 'event' && column.value.field === 'startTime');
    if (!at) throw new Error(`alarm ${type}: ${link.pathname} shows no start`);
    const query = { signCode: alarm.signCode, startTime: Number(link.searchParams.get('startTime')), endTime: Number(link.searchParams.get('endTime')) };
    const answer = await seeded.page(def, 'admin', { ...query, sort: at.key, order: 'asc', size: 50 });
    expect(answer.resultCode, answer.message).toBe(200);
    expect(answer.data.rows.some((row) => row[at.key] === Number(alarm.startTime) && row['signCode'] === alarm.signCode), `alarm ${type} on ${link.pathname}`).toBe(true);
  });

  describe('high loss or gain (202)', () => {
    const highLoss = CARGO_REPORTS['/cargo_monitor/exception_report/alm_high_loss'];
    const AREA_FIELDS = ['signCode', 'startTime', 'startArea', 'endArea'] as const;

    /** A settled 202 alarm and its trip's row, asked as its pop-up asks. */
    const tripOfAlarm = async () => {
      const alarm = await settledAlarm(202);
      if (!alarm) throw new Error('the seeded fleet raised no alarm 202');
      const properties = JSON.parse(alarm.properties) as { startArea: string; endArea: string };
      const query = { signCode: alarm.signCode, startTime: Number(alarm.startTime), endTime: Number(alarm.startTime) };
      const answer = await seeded.page(highLoss, 'admin', query);
      return { properties, query, row: answer.data.rows[0] };
    };

    it('shows the start and end areas of the trip, the alarm\'s own', async () => {
      const { properties, row } = await tripOfAlarm();
      expect(properties.startArea).not.toBe('');
      expect({ startArea: row?.['startArea'], endArea: row?.['endArea'] }).toEqual({ startArea: properties.startArea, endArea: properties.endArea });
    });

    it.each(LANGS)('exports them under their %s labels', async (language) => {
      const { properties, query } = await tripOfAlarm();
      const labels = AREA_FIELDS.map((key) => translate(language, highLoss.columns.find((column) => column.key === key)?.labelKey ?? 'report.empty'));
      const response = await fetch(`${seeded.server.url}/truckmanage/api${reportCallPath(highLoss)}/export`, {
        method: 'POST',
        headers: { 'header-id': seeded.tokens.admin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          signCode: query.signCode, startTime: String(query.startTime), endTime: String(query.endTime),
          headers: labels.join(','), fields: AREA_FIELDS.join(','), language,
        }).toString(),
      });
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      expect(sheet.getRow(1).values).toEqual([undefined, ...labels]);
      expect([sheet.getRow(2).getCell(3).value, sheet.getRow(2).getCell(4).value]).toEqual([properties.startArea, properties.endArea]);
    });
  });
});
