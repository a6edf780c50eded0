// What each demo role receives from /menus and /userPri.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuEntry, UserPriAnswer } from '../../domain/wire/entities';
import { call, login } from '../helpers/api';
import { startServer, type RunningServer } from '../helpers/server';

describe('menus and privileges per role', () => {
  let server: RunningServer;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    server = await startServer();
    for (const user of ['admin', 'manager', 'operator', 'garden']) tokens.set(user, (await login(server.url, user)).token);
  });
  afterAll(() => server.close());

  const menus = async (user: string, lang: 'zh' | 'en' = 'zh') =>
    (await call<MenuEntry[]>(server.url, 'GET', '/menus', { token: tokens.get(user), lang })).data;

  it('gives the administrator all 16 groups, all 126 routes of the spec, the alarm inbox and the hidden sensor-enable entry', async () => {
    const tree = await menus('admin');
    const groups = tree.filter((entry) => entry.child);
    expect(groups).toHaveLength(16);
    expect(groups.flatMap((g) => g.child ?? [])).toHaveLength(127);
    expect(tree.at(-1)).toEqual({ name: '传感器使能', url: '/sensor_enable' });
  });

  it('routes the personal-centre group to the dashboard', async () => {
    const [personal] = await menus('operator');
    expect(personal).toEqual({ name: '个人中心', url: '/dashboard', child: [{ name: '个人中心', url: '/dashboard' }] });
  });

  it('gives the dispatcher monitor, cargo and driving events and exceptions, and active safety, without settings', async () => {
    const tree = await menus('operator');
    expect(tree.map((g) => g.url)).toEqual([
      '/dashboard',
      '/monitor',
      '/cargo_monitor/event_report',
      '/cargo_monitor/exception_report',
      '/driving_monitor/event_report',
      '/driving_monitor/exception_report',
      '/active_safety',
    ]);
    expect(tree.some((g) => g.name === '传感器使能')).toBe(false);
  });

  it('gives the user administrator the settings groups but not device parameters', async () => {
    const urls = (await menus('manager')).map((g) => g.url);
    expect(urls).toContain('/setting/base_data');
    expect(urls).toContain('/setting/privilege_account');
    expect(urls).not.toContain('/setting/device_parameter');
  });

  it('hides from the user administrator the device-parameter screens the spec files under base data and thresholds', async () => {
    const routes = (await menus('manager')).flatMap((g) => g.child ?? []).map((r) => r.url);
    expect(routes).toContain('/setting/base_data/truck');
    expect(routes).toContain('/setting/alarm_threshold/threshold');
    for (const hidden of [
      '/setting/base_data/tank_table', '/setting/base_data/tank_table_record', '/setting/base_data/atg_tank_table',
      '/setting/base_data/test', '/setting/alarm_threshold/parameter', '/setting/alarm_threshold/remote',
      '/setting/alarm_threshold/remote_template', '/setting/alarm_threshold/modify_record',
    ]) {
      expect(routes).not.toContain(hidden);
    }
  });

  it('gives the garden-bureau user the dashboard, the sprinkler screens and the alarm inbox only, in English when asked', async () => {
    const tree = await menus('garden', 'en');
    expect(tree.map((g) => g.name)).toEqual(['Personal centre', 'Monitor board']);
    expect(tree[1]?.child?.map((r) => r.url)).toEqual([
      '/monitor/sprinkler_playback_track',
      '/monitor/sprinkler_monitoring',
      '/monitor/sprinkler_statistics',
      '/monitor/sprinkler_inventory',
      '/monitor/sprinkler_real_inventory',
      '/monitor/alarm_inbox',
    ]);
  });

  it.each([
    ['admin', ['C001', 'C002', 'C003', 'C004', 'C005']],
    ['manager', ['C001', 'C002', 'C003', 'C004']],
    ['operator', ['C002']],
    ['garden', ['C005']],
  ])('tells %s which companies it receives, and no alarm choice yet', async (user, codes) => {
    const answer = await call<UserPriAnswer>(server.url, 'GET', '/userPri', { token: tokens.get(user) });
    expect(answer.data).toEqual({ userPri: codes.map((key) => ({ key })), stUserAlarm: null });
  });
});
