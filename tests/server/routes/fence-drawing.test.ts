// Fences drawn on user_enclosure (our extension): created pending with their outline, an outline sent with a change,
// 'a fence must be drawn' for a missing or mismatched outline, and an approved fence on the base map.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseMap } from '../../../domain/map/base-map';
import type { FenceApprovalRow, Paged } from '../../../domain/wire/records';
import { call } from '../../helpers/api';
import { startFleetServer, type DemoUser, type FleetServer } from './setup';

type ListRow = FenceApprovalRow & { geometry: string | null };

const POLYGON = { type: 'Feature', properties: { shape: 'polygon' }, geometry: { type: 'Polygon', coordinates: [[[116.4, 39.9], [116.41, 39.9], [116.405, 39.91], [116.4, 39.9]]] } };
const RECTANGLE = { type: 'Feature', properties: { shape: 'rectangle' }, geometry: { type: 'Polygon', coordinates: [[[116.4, 39.9], [116.42, 39.9], [116.42, 39.92], [116.4, 39.92], [116.4, 39.9]]] } };
const CIRCLE = { type: 'Feature', properties: { shape: 'circle', radius: 300 }, geometry: { type: 'Point', coordinates: [116.39, 39.91] } };

describe('drawn fences', () => {
  let fs: FleetServer;
  const fence = (index: number) => fs.fleet.fenceIds[index] ?? -1;
  const create = (user: DemoUser, form: Record<string, string | number>, lang?: 'zh' | 'en') =>
    call<ListRow>(fs.server.url, 'POST', '/fenceApproval', { token: fs.as[user].token, form, lang });
  const change = (user: DemoUser, form: Record<string, string | number>, lang?: 'zh' | 'en') =>
    call<boolean>(fs.server.url, 'PUT', '/fenceApproval', { token: fs.as[user].token, form, lang });
  const list = (user: DemoUser, query: Record<string, string | number> = {}) =>
    call<Paged<ListRow>>(fs.server.url, 'GET', '/fenceApproval', { token: fs.as[user].token, query });
  const stored = (id: number) => fs.server.services.db.selectFrom('fence').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const newFence = { name: '南门围栏', type: 'polygon', address: '南门', companyCode: 'C002', geometry: JSON.stringify(POLYGON) };

  beforeAll(async () => {
    fs = await startFleetServer();
  });
  afterAll(async () => fs.server.close());

  it('creates a fence pending as new, by the caller, with its outline on the list row', async () => {
    const before = Date.now();
    const answer = await create('manager', newFence);
    expect(answer.resultCode).toBe(200);
    expect(answer.data).toMatchObject({
      name: '南门围栏', type: 'polygon', address: '南门', approvalStatus: 0, modifyType: 'new', modifier: 'manager', approver: null, approvalTime: null,
    });
    expect(answer.data.modifyTime).toBeGreaterThanOrEqual(before);
    expect(JSON.parse(answer.data.geometry ?? 'null')).toEqual(POLYGON);
    expect(await stored(answer.data.id)).toMatchObject({ companyCode: 'C002', geometry: JSON.stringify(POLYGON) });
    const pending = await list('manager', { approvalStatus: 0 });
    expect(pending.data.rows[0]).toEqual(answer.data);
  });

  it.each([
    ['no outline', { geometry: undefined }],
    ['an empty outline', { geometry: '' }],
    ['text that is not JSON', { geometry: '{oops' }],
    ['an outline of another shape', { geometry: JSON.stringify(CIRCLE) }],
    ['a rectangle that is not axis-aligned', { type: 'rectangle', geometry: JSON.stringify(POLYGON) }],
  ])('refuses a fence with %s: a fence must be drawn, in zh and en, and stores nothing', async (_, fields) => {
    const form = Object.fromEntries(Object.entries({ ...newFence, ...fields }).filter(([, v]) => v !== undefined)) as Record<string, string>;
    const count = async () => (await list('admin')).data.total;
    const total = await count();
    expect(await create('manager', form)).toEqual({ resultCode: 400, message: '请先绘制围栏再保存', data: null });
    expect((await create('manager', form, 'en')).message).toBe('Draw the fence before saving');
    expect(await count()).toBe(total);
  });

  it.each([
    [{ companyCode: 'C005' }, '字段格式有误：companyCode'],
    [{ type: 'hexagon' }, '字段格式有误：type'],
    [{ name: '' }, '字段格式有误：name'],
  ])('refuses a fence with %j', async (fields, message) => {
    expect(await create('manager', { ...newFence, ...fields })).toEqual({ resultCode: 400, message, data: null });
  });

  it('takes a new outline with a change: pending again as a modification, the outline replaced', async () => {
    await fs.server.services.db.updateTable('fence').set({ approvalStatus: 1, approver: 'admin', approvalTime: 1 }).where('id', '=', fence(1)).execute();
    const form = { id: fence(1), name: '东城加油站', type: 'circle', address: '东', geometry: JSON.stringify(CIRCLE) };
    expect(await change('manager', form)).toEqual({ resultCode: 200, message: 'success', data: true });
    const row = await stored(fence(1));
    expect(row).toMatchObject({ type: 'circle', approvalStatus: 0, modifyType: 'modify', approver: null, approvalTime: null });
    expect(JSON.parse(row.geometry ?? 'null')).toEqual(CIRCLE);
  });

  it('refuses a change whose outline is missing its shape or of another type, and keeps the fence as it was', async () => {
    const original = await stored(fence(1));
    const form = { id: fence(1), name: '东城加油站', type: 'rectangle', address: '东' };
    expect(await change('manager', { ...form, geometry: JSON.stringify(CIRCLE) })).toEqual({ resultCode: 400, message: '请先绘制围栏再保存', data: null });
    expect((await change('manager', { ...form, geometry: '' }, 'en')).message).toBe('Draw the fence before saving');
    expect(await stored(fence(1))).toEqual(original);
    expect(await change('manager', { ...form, geometry: JSON.stringify(RECTANGLE) })).toMatchObject({ resultCode: 200 });
    expect(JSON.parse((await stored(fence(1))).geometry ?? 'null')).toEqual(RECTANGLE);
  });

  it('shows a created fence on the base map once approved, and not before', async () => {
    const created = (await create('manager', { ...newFence, name: '北门围栏', type: 'circle', geometry: JSON.stringify(CIRCLE) })).data;
    const fencesOnMap = async () =>
      (await call<BaseMap>(fs.server.url, 'GET', '/map/base', { token: fs.as.manager.token })).data.fences.map((f) => f.id);
    expect(await fencesOnMap()).not.toContain(created.id);
    const decided = await call<ListRow>(fs.server.url, 'POST', `/fenceApproval/${created.id}`, { token: fs.as.admin.token, form: { approvalStatus: 1 } });
    expect(decided.message).toBe('已修改为已审批');
    expect(await fencesOnMap()).toContain(created.id);
  });
});
