// The status socket: snapshot on the open message, then only changed rows at the requested frequency, per the user's companies.
import { describe, expect, it } from 'vitest';
import type { TruckStatusRow } from '../../../domain/wire/truck-row';
import { changeTruck } from './fleet';
import { liveServer } from './live-server';

const open = (token: string, userPri: readonly string[] = []) => ({
  frequency: 1,
  msgType: 0,
  userPri: userPri.map((key) => ({ key })),
  token,
});

describe('status socket /truckatgsub/truck', () => {
  const live = liveServer();
  const client = () => live.connect('truck');
  const truck = (i: number) => live.truck(i);

  it('sends a full snapshot of every company for an admin asking for all (empty userPri), without company codes', async () => {
    const c = await client();
    c.send(open(live.token('admin')));
    const rows = await c.nextJson<(TruckStatusRow & Record<string, unknown>)[]>();
    expect(rows.map((r) => r.signCode).sort()).toEqual(['京A10001', '京A10002', '京B20001', '京C30001']);
    expect(rows[0]).toMatchObject({ status: 1, speed: 0, area: '东城区', lastIventoryMap: { 1: { oilCode: 92, vt: 0 } } });
    expect(rows[0]?.truckId).toBeTypeOf('number');
    expect(rows.every((r) => !('companyCode' in r))).toBe(true);
  });

  it("never shows an operator another company's trucks, even when asked for them", async () => {
    const mine = await client();
    mine.send(open(live.token('operator')));
    expect((await mine.nextJson<TruckStatusRow[]>()).map((r) => r.signCode)).toEqual(['京A10001', '京A10002']);

    const asksForOthers = await client();
    asksForOthers.send(open(live.token('operator'), ['C003', 'C005']));
    expect(await asksForOthers.nextJson<TruckStatusRow[]>()).toEqual([]);

    await changeTruck(live.server.services, truck(2), { speed: 55 });
    await changeTruck(live.server.services, truck(3), { speed: 12 });
    expect(await mine.during(1_100)).toEqual([]);
    expect(await asksForOthers.during(0)).toEqual([]);
  });

  it('narrows an admin to the companies named in userPri', async () => {
    const c = await client();
    c.send(open(live.token('admin'), ['C003']));
    expect((await c.nextJson<TruckStatusRow[]>()).map((r) => r.signCode)).toEqual(['京B20001']);
    await changeTruck(live.server.services, truck(0), { speed: 30 });
    await changeTruck(live.server.services, truck(2), { speed: 31 });
    const frame = await c.nextJson<TruckStatusRow[]>(2_500);
    expect(frame.map((r) => [r.signCode, r.speed])).toEqual([['京B20001', 31]]);
  });

  it('sends only changed rows, once per period, each truck in its latest version, and nothing when nothing changed', async () => {
    const c = await client();
    c.send(open(live.token('operator')));
    await c.next();
    await changeTruck(live.server.services, truck(0), { speed: 40 });
    await changeTruck(live.server.services, truck(0), { speed: 60, area: '朝阳区' });
    const started = Date.now();
    const frame = await c.nextJson<TruckStatusRow[]>(2_500);
    expect(frame).toHaveLength(1);
    expect(frame[0]).toMatchObject({ signCode: '京A10001', speed: 60, area: '朝阳区' });
    const firstAt = Date.now();
    expect(firstAt - started).toBeLessThan(1_500);

    // A change right after a send waits for the next period (1 s): the socket never sends faster than asked.
    await changeTruck(live.server.services, truck(1), { status: 2 });
    expect((await c.nextJson<TruckStatusRow[]>(2_500)).map((r) => [r.signCode, r.status])).toEqual([['京A10002', 2]]);
    expect(Date.now() - firstAt).toBeGreaterThan(800);
    expect(await c.during(1_100)).toEqual([]);
  });

  it('applies a new open message: a fresh snapshot for the new companies, and changes filtered by them', async () => {
    const c = await client();
    c.send(open(live.token('admin'), ['C002']));
    expect((await c.nextJson<TruckStatusRow[]>()).map((r) => r.signCode)).toEqual(['京A10001', '京A10002']);
    c.send(open(live.token('admin'), ['C005']));
    expect((await c.nextJson<TruckStatusRow[]>()).map((r) => r.signCode)).toEqual(['京C30001']);
    await changeTruck(live.server.services, truck(0), { speed: 1 });
    await changeTruck(live.server.services, truck(3), { speed: 2 });
    expect((await c.nextJson<TruckStatusRow[]>(2_500)).map((r) => r.signCode)).toEqual(['京C30001']);
  });

  it('ends on the snapshot of the latest open message after a burst of them', async () => {
    const c = await client();
    for (let i = 0; i < 30; i += 1) c.send(open(live.token('admin'), [i % 2 === 0 ? 'C002' : 'C003']));
    c.send(open(live.token('admin'), ['C005']));
    const frames = (await c.during(400)).map((m) => JSON.parse(m) as TruckStatusRow[]);
    expect(frames.at(-1)?.map((r) => r.signCode)).toEqual(['京C30001']);
  });
});
