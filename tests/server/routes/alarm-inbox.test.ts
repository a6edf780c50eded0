// The alarm inbox's calls: rows of the caller's companies with where each stands, filters, counts, the detail with its
// history, and batch acknowledge, resolve and assign, of which concurrent ones change an alarm once and tell the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmChangeAnswer, AlarmStanding, InboxAlarm, InboxAlarmDetail, InboxCounts } from '../../../domain/wire/alarm-inbox';
import type { Paged } from '../../../domain/wire/records';
import { call } from '../../helpers/api';
import { startFleetServer, type DemoUser, type FleetServer } from './setup';

const MINUTE = 60_000;
const INBOX = '/monitor/alarm_inbox';

describe('the alarm inbox', () => {
  let fs: FleetServer;
  /** Fixture alarms (tests/server/routes/fixtures.ts): 0 type 2 and 1 type 202 of C002, 2 type 4 of C003, 3 type 7 of C005. */
  const seq = (index: number) => fs.fleet.alarmSeqs[index] ?? -1;
  const list = (user: DemoUser, query: Record<string, string | number> = {}, lang?: 'zh' | 'en') =>
    call<Paged<InboxAlarm>>(fs.server.url, 'GET', '/alarmInbox', { token: fs.as[user].token, query, lang });
  const counts = (user: DemoUser) => call<InboxCounts>(fs.server.url, 'GET', '/alarmInbox/counts', { token: fs.as[user].token });
  const detail = (user: DemoUser, alarm: number, lang?: 'zh' | 'en') =>
    call<InboxAlarmDetail>(fs.server.url, 'GET', `/alarmInbox/${alarm}`, { token: fs.as[user].token, lang });
  const change = (user: DemoUser, action: 'acknowledge' | 'resolve' | 'assign', json: object, lang?: 'zh' | 'en') =>
    call<AlarmChangeAnswer>(fs.server.url, 'POST', `/alarmInbox/${action}`, { token: fs.as[user].token, json, lang });
  /** A new alarm of type 2 on the truck, as the simulator would store it; its seq. */
  const addAlarm = async (plate: '京A00001' | '京B00001', minutesAgo = 5, type = 2) => {
    const truckId = fs.fleet.truckIds.get(plate) ?? expect.unreachable(`no truck ${plate}`);
    const at = fs.fleet.now - minutesAgo * MINUTE;
    const row = await fs.server.services.db
      .insertInto('alarm')
      .values({ type, truckId, signCode: plate, companyCode: plate === '京A00001' ? 'C002' : 'C003', startTime: at, insertTime: at, remark: '', properties: '{"speed":90}' })
      .returning('seq')
      .executeTakeFirstOrThrow();
    return row.seq;
  };
  const standing = (alarm: number, state: AlarmStanding['state'], by: string | null, more: Partial<AlarmStanding> = {}) =>
    expect.objectContaining({ seq: alarm, state, by, ...more });

  beforeAll(async () => {
    fs = await startFleetServer();
  });
  afterAll(async () => fs.server.close());

  it('lists the alarms of the caller\'s companies, newest first, each new, with its severity and company name', async () => {
    const answer = await list('operator');
    expect(answer.resultCode).toBe(200);
    expect(answer.data.rows.map((row) => row.seq)).toEqual([seq(1), seq(0)]);
    expect(answer.data.rows[0]).toMatchObject({
      seq: seq(1), state: 'new', by: null, at: null, assignee: null, note: '', severity: 'major', companyName: expect.any(String),
      alarm: { type: 202, signCode: '京A00001', seq: seq(1) },
    });
    expect((await list('garden')).data.rows.map((row) => row.seq)).toEqual([seq(3)]);
    expect((await list('admin')).data.total).toBeGreaterThanOrEqual(4);
  });

  it('narrows by severity, type, plate, time and assignee, and refuses unknown types in zh and en', async () => {
    const seqsOf = async (query: Record<string, string | number>) => (await list('admin', query)).data.rows.map((row) => row.seq);
    const [a, b] = [await addAlarm('京A00001', 1, 201), await addAlarm('京B00001', 2, 8)];
    expect(await seqsOf({ severity: 1 })).toEqual([a]);
    expect(await seqsOf({ severity: 3, endTime: fs.fleet.now })).toEqual([b, seq(2)]);
    expect(await seqsOf({ typeIds: '202,4' })).toEqual([seq(2), seq(1)]);
    expect(await seqsOf({ signCode: 'b0000', startTime: fs.fleet.now - 90 * MINUTE })).toEqual([b, seq(2)]);
    expect(await seqsOf({ assignee: 'manager' })).toEqual([]);
    expect((await seqsOf({ assignee: '-' })).length).toBeGreaterThanOrEqual(6);
    expect(await list('admin', { typeIds: '2,999' })).toEqual({ resultCode: 400, message: '未知的报警类型：999', data: null });
    expect((await list('admin', { state: 7 }, 'en')).message).toBe('Malformed field: state');
  });

  it('acknowledges a batch once: the second operator is told who did it and when', async () => {
    const [a, b] = [await addAlarm('京A00001'), await addAlarm('京A00001')];
    const first = await change('operator', 'acknowledge', { seqs: [a] });
    expect(first.data).toEqual({ changed: [standing(a, 'acknowledged', 'operator', { at: expect.any(Number) })], unchanged: [] });
    const second = await change('manager', 'acknowledge', { seqs: [a, b] });
    expect(second.data.changed).toEqual([standing(b, 'acknowledged', 'manager')]);
    expect(second.data.unchanged).toEqual([standing(a, 'acknowledged', 'operator', { at: first.data.changed[0]?.at })]);
    expect((await list('operator', { state: 1 })).data.rows.map((row) => row.seq)).toEqual([b, a].sort((x, y) => y - x));
  });

  it('lets exactly one of two concurrent acknowledges change each alarm, the other told', async () => {
    const seqs = [await addAlarm('京A00001'), await addAlarm('京A00001'), await addAlarm('京A00001')];
    const [one, two] = await Promise.all([change('operator', 'acknowledge', { seqs }), change('manager', 'acknowledge', { seqs })]);
    for (const alarm of seqs) {
      const winners = [...one.data.changed, ...two.data.changed].filter((s) => s.seq === alarm);
      const told = [...one.data.unchanged, ...two.data.unchanged].filter((s) => s.seq === alarm);
      expect(winners).toHaveLength(1);
      expect(told).toEqual([expect.objectContaining({ state: 'acknowledged', by: winners[0]?.by })]);
    }
    const history = await fs.server.services.db.selectFrom('alarmStateChange').select('seq').where('seq', 'in', seqs).execute();
    expect(history).toHaveLength(3);
  });

  it('resolves with a note, keeps the history in the detail with the fix nearest the alarm, and resolves once', async () => {
    const alarm = await addAlarm('京A00001', 30);
    const truckId = fs.fleet.truckIds.get('京A00001') ?? -1;
    const fix = (minutesAgo: number, lat: number) => ({ truckId, time: fs.fleet.now - minutesAgo * MINUTE, lat, lng: 116.4, speed: 40, heading: 90 });
    await fs.server.services.db.insertInto('position').values([fix(40, 39.9), fix(31, 39.91), fix(29, 39.92)]).execute();
    await change('operator', 'acknowledge', { seqs: [alarm] });
    expect(await change('operator', 'resolve', { seqs: [alarm], note: '   ' })).toEqual({ resultCode: 400, message: '请填写处理说明', data: null });
    expect((await change('operator', 'resolve', { seqs: [alarm], note: '' }, 'en')).resultCode).toBe(400);
    const resolved = await change('manager', 'resolve', { seqs: [alarm], note: ' 司机已确认，误报 ' });
    expect(resolved.data.changed).toEqual([standing(alarm, 'resolved', 'manager', { note: '司机已确认，误报' })]);
    expect((await change('operator', 'resolve', { seqs: [alarm], note: '再次' })).data).toEqual({
      changed: [], unchanged: [standing(alarm, 'resolved', 'manager', { note: '司机已确认，误报' })],
    });
    const { data } = await detail('operator', alarm);
    expect(data.row).toMatchObject({ seq: alarm, state: 'resolved', by: 'manager' });
    expect(data.history.map((step) => [step.state, step.by, step.note])).toEqual([
      ['acknowledged', 'operator', ''],
      ['resolved', 'manager', '司机已确认，误报'],
    ]);
    expect(data.position).toEqual({ lat: 39.91, lng: 116.4, time: fs.fleet.now - 31 * MINUTE });
    expect((await detail('garden', seq(3))).data.position).toBeNull();
  });

  it('assigns to a user of the company or to nobody, refuses an unknown or foreign user, and never a resolved alarm', async () => {
    const alarm = await addAlarm('京A00001');
    expect((await change('operator', 'assign', { seqs: [alarm], assignee: 'manager' })).data.changed).toEqual([
      standing(alarm, 'new', 'operator', { assignee: 'manager' }),
    ]);
    expect((await change('operator', 'assign', { seqs: [alarm], assignee: 'manager' })).data.changed).toEqual([]);
    expect((await list('operator', { assignee: 'manager' })).data.rows.map((row) => row.seq)).toEqual([alarm]);
    expect(await change('operator', 'assign', { seqs: [alarm], assignee: 'garden' })).toEqual({
      resultCode: 400, message: '用户 garden 不存在或看不到这些报警', data: null,
    });
    expect((await change('operator', 'assign', { seqs: [alarm], assignee: null })).data.changed).toEqual([standing(alarm, 'new', 'operator', { assignee: null })]);
    await change('operator', 'resolve', { seqs: [alarm], note: '已处理' });
    expect((await change('operator', 'assign', { seqs: [alarm], assignee: 'operator' })).data.changed).toEqual([]);
  });

  it("answers another company's alarm like an unknown one and leaves it as it was", async () => {
    const foreign = seq(2);
    expect(await change('operator', 'acknowledge', { seqs: [foreign] })).toEqual({ resultCode: 404, message: `报警（序号 ${foreign}）不存在`, data: null });
    expect((await detail('operator', foreign)).resultCode).toBe(404);
    expect((await detail('operator', 999_999, 'en')).message).toBe('Alarm #999999 does not exist');
    const own = await addAlarm('京A00001');
    expect((await change('operator', 'acknowledge', { seqs: [own, foreign] })).data).toEqual({ changed: [standing(own, 'acknowledged', 'operator')], unchanged: [] });
    expect((await list('admin', { typeIds: '4' })).data.rows[0]).toMatchObject({ seq: foreign, state: 'new' });
  });

  it('refuses a malformed batch', async () => {
    for (const json of [{ seqs: [] }, { seqs: ['x'] }, { seqs: Array.from({ length: 501 }, (_, i) => i + 1) }, {}]) {
      expect((await change('operator', 'acknowledge', json)).resultCode).toBe(400);
    }
    expect((await change('operator', 'resolve', { seqs: [seq(0)], note: 'x'.repeat(201) })).resultCode).toBe(400);
  });

  it('counts open alarms by severity, the new ones, and the last 24 hours by hour', async () => {
    const before = (await counts('garden')).data;
    expect(before.open).toEqual({ critical: 0, major: 1, minor: 0 });
    expect(before.new).toBe(1);
    expect(before.lastDay).toHaveLength(24);
    expect(before.lastDay.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(Date.now() - before.lastDayFrom).toBeLessThanOrEqual(24 * 60 * MINUTE);
    await change('garden', 'acknowledge', { seqs: [seq(3)] });
    expect((await counts('garden')).data).toMatchObject({ open: { critical: 0, major: 1, minor: 0 }, new: 0 });
    await change('garden', 'resolve', { seqs: [seq(3)], note: '已处理' });
    expect((await counts('garden')).data).toMatchObject({ open: { critical: 0, major: 0, minor: 0 }, new: 0 });
  });

  it('is closed to a role without the inbox screen, as any screen is', async () => {
    const role = await fs.server.services.db.selectFrom('appUser').select('roleId').where('userName', '=', 'garden').executeTakeFirstOrThrow();
    await fs.server.services.db.deleteFrom('roleFunction').where('roleId', '=', role.roleId).where('functionId', '=', INBOX).execute();
    for (const answer of [await list('garden'), await counts('garden'), await change('garden', 'acknowledge', { seqs: [seq(3)] })]) {
      expect(answer).toEqual({ resultCode: 401, message: '您没有访问此功能的权限', data: null });
    }
  });
});

describe('the alarm inbox under CONTRACT=legacy', () => {
  let fs: FleetServer;
  beforeAll(async () => {
    fs = await startFleetServer({ contract: 'legacy' });
  });
  afterAll(async () => fs.server.close());

  it('does not exist, and alarmCue still acknowledges', async () => {
    expect((await call(fs.server.url, 'GET', '/alarmInbox/counts', { token: fs.as.admin.token })).resultCode).toBe(404);
    expect((await call(fs.server.url, 'POST', '/alarmCue', { token: fs.as.admin.token, form: { seq: fs.fleet.alarmSeqs[0] ?? -1 } })).data).toBe(true);
  });
});
