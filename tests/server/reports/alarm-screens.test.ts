// Every alarm type's pop-up opens a list that holds that very alarm, on the seeded fleet: the link's screen and tab,
// asked with the link's own filters (the truck, from the alarm's start on), answer a row of the alarm's truck at the
// alarm's start, the row the screen highlights. Alarm 202's list also shows the trip's start and end areas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmPopupUrl } from '../../../src/domain/alarm-routes';
import { ALARM_TYPE_IDS, isAlarmTypeId } from '../../../src/domain/alarm-types';
import { DAY_MS } from '../../../src/domain/format/time';
import { reportFor } from '../../../src/domain/screens/reports/registry';
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
});
