// Fence approval: the list and pending count per company, decisions, and changes that send a fence back to pending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FenceApprovalRow, FenceApprovalTimerAnswer, Paged } from '../../../domain/wire/records';
import { call } from '../../helpers/api';
import { startFleetServer, type DemoUser, type FleetServer } from './setup';

const MINUTE = 60_000;

describe('fence approval', () => {
  let fs: FleetServer;
  /** Fence id by index in FENCES (0: 东城油库 C002 pending, 1: 东城加油站 C002 approved, 2: 西城油库 C003 pending, 3: 园林局苗圃 C005 pending). */
  const fence = (index: number) => fs.fleet.fenceIds[index] ?? -1;
  const list = (user: DemoUser, query: Record<string, string | number> = {}, lang?: 'zh' | 'en') =>
    call<Paged<FenceApprovalRow>>(fs.server.url, 'GET', '/fenceApproval', { token: fs.as[user].token, query, lang });
  const pending = async (user: DemoUser) =>
    (await call<FenceApprovalTimerAnswer>(fs.server.url, 'GET', '/fenceApproval/timer', { token: fs.as[user].token })).data.pending;
  const decide = (user: DemoUser, id: number | string, form: Record<string, string | number>, lang?: 'zh' | 'en') =>
    call<FenceApprovalRow>(fs.server.url, 'POST', `/fenceApproval/${id}`, { token: fs.as[user].token, form, lang });
  const change = (user: DemoUser, form: Record<string, string | number>, lang?: 'zh' | 'en') =>
    call<boolean>(fs.server.url, 'PUT', '/fenceApproval', { token: fs.as[user].token, form, lang });
  const stored = (id: number) => fs.server.services.db.selectFrom('fence').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    fs = await startFleetServer();
  });
  afterAll(async () => fs.server.close());

  it('lists the fences of the caller companies, latest change first, as full approval rows', async () => {
    const answer = await list('manager');
    expect(answer.resultCode).toBe(200);
    expect(answer.data.rows.map((r) => r.id)).toEqual([fence(2), fence(1), fence(0)]);
    expect(answer.data.total).toBe(3);
    expect(answer.data.rows[2]).toEqual({
      id: fence(0), name: '东城油库', type: 'circle', approvalStatus: 0, modifier: 'manager', modifyTime: fs.fleet.now - 50 * MINUTE,
      modifyType: 'new', approver: null, approvalTime: null, address: '东城油库地址', geometry: null,
    });
  });

  it.each([
    ['admin', {}, [3, 2, 1, 0], 4],
    ['manager', { approvalStatus: 0 }, [2, 0], 2],
    ['admin', { approvalStatus: 1 }, [1], 1],
    ['admin', { page: 2, size: 3 }, [0], 4],
  ] as const)('lists for %s with %j the fences %j', async (user, query, expected, total) => {
    const { data } = await list(user, query);
    expect(data.rows.map((r) => r.id)).toEqual(expected.map(fence));
    expect(data.total).toBe(total);
  });

  it.each([
    [{ approvalStatus: 5 }, '字段格式有误：approvalStatus', 'Malformed field: approvalStatus'],
    [{ page: 0 }, '字段格式有误：page', 'Malformed field: page'],
  ])('refuses the list query %j with 400 in zh and en', async (query, zh, en) => {
    expect(await list('admin', query)).toEqual({ resultCode: 400, message: zh, data: null });
    expect((await list('admin', query, 'en')).message).toBe(en);
  });

  it('counts the pending fences of the caller companies', async () => {
    expect(await pending('manager')).toBe(2);
    expect(await pending('admin')).toBe(3);
  });

  it('approves a fence: the row comes back with the caller as approver and the localized notice', async () => {
    const before = Date.now();
    const answer = await decide('manager', fence(0), { approvalStatus: 1 });
    expect(answer.resultCode).toBe(200);
    expect(answer.message).toBe('已修改为已审批');
    expect(answer.data).toMatchObject({ id: fence(0), name: '东城油库', approvalStatus: 1, approver: 'manager', modifyType: 'new' });
    expect(answer.data.approvalTime).toBeGreaterThanOrEqual(before);
    expect(await stored(fence(0))).toMatchObject({ approvalStatus: 1, approver: 'manager', approvalTime: answer.data.approvalTime });
    expect(await pending('manager')).toBe(1);
  });

  it('rejects a fence with the English notice when asked', async () => {
    const answer = await decide('admin', fence(0), { approvalStatus: 2 }, 'en');
    expect(answer.message).toBe('amended to No Approval');
    expect(answer.data).toMatchObject({ approvalStatus: 2, approver: 'admin' });
    expect((await decide('admin', fence(0), { approvalStatus: 2 })).message).toBe('已修改为未通过');
  });

  it('answers an unknown fence, or one of another company, as missing and changes nothing', async () => {
    expect(await decide('manager', 99_999, { approvalStatus: 1 })).toEqual({ resultCode: 404, message: '围栏（编号 99999）不存在', data: null });
    const foreign = await decide('manager', fence(3), { approvalStatus: 1 }, 'en');
    expect(foreign).toEqual({ resultCode: 404, message: `Fence #${fence(3)} does not exist`, data: null });
    expect(await stored(fence(3))).toMatchObject({ approvalStatus: 0, approver: null, approvalTime: null });
  });

  it.each([
    ['1', {}, '缺少字段：approvalStatus', 'Missing field: approvalStatus'],
    ['1', { approvalStatus: 0 }, '字段格式有误：approvalStatus', 'Malformed field: approvalStatus'],
    ['1', { approvalStatus: 'yes' }, '字段格式有误：approvalStatus', 'Malformed field: approvalStatus'],
    ['abc', { approvalStatus: 1 }, '字段格式有误：id', 'Malformed field: id'],
  ])('refuses the decision on %s with %j in zh and en', async (id, form, zh, en) => {
    const target = id === '1' ? fence(2) : id;
    expect(await decide('admin', target, form)).toEqual({ resultCode: 400, message: zh, data: null });
    expect((await decide('admin', target, form, 'en')).message).toBe(en);
    expect(await stored(fence(2))).toMatchObject({ approvalStatus: 0, approver: null });
  });

  it('submits a change: the fence is pending again as a modification by the caller, the old decision cleared', async () => {
    const before = Date.now();
    const answer = await change('manager', { id: fence(1), name: '东城加油站（新）', type: 'polygon', address: '新地址' });
    expect(answer).toEqual({ resultCode: 200, message: 'success', data: true });
    const row = await stored(fence(1));
    expect(row).toMatchObject({
      name: '东城加油站（新）', type: 'polygon', address: '新地址', approvalStatus: 0, modifyType: 'modify', modifier: 'manager',
      approver: null, approvalTime: null, companyCode: 'C002',
    });
    expect(row.modifyTime).toBeGreaterThanOrEqual(before);
    expect((await list('manager')).data.rows[0]?.id).toBe(fence(1));
  });

  it('keeps the outline of a changed fence of the same type and drops it when the type changes', async () => {
    const circle = JSON.stringify({ type: 'Feature', properties: { shape: 'circle', radius: 200 }, geometry: { type: 'Point', coordinates: [121.5, 31.2] } });
    await fs.server.services.db.updateTable('fence').set({ geometry: circle }).where('id', '=', fence(1)).execute();
    await change('manager', { id: fence(1), name: '东城加油站', type: 'circle', address: '新地址' });
    expect((await stored(fence(1))).geometry).toBe(circle);
    await change('manager', { id: fence(1), name: '东城加油站', type: 'rectangle', address: '新地址' });
    expect(await stored(fence(1))).toMatchObject({ type: 'rectangle', geometry: null });
  });

  it('refuses a change to an unknown or foreign fence and leaves it as it was', async () => {
    const original = await stored(fence(3));
    const form = { id: fence(3), name: 'x', type: 'circle', address: '' };
    expect(await change('operator', form)).toMatchObject({ resultCode: 401 });
    expect(await change('manager', form)).toEqual({ resultCode: 404, message: `围栏（编号 ${fence(3)}）不存在`, data: null });
    expect(await change('manager', { ...form, id: 99_999 })).toMatchObject({ resultCode: 404 });
    expect(await stored(fence(3))).toEqual(original);
  });

  it.each([
    [{ type: 'circle', address: '' }, '缺少字段：name', 'Missing field: name'],
    [{ name: '', type: 'circle', address: '' }, '字段格式有误：name', 'Malformed field: name'],
    [{ name: 'x', address: '' }, '缺少字段：type', 'Missing field: type'],
    [{ name: 'x', type: 'circle' }, '缺少字段：address', 'Missing field: address'],
  ])('refuses the change %j with 400 in zh and en and keeps the fence', async (fields, zh, en) => {
    const original = await stored(fence(2));
    const form = { id: fence(2), ...fields };
    expect(await change('admin', form)).toEqual({ resultCode: 400, message: zh, data: null });
    expect((await change('admin', form, 'en')).message).toBe(en);
    expect(await stored(fence(2))).toEqual(original);
  });
});
