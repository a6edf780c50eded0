// The driving and device-health screens beyond plain event lists, on the seeded fleet: GPS history's three-month limit
// and overspeed fixes, the offline bands, fence mileage measured on a drive laid out by hand, a driver's score from
// the alarms in their shifts (the same ones its events tab lists), device health scores by both query paths, the
// overdue heartbeats as the superMan poll has them, and the heartbeat and upload records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../../domain/format/time';
import { DEVICE_REPORTS } from '../../../domain/screens/reports/device';
import { DRIVING_REPORTS } from '../../../domain/screens/reports/driving';
import { OVERSPEED_KMH } from '../../../domain/screens/reports/driver-events';
import { reportCallPath, reportFor } from '../../../domain/screens/reports/registry';
import { scoreOf, SCORES } from '../../../domain/screens/reports/scores';
import type { HeartbeatOvertimeRow } from '../../../domain/wire/records';
import { call } from '../../helpers/api';
import { startSeededServer, type SeededServer } from './seeded-server';

const EXCEPTION = '/driving_monitor/exception_report';
const ANALYSIS = '/driving_monitor/data_analysis';
const DEVICE = '/device_monitor/device_analysis';
const gps = DRIVING_REPORTS[`${EXCEPTION}/gps_info_his`];
const offlineBands = DRIVING_REPORTS[`${EXCEPTION}/off_line_analysis`];
const fences = DRIVING_REPORTS[`${ANALYSIS}/fency_mileage`];
const rates = DRIVING_REPORTS[`${ANALYSIS}/exception_rate`];
const health = DEVICE_REPORTS[`${DEVICE}/device_health`];
const dailyHealth = DEVICE_REPORTS[`${DEVICE}/health_analysis`];
const overtime = DEVICE_REPORTS[`${DEVICE}/over_time_heart`];
const heartbeats = DEVICE_REPORTS[`${DEVICE}/heart_beat_info`];
const uploads = DEVICE_REPORTS['/setting/base_data/upload_statistic'];

function tabOf(path: string, key: string) {
  const def = reportFor(path, key);
  if (def?.tab?.key !== key) throw new Error(`no tab ${key} of ${path}`);
  return def;
}

