// The HTTP calls under CONTRACT=legacy: the spec's calls all answer, in the spec's shapes; our own calls are not there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '../../../domain/wire/entities';
import { API, call, login, type LoggedIn } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';
import { ALARMS, FENCES, insertFleet, type Fleet } from '../routes/fixtures';

const BAR_DATA = '/truckatgsub/rest/truckData/getTruckBarData';
const SPEC_ALARM_KEYS = ['insertTime', 'properties', 'remark', 'signCode', 'startTime', 'truckId', 'type'];
const SPEC_ROW_KEYS = ['alarm', 'area', 'gpsTime', 'lastIventoryMap', 'signCode', 'speed', 'status', 'statusTime', 'truckCompany'];
const keysOf = (value: object) => Object.keys(value).sort();

describe('calls in legacy mode', () => {
  let server: RunningServer;
  let fleet: Fleet | undefined;
  let admin: LoggedIn;
  let operator: LoggedIn;
  const fixtures = () => fleet ?? expect.unreachable('the fleet is inserted before the server listens');

  beforeAll(async () => {
    server = await startServer({ contract: 'legacy', prepare: async (services) => void (fleet = await insertFleet(services)) });
    admin = await login(server.url, 'admin');
    operator = await login(server.url, 'operator');
  });
  afterAll(() => server.close());

  it('answers the login with exactly the spec’s five fields (no sessionIdleMs) and sets the sid cookie', async () => {
    const response = await fetch(`${server.url}${API}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=garden&password=garden123&ip=&area=',
    });
    const body = (await response.json()) as { resultCode: number; data: LoginAnswer };
    expect(body.resultCode).toBe(200);
    expect(keysOf(body.data)).toEqual(['header-id', 'lastLoginInfo', 'role', 'userIn', 'userInfo']);
    expect(response.headers.get('set-cookie')).toContain(`sid=${body.data['header-id']}`);
  });

  it.each([
    ['POST', '/verifyPwd'],
    ['GET', '/diagnostics'],
    ['POST', '/diagnostics/drop-sockets'],
    ['POST', '/sim/alarm'],
  ])('has no %s %s: it answers the 404 envelope of any unknown call', async (method, path) => {
    const form = method === 'POST' ? { form: { id: admin.answer.userInfo.id, oldPwd: '0'.repeat(32), type: 2 } } : {};
    const answer = await call(server.url, method, path, { token: admin.token, ...form });
    expect(answer).toEqual({ resultCode: 404, message: `接口不存在：${API}${path}`, data: null });
  });

  it('answers GET /alarmInfo rows with the spec’s alarm fields: truckId, no seq', async () => {
    const answer = await call<{ rows: Record<string, unknown>[]; total: number }>(server.url, 'GET', '/alarmInfo', { token: admin.token });
    expect(answer.resultCode).toBe(200);
    expect(answer.data.total).toBe(ALARMS.length);
    expect(answer.data.rows.map(keysOf)).toEqual(ALARMS.map(() => SPEC_ALARM_KEYS));
    const truckIds: unknown[] = [...fixtures().truckIds.values()];
    expect(answer.data.rows.every((row) => truckIds.includes(row['truckId']))).toBe(true);
  });

  it('answers getTruckBarData and GET /onlineTruck rows without truckId or a fix', async () => {
    const bar = await call<Record<string, unknown>[]>(server.url, 'POST', BAR_DATA, { token: operator.token, json: { userPri: [] } });
    expect(bar.data.map((row) => row['signCode'])).toEqual(['京A00001', '京A00002']);
    expect(bar.data.map(keysOf)).toEqual([SPEC_ROW_KEYS, SPEC_ROW_KEYS]);
    const online = await call<Record<string, unknown>[]>(server.url, 'GET', '/onlineTruck', { token: operator.token });
    expect(online.data.map((row) => row['signCode'])).toEqual(['京A00001']);
    expect(online.data.map(keysOf)).toEqual([SPEC_ROW_KEYS]);
  });

  it('answers GET /fenceApproval/timer with data null (not our { pending }), while the paged list still filters by status', async () => {
    expect(await call(server.url, 'GET', '/fenceApproval/timer', { token: admin.token })).toEqual({ resultCode: 200, message: 'success', data: null });
    const pending = await call<{ rows: { name: string; approvalStatus: number }[]; total: number }>(server.url, 'GET', '/fenceApproval', {
      token: admin.token,
      query: { approvalStatus: 0 },
    });
    const names = FENCES.filter((fence) => fence.approvalStatus === 0).map((fence) => fence.name);
    expect(pending.data.total).toBe(names.length);
    expect(pending.data.rows.map((row) => row.name).sort()).toEqual([...names].sort());
  });

  it('answers every other call the console makes, as under our contract', async () => {
    const id = operator.answer.userInfo.id;
    const token = operator.token;
    const ok = async (method: string, path: string, options: Parameters<typeof call>[3] = {}) => {
      const answer = await call(server.url, method, path, { token, ...options });
      expect({ path, resultCode: answer.resultCode }).toEqual({ path, resultCode: 200 });
      return answer.data;
    };
    expect(await ok('GET', '/menus')).not.toHaveLength(0);
    expect(await ok('GET', '/userPri')).toEqual({ userPri: [{ key: 'C002' }], stUserAlarm: null });
    await ok('POST', '/stUserAlarm', { form: { id: 0, userId: id, alarmTypeIds: '2,201' } });
    await ok('GET', '/getIp');
    await ok('GET', '/devices/all');
    expect(await ok('POST', '/addUserQuickVisit', { form: { userId: id, quickVisitUrl: '/dashboard', quickVisitName: '首页' } })).toBe('添加成功');
    const [shortcut] = (await ok('GET', '/getUserQuickVisit', { query: { userId: id } })) as { id: number }[];
    expect(await ok('DELETE', '/removeUserQuickVisit', { query: { id: shortcut?.id ?? 0 } })).toBe('移除成功');
    await call(server.url, 'GET', '/heartBeatInfo/overtime', { token: admin.token }).then((answer) => expect(answer.resultCode).toBe(200));
    const download = await fetch(`${server.url}${API}/downloads/video-software.txt`, { headers: { cookie: `sid=${token}` } });
    expect(download.status).toBe(200);
  });

  it('logs out with GET /loginOut', async () => {
    const { token } = await login(server.url, 'manager');
    expect((await call(server.url, 'GET', '/loginOut', { token })).resultCode).toBe(200);
    expect((await call(server.url, 'GET', '/userPri', { token })).resultCode).toBe(504);
  });
});
