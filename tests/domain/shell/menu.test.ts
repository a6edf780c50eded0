// The sidebar model from the server's menu tree: titles, children lists, the personal group and the sensor flag.
import { describe, expect, it } from 'vitest';
import { buildShellMenu, menuAllows, normaliseMenuPath, type SidebarItem } from '../../../domain/shell/menu';
import type { MenuEntry } from '../../../domain/wire/entities';
import { menuTree } from '../../../server/auth/menu-tree';

const paths = (items: readonly SidebarItem[]): string[] =>
  items.flatMap((item) => (item.kind === 'link' ? [item.path] : paths(item.children)));

describe('buildShellMenu', () => {
  it('reads children from child or menus, and keeps registry title keys for known paths', () => {
    const menu = buildShellMenu([
      { name: '监控看板', url: '/monitor', child: [{ name: '实时地图', url: '/monitor/track_map' }] },
      { name: '权限账号', url: '/setting/privilege_account', menus: [{ name: '角色管理', url: '/setting/privilege_account/role' }] },
    ]);
    expect(menu.items).toEqual([
      { kind: 'group', id: '/monitor', title: { key: 'menu.monitor', text: '监控看板' }, children: [
        { kind: 'link', path: '/monitor/track_map', title: { key: 'route.monitor.track_map', text: '实时地图' } },
      ] },
      { kind: 'group', id: '/setting/privilege_account', title: { key: 'menu.privilege_account', text: '权限账号' }, children: [
        { kind: 'link', path: '/setting/privilege_account/role', title: { key: 'route.setting.privilege_account.role', text: '角色管理' } },
      ] },
    ]);
  });

  it('routes the personal-centre group to the dashboard whatever its url and children', () => {
    const menu = buildShellMenu([{ name: '个人中心', url: '/personal', child: [{ name: '首页', url: '/dashboard' }, { name: '其他', url: '/x' }] }]);
    expect(menu.items).toEqual([{ kind: 'link', path: '/dashboard', title: { key: 'menu.personal', text: '个人中心' } }]);
  });

  it('hides the 传感器使能 entry and raises the sensor flag instead', () => {
    const withSensor = buildShellMenu([{ name: '个人中心', url: '/dashboard' }, { name: '传感器使能', url: '/sensor_enable' }]);
    expect(paths(withSensor.items)).toEqual(['/dashboard']);
    expect(withSensor.sensorEnabled).toBe(true);
    expect(buildShellMenu([{ name: '个人中心', url: '/dashboard' }]).sensorEnabled).toBe(false);
  });

  it('keeps the server name for paths the registry does not know, and resolves relative child urls', () => {
    const menu = buildShellMenu([{ name: 'Legacy', url: '/legacy', child: [{ name: 'Old report', url: 'old_report' }] }]);
    expect(menu.items).toEqual([
      { kind: 'group', id: '/legacy', title: { text: 'Legacy' }, children: [{ kind: 'link', path: '/legacy/old_report', title: { text: 'Old report' } }] },
    ]);
  });

  it('drops groups left empty and lists every link once for search and access', () => {
    const menu = buildShellMenu([
      { name: 'empty', url: '/nothing', child: [{ name: '传感器使能', url: '/sensor_enable' }] },
      { name: 'a', url: '/monitor', child: [{ name: 'm', url: '/monitor/track_map' }] },
      { name: 'b', url: '/monitor', child: [{ name: 'm again', url: '/monitor/track_map' }] },
    ]);
    expect(menu.items).toHaveLength(2);
    expect(menu.links.map((link) => link.path)).toEqual(['/monitor/track_map']);
  });

  it('turns each demo role tree from our server into the groups that role is granted', () => {
    const grants = (superMan: boolean, functions: string[]) => ({ superMan, functions: new Set(functions) });
    const admin = buildShellMenu(menuTree(grants(true, []), 'zh'));
    expect(admin.items).toHaveLength(16);
    expect(admin.links).toHaveLength(127);
    // A server speaking only the spec's contract offers no inbox, so its menu leaves it out.
    expect(buildShellMenu(menuTree(grants(true, []), 'zh', false)).links).toHaveLength(126);
    expect(admin.sensorEnabled).toBe(true);
    const garden = buildShellMenu(menuTree(grants(false, ['personal', '/monitor/track_map', '/monitor/sprinkler_monitoring']), 'en'));
    expect(paths(garden.items)).toEqual(['/dashboard', '/monitor/track_map', '/monitor/sprinkler_monitoring']);
    expect(garden.sensorEnabled).toBe(false);
  });
});

describe('menuAllows', () => {
  const menu = buildShellMenu([{ name: 'a', url: '/monitor', child: [{ name: 'm', url: '/monitor/track_map' }] }] satisfies MenuEntry[]);
  it('allows the dashboard and the paths of the menu, nothing else', () => {
    expect(menuAllows(menu, '/dashboard')).toBe(true);
    expect(menuAllows(menu, '/monitor/track_map')).toBe(true);
    expect(menuAllows(menu, '/monitor/cargo_transport')).toBe(false);
  });
});

describe('normaliseMenuPath', () => {
  it.each([
    ['/monitor/', '', '/monitor'],
    [' /a/b ', '', '/a/b'],
    ['leaf', '/group/', '/group/leaf'],
    ['', '/group', '/group'],
  ])('reads %j under %j as %j', (url, parent, expected) => {
    expect(normaliseMenuPath(url, parent)).toBe(expected);
  });
});
