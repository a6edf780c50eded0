// The role_function screen: the no-roles notice, a role's functions as a tri-state tree, select all, the required
// refusal without a call, a save on the role's version, a stale save keeping the choice, routes the editor lacks locked.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import RoleFunctionScreen from '../../../src/app/screens/role-function/RoleFunctionScreen';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { ROUTES, routesOfGroup } from '../../../domain/routes';
import { currentNotices, resetNotices } from '../../../src/ui/notify';
import { documentIsDocument } from '../entity/focus-within';
import { accountsServer } from './accounts-server';

const SLOW = { timeout: 10_000 };
const DISPATCHER = { id: 3, name: '调度员', status: 1 as const };
const GARDEN = { id: 4, name: '园林局用户', status: 0 as const };
const DISPATCHER_FUNCTIONS = ['personal', 'monitor', 'cargo_event', '/driving_monitor/event_report/parking_source'];

const row = (name: string) => screen.getByRole('row', { name });
const stateOf = (group: string) => document.querySelector(`[data-group="${group}"]`)?.getAttribute('data-state');
const checkboxIn = (name: string) => within(row(name)).getByRole('checkbox');

async function openWithRole(setup: Parameters<typeof accountsServer>[0], roleName = DISPATCHER.name) {
  const server = accountsServer(setup);
  render(<RoleFunctionScreen />);
  fireEvent.click(await screen.findByRole('button', { name: /角色/ }, SLOW));
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(roleName) }));
  await screen.findByRole('treegrid', { name: '功能' }, SLOW);
  return server;
}

describe('the role_function screen', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('zh');
    documentIsDocument();
  });
  beforeEach(() => act(() => resetNotices()));
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await switchLang('zh');
  });

  it('says there are no roles when there is none to edit, and shows no tree', async () => {
    accountsServer({ roles: [] });
    render(<RoleFunctionScreen />);
    expect(await screen.findByText('暂无角色，请先在角色管理中新增角色', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('treegrid')).toBeNull();
  });

  it('lists the roles (a disabled one marked) and shows the chosen role\'s groups checked, indeterminate or not', async () => {
    await openWithRole({ roles: [DISPATCHER, GARDEN], functions: { 3: DISPATCHER_FUNCTIONS } });
    expect(stateOf('personal')).toBe('checked');
    expect(stateOf('monitor')).toBe('checked');
    expect(stateOf('driving_event')).toBe('indeterminate');
    expect(stateOf('base_data')).toBe('unchecked');
    expect((checkboxIn('监控看板') as HTMLInputElement).checked).toBe(true);
    expect((checkboxIn('行车事件报表') as HTMLInputElement).indeterminate).toBe(true);
    // A partly chosen group opens on its routes.
    expect((checkboxIn('停车记录') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(`已选 ${1 + routesOfGroup('monitor').length + routesOfGroup('cargo_event').length + 1} / ${ROUTES.length} 项`)).toBeTruthy();
  });

  it('checks a whole group from its box and saves the compact form on the role\'s version', async () => {
    const server = await openWithRole({ roles: [DISPATCHER], functions: { 3: DISPATCHER_FUNCTIONS } });
    fireEvent.click(checkboxIn('行车事件报表'));
    expect(stateOf('driving_event')).toBe('checked');
    fireEvent.click(checkboxIn('货物事件报表'));
    expect(stateOf('cargo_event')).toBe('unchecked');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toEqual({
      method: 'PUT', path: '/entity/setting/privilege_account/role_function/3', params: { functions: 'personal,monitor,driving_event', version: '1' },
    });
    await waitFor(() => expect(currentNotices().toasts.map((toast) => toast.message)).toEqual([{ key: 'roleFunction.saved' }]));
    // The next save goes on the version the save answered.
    fireEvent.click(checkboxIn('个人中心'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(server.writes()[1]?.params).toEqual({ functions: 'monitor,driving_event', version: '2' });
  });

  it('selects all and clears all; with nothing chosen a save is refused as required without a call', async () => {
    const server = await openWithRole({ roles: [DISPATCHER], functions: { 3: DISPATCHER_FUNCTIONS } });
    const all = screen.getByRole('checkbox', { name: '全选' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(stateOf('device_parameter')).toBe('checked');
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(stateOf('personal')).toBe('unchecked');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    expect(document.querySelector('.role-function__frame')?.hasAttribute('data-invalid')).toBe(true);
    expect(screen.getByRole('treegrid').getAttribute('aria-describedby')).toBe('role-function-message');
    expect(server.writes()).toEqual([]);
  });

  it('keeps the choice on a stale save, says so, and loads the latest on request', async () => {
    const server = await openWithRole({ roles: [DISPATCHER], functions: { 3: DISPATCHER_FUNCTIONS } });
    server.changeBehind(3, ['personal'], 'manager');
    fireEvent.click(checkboxIn('基础数据'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(/stale: manager/)).toBeTruthy();
    expect(stateOf('base_data')).toBe('checked');
    fireEvent.click(screen.getByRole('button', { name: '载入最新功能' }));
    expect(stateOf('base_data')).toBe('unchecked');
    expect(stateOf('monitor')).toBe('unchecked');
    expect(stateOf('personal')).toBe('checked');
    fireEvent.click(checkboxIn('监控看板'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.role(3)?.functions).toEqual(['personal', 'monitor']));
  });

  it('locks the routes a non-superMan does not hold: group and select-all boxes leave them as they are', async () => {
    const server = await openWithRole({
      roles: [DISPATCHER], functions: { 3: ['personal', 'device_parameter'] }, callerSuperMan: false, callerFunctions: ['personal', 'monitor', 'privilege_account'],
    });
    expect((checkboxIn('设备参数') as HTMLInputElement).disabled).toBe(true);
    expect((checkboxIn('监控看板') as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(stateOf('monitor')).toBe('checked');
    expect(stateOf('base_data')).toBe('unchecked');
    expect(stateOf('device_parameter')).toBe('checked');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]?.params['functions']).toBe('personal,monitor,privilege_account,device_parameter');
  });
});
