// Quick-visit shortcuts: each user lists, adds and removes only their own, with the contract's Chinese data texts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuickVisit } from '../../../domain/wire/entities';
import { call } from '../../helpers/api';
import { startFleetServer, type DemoUser, type FleetServer } from './setup';

describe('quick visits', () => {
  let fs: FleetServer;
  const list = (user: DemoUser) =>
    call<QuickVisit[]>(fs.server.url, 'GET', '/getUserQuickVisit', { token: fs.as[user].token, query: { userId: fs.userId(user) } });
  const add = (user: DemoUser, form: Record<string, string | number>, lang?: 'zh' | 'en') =>
    call<string>(fs.server.url, 'POST', '/addUserQuickVisit', { token: fs.as[user].token, form, lang });
  const remove = (user: DemoUser, id: number | string) =>
    call<string>(fs.server.url, 'DELETE', '/removeUserQuickVisit', { token: fs.as[user].token, query: { id } });
  const entry = (user: DemoUser, quickVisitUrl: string, quickVisitName: string) => ({ userId: fs.userId(user), quickVisitUrl, quickVisitName });

  beforeAll(async () => {
    fs = await startFleetServer();
  });
  afterAll(async () => fs.server.close());

  it('adds a shortcut with data 添加成功 and lists it back with its id', async () => {
    expect(await add('operator', entry('operator', '/monitor/track_map', '轨迹地图'))).toEqual({ resultCode: 200, message: 'success', data: '添加成功' });
    const answer = await list('operator');
    expect(answer.resultCode).toBe(200);
    expect(answer.data).toEqual([{ id: expect.any(Number), userId: fs.userId('operator'), quickVisitUrl: '/monitor/track_map', quickVisitName: '轨迹地图' }]);
  });

  it('lists only the caller own shortcuts, in the order they were added', async () => {
    await add('manager', entry('manager', '/monitor/track_map', '经理的轨迹'));
    await add('operator', entry('operator', '/monitor/cargo_transport', '货运监控'));
    const mine = (await list('operator')).data;
    expect(mine.map((v) => v.quickVisitUrl)).toEqual(['/monitor/track_map', '/monitor/cargo_transport']);
    expect(mine.every((v) => v.userId === fs.userId('operator'))).toBe(true);
  });

  it('answers 添加失败 for a URL the user already has, says why in the caller language, and keeps the first name', async () => {
    expect(await add('operator', entry('operator', '/monitor/track_map', '重复'))).toEqual({ resultCode: 200, message: '快速访问中已存在此菜单', data: '添加失败' });
    expect((await add('operator', entry('operator', '/monitor/track_map', 'again'), 'en')).message).toBe('This menu already exists in quick access');
    const names = (await list('operator')).data.filter((v) => v.quickVisitUrl === '/monitor/track_map').map((v) => v.quickVisitName);
    expect(names).toEqual(['轨迹地图']);
  });

  it('refuses to list or add for another user id with 401 and adds nothing', async () => {
    const before = (await list('manager')).data;
    const foreignList = await call(fs.server.url, 'GET', '/getUserQuickVisit', { token: fs.as.operator.token, query: { userId: fs.userId('manager') } });
    expect(foreignList).toEqual({ resultCode: 401, message: '您没有访问此功能的权限', data: null });
    const foreignAdd = await add('operator', entry('manager', '/dashboard', '个人中心'));
    expect(foreignAdd).toEqual({ resultCode: 401, message: '您没有访问此功能的权限', data: null });
    expect((await list('manager')).data).toEqual(before);
  });

  it.each([
    ['quickVisitName', { quickVisitUrl: '/dashboard' }, '缺少字段：quickVisitName', 'Missing field: quickVisitName'],
    ['quickVisitUrl', { quickVisitName: '个人中心' }, '缺少字段：quickVisitUrl', 'Missing field: quickVisitUrl'],
    ['a non-numeric userId', { userId: 'abc', quickVisitUrl: '/dashboard', quickVisitName: 'x' }, '字段格式有误：userId', 'Malformed field: userId'],
    ['a 201-character URL', { quickVisitUrl: `/dashboard?${'a'.repeat(190)}`, quickVisitName: 'x' }, '字段过长：quickVisitUrl（最多 200 个字符）', 'Field too long: quickVisitUrl (at most 200 characters)'],
    ['a 101-character name', { quickVisitUrl: '/dashboard', quickVisitName: '名'.repeat(101) }, '字段过长：quickVisitName（最多 100 个字符）', 'Field too long: quickVisitName (at most 100 characters)'],
    ['an empty name', { quickVisitUrl: '/dashboard', quickVisitName: '' }, '字段格式有误：quickVisitName', 'Malformed field: quickVisitName'],
  ])('refuses an add with %s, naming the field in zh and en, and stores nothing', async (_case, fields, zh, en) => {
    const before = (await list('garden')).data;
    const form = { userId: fs.userId('garden'), ...fields };
    expect(await add('garden', form)).toEqual({ resultCode: 400, message: zh, data: null });
    expect((await add('garden', form, 'en')).message).toBe(en);
    expect((await list('garden')).data).toEqual(before);
  });

  it.each([
    ['an off-site URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/'],
    // Chromium drops the tab and resolves what is left, //evil.example, off-site.
    ['a path with a tab before a second slash', '/\t/evil.example'],
    ['a backslash path', '/\\evil.example'],
    ['a path outside the route registry', '/admin/../../etc/passwd'],
    ['a route with a dot segment', '/monitor/../dashboard'],
    ['the login page', '/login'],
    ['a route with a space in its query', '/dashboard?a= b'],
    ['a route with a fragment', '/dashboard#x'],
    ['a javascript: URL', 'javascript:alert(1)'],
  ])('refuses %s as a quick visit, in zh and en, and stores nothing', async (_case, quickVisitUrl) => {
    const before = (await list('garden')).data;
    const form = { userId: fs.userId('garden'), quickVisitUrl, quickVisitName: 'x' };
    expect(await add('garden', form)).toEqual({ resultCode: 400, message: '只能添加本系统的页面', data: null });
    expect((await add('garden', form, 'en')).message).toBe('Only pages of this console can be added');
    expect((await list('garden')).data).toEqual(before);
  });

  it('adds a route of the registry with its query', async () => {
    const url = '/driving_monitor/exception_report/alarm_urgent?name=alarmPop&start=1700000000000';
    expect((await add('admin', entry('admin', url, '紧急报警'))).data).toBe('添加成功');
    expect((await list('admin')).data.map((row) => row.quickVisitUrl)).toContain(url);
  });

  it('asks for userId when listing without it', async () => {
    const answer = await call(fs.server.url, 'GET', '/getUserQuickVisit', { token: fs.as.garden.token, lang: 'en' });
    expect(answer).toEqual({ resultCode: 400, message: 'Missing field: userId', data: null });
  });

  it('removes an own shortcut with data 移除成功, then answers 移除失败 for the same id', async () => {
    await add('garden', entry('garden', '/monitor/sprinkler_monitoring', '洒水车监控'));
    const [shortcut] = (await list('garden')).data;
    if (!shortcut) throw new Error('the shortcut was not added');
    expect(await remove('garden', shortcut.id)).toEqual({ resultCode: 200, message: 'success', data: '移除成功' });
    expect((await list('garden')).data).toEqual([]);
    expect(await remove('garden', shortcut.id)).toEqual({ resultCode: 200, message: '移除失败', data: '移除失败' });
  });

  it('answers 移除失败 for another user shortcut or an unknown id and removes nothing', async () => {
    const managers = (await list('manager')).data;
    const [theirs] = managers;
    if (!theirs) throw new Error('manager has no shortcut');
    expect((await remove('operator', theirs.id)).data).toBe('移除失败');
    expect((await remove('operator', 999_999)).data).toBe('移除失败');
    expect((await list('manager')).data).toEqual(managers);
  });

  it('refuses a remove without a numeric id with 400', async () => {
    expect(await remove('operator', 'x')).toEqual({ resultCode: 400, message: '字段格式有误：id', data: null });
    const missing = await call(fs.server.url, 'DELETE', '/removeUserQuickVisit', { token: fs.as.operator.token, lang: 'en' });
    expect(missing).toEqual({ resultCode: 400, message: 'Missing field: id', data: null });
  });
});