describe('driving and device-health screens', () => {
  let seeded: SeededServer;
  let now = 0;
  /** A quiet stretch long before the fleet's history, for rows laid out by hand. */
  let quiet = 0;

  beforeAll(async () => {
    seeded = await startSeededServer();
    now = Date.now();
    quiet = now - 200 * DAY_MS;
  }, 120_000);
  afterAll(async () => seeded.server.close());

  const db = () => seeded.server.services.db;
  const someTruck = async () => db().selectFrom('truck').select(['id', 'signCode', 'companyCode']).orderBy('id').executeTakeFirstOrThrow();

  describe('GPS history (speed info)', () => {
    it('refuses a range of more than three calendar months, in both languages', async () => {
      const startTime = new Date(2026, 0, 31).getTime();
      const query = { startTime, endTime: new Date(2026, 4, 1).getTime() };
      const zh = await seeded.page(gps, 'admin', query, 'zh');
      const en = await seeded.page(gps, 'admin', query, 'en');
      expect([zh.resultCode, en.resultCode]).toEqual([400, 400]);
      expect(zh.message).toBe('查询时间范围不能超过3个月');
      expect(en.message).toMatch(/3 months/);
      expect((await seeded.page(gps, 'admin', { startTime, endTime: new Date(2026, 3, 30).getTime() })).resultCode).toBe(200);
    });

    it('refuses a start without an end, and an end without a start, in both languages: neither is bounded', async () => {
      const oneSided: readonly Record<string, number>[] = [{ startTime: now - 400 * DAY_MS }, { endTime: now }];
      for (const query of oneSided) {
        const [zh, en] = [await seeded.page(gps, 'admin', query, 'zh'), await seeded.page(gps, 'admin', query, 'en')];
        expect([zh.resultCode, zh.message, en.resultCode, en.message], JSON.stringify(query)).toEqual([400, '请同时选择开始时间和结束时间', 400, 'Choose both a start and an end time']);
        const exported = await call(seeded.server.url, 'POST', `${reportCallPath(gps)}/export`, { token: seeded.tokens.admin, form: { ...query, headers: '车牌号', fields: 'signCode' } });
        expect(exported.resultCode, JSON.stringify(query)).toBe(400);
      }
      // Neither end: the default range, the last 7 days.
      const plain = await seeded.page(gps, 'admin', { size: 1, sort: 'gpsTime', order: 'asc' });
      expect(Number(plain.data.rows[0]?.['gpsTime'])).toBeGreaterThanOrEqual(now - 7 * DAY_MS);
    });

    it('lists fixes newest first with their heading and address, and only those over the limit when asked', async () => {
      const all = await seeded.page(gps, 'admin', { size: 200 });
      expect(all.data.total).toBeGreaterThan(1000);
      const times = all.data.rows.map((row) => Number(row['gpsTime']));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const row of all.data.rows) {
        expect(Number(row['heading'])).toBeGreaterThanOrEqual(0);
        expect(String(row['area'])).not.toBe('');
      }
      const over = await seeded.page(gps, 'admin', { size: 1000, speeding: '1' });
      const within = await seeded.page(gps, 'admin', { size: 1, speeding: '0' });
      expect(over.data.total).toBeGreaterThan(0);
      expect(over.data.rows.every((row) => Number(row['speed']) > OVERSPEED_KMH)).toBe(true);
      expect(over.data.total + within.data.total).toBe(all.data.total);
    });
  });

  it("counts each offline spell in exactly one of the spec's bands, the upper bound included", async () => {
    const answer = await seeded.page(offlineBands, 'admin', { size: 1000 });
    expect(answer.data.rows.length).toBeGreaterThan(0);
    for (const row of answer.data.rows) {
      expect(Number(row['offlineUpTo24h']) + Number(row['offline24To48h']) + Number(row['offlineOver48h'])).toBe(row['offlines']);
    }
    const truck = await someTruck();
    // Spells of exactly 24 h and 48 h fall in the lower band; one minute more, in the next.
    const spells = [1440, 1441, 2880, 2881];
    await db()
      .insertInto('event')
      .values(spells.map((minutes, index) => ({
        truckId: truck.id, companyCode: truck.companyCode, kind: 'offline', startTime: quiet + index * MINUTE_MS,
        endTime: quiet + index * MINUTE_MS + minutes * MINUTE_MS, data: JSON.stringify({ durationMin: minutes, area: '', lat: 31.2, lng: 121.4 }),
      })))
      .execute();
    const bands = await seeded.page(offlineBands, 'admin', { signCode: truck.signCode, startTime: quiet, endTime: quiet + DAY_MS });
    expect(bands.data.rows.map((row) => [row['offlineUpTo24h'], row['offline24To48h'], row['offlineOver48h']])).toEqual([[1, 2, 1]]);
  });

  describe('fence mileage', () => {
    it('measures a drive laid out through a rectangle: the inside kilometres, the entries, the time inside', async () => {
      const truck = await someTruck();
      // A 0.02° × 0.02° rectangle (about 1.9 km east–west at this latitude, 2.2 km north–south) far from the city.
      const [west, south] = [122.5, 32.5];
      const ring = [[west, south], [west + 0.02, south], [west + 0.02, south + 0.02], [west, south + 0.02], [west, south]];
      await db()
        .insertInto('fence')
        .values({
          name: '测试矩形围栏', type: 'rectangle', companyCode: truck.companyCode, approvalStatus: 1, modifier: 'test', modifyTime: quiet,
          modifyType: 'new', approver: null, approvalTime: null, address: '',
          geometry: JSON.stringify({ type: 'Feature', properties: { shape: 'rectangle' }, geometry: { type: 'Polygon', coordinates: [ring] } }),
        })
        .execute();
      // Due east along the rectangle's middle, a fix a minute every 0.005°, none on an edge: 2 outside, 4 inside, 2
      // outside; then a gap of an hour (not joined) and one more fix inside, a second entry.
      const lat = south + 0.01;
      const lngs = [-0.0075, -0.0025, 0.0025, 0.0075, 0.0125, 0.0175, 0.0225, 0.0275].map((offset) => west + offset);
      const fixes = lngs.map((lng, index) => ({ truckId: truck.id, time: quiet + index * MINUTE_MS, lat, lng, speed: 40, heading: 90, area: '' }));
      fixes.push({ truckId: truck.id, time: quiet + 70 * MINUTE_MS, lat, lng: west + 0.01, speed: 40, heading: 90, area: '' });
      await db().insertInto('position').values(fixes).execute();

      const trucks = tabOf(fences.path, 'trucks');
      const answer = await seeded.page(trucks, 'admin', { signCode: truck.signCode, startTime: quiet - MINUTE_MS, endTime: quiet + 2 * 3_600_000, fenceName: '测试矩形围栏' });
      expect(answer.resultCode, answer.message).toBe(200);
      expect(answer.data.rows).toHaveLength(1);
      const row = answer.data.rows[0] ?? { id: 0 };
      const kmPerDegLng = 111.2 * Math.cos((lat * Math.PI) / 180);
      // Three whole segments inside (0.015°) and the two that cross an edge counted half (0.0025° each): the width.
      expect(Number(row['km'])).toBeCloseTo(0.02 * kmPerDegLng, 2);
      expect(row['entries']).toBe(2);
      expect(row['insideMinutes']).toBe(4);
      expect(row['fenceShape']).toBe('rectangle');

      const totals = await seeded.page(fences, 'admin', { signCode: truck.signCode, startTime: quiet - MINUTE_MS, endTime: quiet + 2 * 3_600_000 });
      const fenceRow = totals.data.rows.find((candidate) => candidate['fenceName'] === '测试矩形围栏');
      expect(fenceRow?.['trucks']).toBe(1);
      expect(fenceRow?.['km']).toBe(row['km']);
    });

    it('finds kilometres inside the seeded fences over the seeded drives', async () => {
      const answer = await seeded.page(fences, 'admin', { size: 200 });
      expect(answer.data.total).toBeGreaterThan(0);
      expect(answer.data.rows.filter((row) => Number(row['km']) > 0).length).toBeGreaterThan(3);
      expect(answer.data.summary?.['km']).toBeGreaterThan(10);
    });
  });

  describe('driver scores', () => {
    it("scores a driver's month from the alarms inside their shifts, and lists exactly those as its events", async () => {
      const truck = await someTruck();
      const start = quiet + 3 * 3_600_000;
      const end = start + 8 * 3_600_000;
      const driver = { driverName: '测试司机', driverCode: 'T9999', workMin: 480, km: 250 };
      await db()
        .insertInto('event')
        .values({ truckId: truck.id, companyCode: truck.companyCode, kind: 'sign', startTime: start, endTime: end, data: JSON.stringify(driver) })
        .execute();
      const alarm = (type: number, at: number) => ({
        type, truckId: truck.id, signCode: truck.signCode, companyCode: truck.companyCode, startTime: at, insertTime: at, remark: '',
        properties: JSON.stringify({ speed: 88, area: '测试路' }), state: 1 as const,
      });
      // Inside the shift: two overspeeds, a harsh brake, a fatigue alarm, a pedestrian warning, and an offline alarm the
      // score does not count; after it, an overspeed of whoever drove next.
      await db()
        .insertInto('alarm')
        .values([alarm(2, start + 60_000), alarm(2, start + 120_000), alarm(29, start + 180_000), alarm(16, end - 60_000), alarm(12, end), alarm(7, start + 1), alarm(2, end + 1)])
        .execute();
      const range = { startTime: quiet, endTime: quiet + DAY_MS, driverCode: 'T9999' };

      const drivers = await seeded.page(tabOf(rates.path, 'drivers'), 'admin', range);
      expect(drivers.resultCode, drivers.message).toBe(200);
      expect(drivers.data.rows).toHaveLength(1);
      const row = drivers.data.rows[0] ?? { id: 0 };
      expect([row['km'], row['overspeeds'], row['harshEvents'], row['fatigueEvents'], row['adasEvents']]).toEqual([250, 2, 1, 1, 1]);
      // 100 − 10·2/2.5 − 4·1/2.5 − 15·1/2.5 − 2·1/2.5
      expect(row['driverScore']).toBe(scoreOf(SCORES.driver, row));
      expect(row['driverScore']).toBe(83.6);
      expect(String(row['reasons']).split(';').map((part) => part.split(':')[0])).toEqual(['overspeeds', 'fatigue', 'harsh', 'adas']);

      const events = await seeded.page(tabOf(rates.path, 'driverEvents'), 'admin', range);
      expect(events.data.rows.map((event) => event['driverEventCategory']).sort()).toEqual(['adas', 'fatigue', 'harsh', 'overspeed', 'overspeed']);
      expect(events.data.rows.every((event) => event['signCode'] === truck.signCode && event['driverCode'] === 'T9999')).toBe(true);
    });

    it("scores the seeded drivers worst first, reads only the companies asked for, and is the driving analysis group's", async () => {
      const drivers = tabOf(rates.path, 'drivers');
      const admin = await seeded.page(drivers, 'admin', { size: 500 });
      expect(admin.data.total).toBeGreaterThan(10);
      const scores = admin.data.rows.map((row) => Number(row['driverScore']));
      expect(scores).toEqual([...scores].sort((a, b) => a - b));
      const company = await db().selectFrom('truck').select('companyCode').orderBy('id').executeTakeFirstOrThrow();
      const one = await seeded.page(drivers, 'admin', { size: 500, companyCodes: company.companyCode });
      expect(one.data.total).toBeGreaterThan(0);
      expect(one.data.total).toBeLessThan(admin.data.total);
      expect(new Set(one.data.rows.map((row) => row['companyName'])).size).toBe(1);
      // The dispatcher's role has driving events and exceptions but not the analysis screens.
      expect((await seeded.page(drivers, 'operator')).resultCode).toBe(401);
    });
  });

  describe('device health', () => {
    it("derives each device's score from its counts, worst first, the same with a plate as without", async () => {
      const all = await seeded.page(health, 'admin', { size: 500 });
      expect(all.data.total).toBeGreaterThan(10);
      const scores = all.data.rows.map((row) => Number(row['healthScore']));
      expect(scores).toEqual([...scores].sort((a, b) => a - b));
      for (const row of all.data.rows) expect(row['healthScore'], String(row['signCode'])).toBe(scoreOf(SCORES.deviceHealth, row));
      expect(scores[0]).toBeLessThan(100);
      expect(String(all.data.rows[0]?.['reasons'])).not.toBe('');
      // With a plate the plain grouped query answers, and the score is made the same way.
      const worst = all.data.rows[0] ?? { id: 0 };
      const one = await seeded.page(health, 'admin', { signCode: String(worst['signCode']) });
      expect(one.data.rows.map(({ id: _id, ...cells }) => cells)).toEqual([Object.fromEntries(Object.entries(worst).filter(([key]) => key !== 'id'))]);
    });

    it("gives a device's daily scores for its trend, and sorts by the score in either order", async () => {
      const up = await seeded.page(dailyHealth, 'admin', { size: 100, sort: 'healthScore', order: 'asc' });
      const down = await seeded.page(dailyHealth, 'admin', { size: 100, sort: 'healthScore', order: 'desc' });
      expect(up.data.rows[0]?.['healthScore']).toBeLessThan(100);
      expect(down.data.rows[0]?.['healthScore']).toBe(100);
      expect(new Set(up.data.rows.map((row) => row['day'])).size).toBeGreaterThan(1);
    });
  });

  it('lists the overdue heartbeats exactly as the superMan poll answers them, with how long each is overdue', async () => {
    const [report, poll] = await Promise.all([
      seeded.page(overtime, 'admin', { size: 500 }),
      call<HeartbeatOvertimeRow[]>(seeded.server.url, 'GET', '/heartBeatInfo/overtime', { token: seeded.tokens.admin }),
    ]);
    expect(report.data.total).toBeGreaterThan(0);
    expect(report.data.rows.map((row) => row['signCode']).sort()).toEqual(poll.data.map((row) => row.signCode).sort());
    for (const row of report.data.rows) {
      expect(Number(row['overdueMinutes'])).toBeGreaterThanOrEqual(30);
      // Computed when the server answered, a moment before this line.
      const sinceHeartbeat = (Date.now() - Number(row['heartTime'])) / MINUTE_MS;
      expect(sinceHeartbeat - Number(row['overdueMinutes'])).toBeGreaterThanOrEqual(0);
      expect(sinceHeartbeat - Number(row['overdueMinutes'])).toBeLessThan(1.5);
    }
  });

  it('pages the heartbeats of the range newest first, and counts them all', async () => {
    const answer = await seeded.page(heartbeats, 'admin', { size: 100, startTime: now - DAY_MS, endTime: now });
    const stored = await db().selectFrom('heartbeat').select((eb) => eb.fn.countAll<number>().as('n')).where('heartTime', '>=', now - DAY_MS).where('heartTime', '<=', now).executeTakeFirstOrThrow();
    expect(answer.data.total).toBe(Number(stored.n));
    const times = answer.data.rows.map((row) => Number(row['heartTime']));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("shows each device's daily uploads among the base data, summed over the range", async () => {
    const answer = await seeded.page(uploads, 'admin', { size: 50 });
    expect(answer.data.total).toBeGreaterThan(80);
    expect(answer.data.summary?.['heartbeats']).toBeGreaterThan(0);
    for (const row of answer.data.rows) expect(Number(row['lastUpload'])).toBeGreaterThanOrEqual(Number(row['firstUpload']));
  });
});
