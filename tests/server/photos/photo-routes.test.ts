// GET /photos and GET /photo on the seeded fleet (80 trucks, 30 days of history) on both databases: the snapshots a
// truck's trigger events took on the channels of its camera masks (as they were at each event), by id or plate, by
// trigger; only the channels the truck's camera has (none without a camera row); the 3-day rule and bad values in the
// caller's language; the caller's companies only; only holders of the view_photos screen (not the garden user, whose
// sprinkler screens reach the monitor group); and real JPEGs that differ per channel (photo-render.test.ts: rendered
// once however many ask at the same moment).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../domain/format/time';
import { maskChannels, PHOTO_TRIGGERS, TRIGGER_EVENT_KINDS, triggerOfKind } from '../../../domain/photos/photo-triggers';
import { PHOTO_CALL_PATHS, type PhotoListAnswer } from '../../../domain/photos/photo-wire';
import { DEFAULT_MASKS } from '../../../server/photos/camera-masks';
import { RESULT_CODE } from '../../../domain/wire/envelope';
import { API, call } from '../../helpers/api';
import { startSeededServer, type SeededServer } from '../reports/seeded-server';

type User = 'admin' | 'operator' | 'garden';
/** The garden user's company (server/seed/accounts.ts): the garden bureau's sprinklers. */
const gardenCompanies = ['C005'];
const TRIGGER_KINDS = PHOTO_TRIGGERS.flatMap((trigger) => [...TRIGGER_EVENT_KINDS[trigger]]);

describe('GET /photos and GET /photo', () => {
  let seeded: SeededServer;
  let own: { id: number; signCode: string };
  let foreign: { id: number; signCode: string };
  let end: number;

  beforeAll(async () => {
    seeded = await startSeededServer();
    const db = seeded.server.services.db;
    const newest = await db.selectFrom('event').select((eb) => eb.fn.max('startTime').as('time')).executeTakeFirstOrThrow();
    end = Number(newest.time);
    // The operator's (C002) and another company's four-channel trucks with the most trigger events in the last 3 days.
    const busiest = await db.selectFrom('event').innerJoin('truck', 'truck.id', 'event.truckId')
      .innerJoin('truckCamera', 'truckCamera.truckId', 'truck.id')
      .select(['truck.id', 'truck.signCode', 'truck.companyCode', (eb) => eb.fn.countAll<number>().as('events')])
      .where('event.kind', 'in', TRIGGER_KINDS).where('event.startTime', '>=', end - 3 * DAY_MS).where('truckCamera.totalChannels', '>=', 4)
      .groupBy(['truck.id', 'truck.signCode', 'truck.companyCode']).orderBy('events', 'desc').execute();
    const c002 = busiest.find((truck) => truck.companyCode === 'C002');
    const other = busiest.find((truck) => truck.companyCode !== 'C002');
    if (!c002 || !other) throw new Error('the seeded fleet lacks trigger events of a C002 truck or of another company');
    own = c002;
    foreign = other;
  }, 600_000);
  afterAll(async () => seeded.server.close());

  const list = (user: User, query: Record<string, string | number>, lang?: 'zh' | 'en') =>
    call<PhotoListAnswer>(seeded.server.url, 'GET', PHOTO_CALL_PATHS.list, { token: seeded.tokens[user], query, lang });

  const image = async (user: User, id: string, size?: 'full' | 'thumb') => {
    const query = new URLSearchParams(size ? { id, size } : { id });
    const response = await fetch(`${seeded.server.url}${API}${PHOTO_CALL_PATHS.image}?${query}`, { headers: { cookie: `sid=${seeded.tokens[user]}` } });
    return { type: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('lists a snapshot per channel of the trigger mask for every trigger event of the range, in time order', async () => {
    const startTime = end - 3 * DAY_MS;
    const answer = await list('operator', { truckId: own.id, startTime, endTime: end });
    expect(answer.resultCode).toBe(200);
    const events = await seeded.server.services.db.selectFrom('event').select(['id', 'kind', 'startTime'])
      .where('truckId', '=', own.id).where('kind', 'in', TRIGGER_KINDS).where('startTime', '>=', startTime).where('startTime', '<=', end).execute();
    const expected = events.flatMap((event) => {
      const trigger = triggerOfKind(event.kind);
      return trigger ? maskChannels(DEFAULT_MASKS[trigger]).map((channel) => `${event.id}-${channel}`) : [];
    });
    expect(expected.length).toBeGreaterThan(0);
    const { photos, total } = answer.data;
    expect(answer.data.signCode).toBe(own.signCode);
    expect(total).toBe(expected.length);
    expect(photos.map((photo) => photo.id).sort()).toEqual(expected.sort());
    expect(photos.every((photo, i) => photo.time >= startTime && photo.time <= end && (i === 0 || photo.time >= (photos[i - 1]?.time ?? 0)))).toBe(true);
    // The defaults: valve and bottom valve on channel 1, the manhole on 2, a lost console on 1 and 2, no stop photos.
    expect(photos.some((photo) => photo.trigger === 'truckStop')).toBe(false);
  });

  it('finds the truck by plate as by id, and keeps one trigger when asked', async () => {
    const range = { startTime: end - 3 * DAY_MS, endTime: end };
    const byId = await list('admin', { truckId: own.id, ...range });
    const byPlate = await list('admin', { plate: own.signCode, ...range });
    expect(byPlate.data).toEqual(byId.data);
    const trigger = byId.data.photos[0]?.trigger ?? 'manhole';
    const one = await list('admin', { plate: own.signCode, ...range, trigger });
    expect(one.data.photos.length).toBeGreaterThan(0);
    expect(one.data.photos).toEqual(byId.data.photos.filter((photo) => photo.trigger === trigger));
  });

  it('takes the mask the device held at each event: a change confirmed later does not rewrite earlier photos', async () => {
    const db = seeded.server.services.db;
    const range = { startTime: end - 3 * DAY_MS, endTime: end };
    const before = (await list('admin', { truckId: foreign.id, ...range })).data.photos.filter((photo) => photo.trigger === 'manhole' || photo.trigger === 'lostConsole' || photo.trigger === 'valve' || photo.trigger === 'bottomValve');
    expect(before.length).toBeGreaterThan(0);
    const middle = before[Math.floor(before.length / 2)]?.time ?? end;
    // From the middle of the range on, the device photographs its stops on channels 3 and 4 (mask 12).
    const file = (await db.selectFrom('deviceFile').select('content').where('truckId', '=', foreign.id).where('name', '=', 'ctlsyscfg.txt').executeTakeFirst())?.content;
    const { defaultParamFiles } = await import('../../../domain/params/device-defaults');
    const truck = await db.selectFrom('truck').select(['compartments', 'consoleSn']).where('id', '=', foreign.id).executeTakeFirstOrThrow();
    const content = (file ?? defaultParamFiles({ plate: foreign.signCode, compartments: truck.compartments, consoleSn: truck.consoleSn })['ctlsyscfg.txt'])
      .replace(/truckStopCameraMask\s*=\s*\d+/, 'truckStopCameraMask=12');
    expect(content).toContain('truckStopCameraMask=12');
    await db.deleteFrom('deviceFile').where('truckId', '=', foreign.id).where('name', '=', 'ctlsyscfg.txt').execute();
    await db.insertInto('deviceFile').values({ truckId: foreign.id, name: 'ctlsyscfg.txt', content, version: 2, updatedAt: middle }).execute();
    await db.insertInto('paramChange').values({
      companyCode: 'C001', truckId: foreign.id, sendId: null, kind: 'paramFile', file: 'ctlsyscfg.txt', item: 'truckStopCameraMask', oldValue: '0',
      newValue: '12', mode: 'remote', sequence: 1, remark: '', changedBy: 'admin', changedAt: middle,
    }).execute();
    const stops = await db.selectFrom('event').select('startTime').where('truckId', '=', foreign.id).where('kind', '=', 'parking')
      .where('startTime', '>=', range.startTime).where('startTime', '<=', end).execute();
    const after = (await list('admin', { truckId: foreign.id, ...range, trigger: 'truckStop' })).data.photos;
    const later = stops.filter((stop) => Number(stop.startTime) > middle).length;
    expect(after).toHaveLength(later * 2);
    expect(after.every((photo) => photo.time > middle && (photo.channel === 3 || photo.channel === 4))).toBe(true);
  });

  it('refuses both calls to the garden user, who holds monitor screens (the sprinkler ones) but not view_photos', async () => {
    const range = { startTime: end - 3 * DAY_MS, endTime: end };
    const photo = (await list('admin', { truckId: own.id, ...range })).data.photos[0];
    if (!photo) throw new Error('the own truck has no photos');
    // Its own sprinkler truck too: company scope is not what refuses it.
    const sprinkler = await seeded.server.services.db.selectFrom('truck').select('id').where('companyCode', 'in', gardenCompanies).orderBy('id').executeTakeFirstOrThrow();
    for (const truckId of [own.id, sprinkler.id]) {
      expect(await list('garden', { truckId, ...range }, 'en')).toMatchObject({ resultCode: RESULT_CODE.UNAUTHORIZED, data: null });
    }
    const refused = await image('garden', photo.id);
    expect(refused.type).toMatch(/json/);
    expect(JSON.parse(refused.bytes.toString('utf8'))).toMatchObject({ resultCode: RESULT_CODE.UNAUTHORIZED });
    expect((await list('operator', { truckId: own.id, ...range })).resultCode).toBe(200);
  });

  it('lists no photos for a truck without a camera row, and only the channels its camera has', async () => {
    const db = seeded.server.services.db;
    const range = { startTime: end - 3 * DAY_MS, endTime: end };
    // A truck the seed gave no camera, with trigger events in the range (photos it would take with a camera).
    const cameraless = await db.selectFrom('event').innerJoin('truck', 'truck.id', 'event.truckId')
      .leftJoin('truckCamera', 'truckCamera.truckId', 'truck.id')
      .select(['event.id', 'event.truckId']).where('truckCamera.id', 'is', null)
      .where('event.kind', 'in', ['offline', 'switch_cover', 'emergency_valve', 'unload']).where('event.startTime', '>=', range.startTime)
      .orderBy('event.id').executeTakeFirstOrThrow();
    expect(await list('admin', { truckId: cameraless.truckId, ...range })).toMatchObject({ resultCode: 200, data: { photos: [], total: 0 } });
    for (const channel of [1, 2]) {
      const none = await image('admin', `${cameraless.id}-${channel}`);
      expect(JSON.parse(none.bytes.toString('utf8'))).toMatchObject({ resultCode: 404 });
    }
    // A manhole names channel 2 and a lost console channels 1 and 2: with a one-channel camera only channel 1 took one.
    const named = await db.selectFrom('event').innerJoin('truckCamera', 'truckCamera.truckId', 'event.truckId')
      .select(['event.truckId', 'event.startTime', 'truckCamera.totalChannels']).where('event.kind', 'in', ['offline', 'switch_cover'])
      .where('truckCamera.totalChannels', '>=', 2).orderBy('event.id').executeTakeFirstOrThrow();
    const around = { truckId: named.truckId, startTime: Number(named.startTime) - DAY_MS, endTime: Number(named.startTime) + DAY_MS };
    const before = (await list('admin', around)).data.photos;
    const second = before.find((photo) => photo.channel === 2);
    if (!second) throw new Error('no photo on channel 2');
    await db.updateTable('truckCamera').set({ totalChannels: 1 }).where('truckId', '=', named.truckId).execute();
    try {
      const after = await list('admin', around);
      expect(after.data.photos).toEqual(before.filter((photo) => photo.channel === 1));
      expect(after.data.total).toBe(after.data.photos.length);
      expect(JSON.parse((await image('admin', second.id)).bytes.toString('utf8'))).toMatchObject({ resultCode: 404 });
    } finally {
      await db.updateTable('truckCamera').set({ totalChannels: named.totalChannels }).where('truckId', '=', named.truckId).execute();
    }
  });

  it('refuses a range over 3 days or reversed, in the caller language, and allows exactly 3 days', async () => {
    const zh = await list('admin', { truckId: own.id, startTime: end - 3 * DAY_MS - 1, endTime: end });
    expect(zh).toMatchObject({ resultCode: 400, message: '照片查询时间不能超过3天' });
    const en = await list('admin', { truckId: own.id, startTime: end - 4 * DAY_MS, endTime: end }, 'en');
    expect(en).toMatchObject({ resultCode: 400, message: 'A photo search can cover at most 3 days' });
    const reversed = await list('admin', { truckId: own.id, startTime: end, endTime: end - 1 }, 'en');
    expect(reversed).toMatchObject({ resultCode: 400, message: 'The start time must not be after the end time' });
    expect((await list('admin', { truckId: own.id, startTime: end - 3 * DAY_MS, endTime: end })).resultCode).toBe(200);
  });

  it('refuses bad values and a query without a truck, in the caller language', async () => {
    const range = { startTime: end - DAY_MS, endTime: end };
    expect(await list('admin', range, 'en')).toMatchObject({ resultCode: 400, message: 'Give a truck id or a plate' });
    expect(await list('admin', range)).toMatchObject({ resultCode: 400, message: '请提供车辆编号或车牌号' });
    expect((await list('admin', { truckId: own.id, ...range, trigger: 'timer' }, 'en')).resultCode).toBe(400);
    expect((await list('admin', { truckId: own.id, startTime: 'yesterday', endTime: end }, 'en')).resultCode).toBe(400);
    expect(await list('admin', { truckId: own.id, startTime: end - DAY_MS }, 'en')).toMatchObject({ resultCode: 400, message: 'Missing field: endTime' });
  });

  it('answers an empty list for a range without events', async () => {
    const answer = await list('admin', { truckId: own.id, startTime: 1000, endTime: 2000 });
    expect(answer).toMatchObject({ resultCode: 200, data: { photos: [], total: 0 } });
  });

  it('shows an operator neither the list nor the images of another company truck', async () => {
    const range = { startTime: end - 3 * DAY_MS, endTime: end };
    expect(await list('operator', { truckId: foreign.id, ...range }, 'en')).toMatchObject({ resultCode: 404, message: `Truck #${foreign.id} does not exist`, data: { unknownTruck: true } });
    expect(await list('operator', { plate: foreign.signCode, ...range }, 'en')).toMatchObject({ resultCode: 404, message: `Plate ${foreign.signCode} does not exist` });
    const theirs = (await list('admin', { truckId: foreign.id, ...range })).data.photos[0];
    if (!theirs) throw new Error('the other company truck has no photos');
    const refused = await image('operator', theirs.id);
    expect(refused.type).toMatch(/json/);
    expect(JSON.parse(refused.bytes.toString('utf8'))).toMatchObject({ resultCode: 404 });
    expect((await image('admin', theirs.id)).type).toBe('image/jpeg');
  });

  it('answers 404 for a channel the mask did not name and for no such photo', async () => {
    const photo = (await list('admin', { truckId: own.id, startTime: end - 3 * DAY_MS, endTime: end, trigger: 'manhole' })).data.photos[0];
    if (!photo) throw new Error('no manhole photo');
    const other = await image('admin', `${photo.eventId}-8`);
    expect(JSON.parse(other.bytes.toString('utf8'))).toMatchObject({ resultCode: 404 });
    const none = await image('admin', '2147483647-1');
    expect(JSON.parse(none.bytes.toString('utf8'))).toMatchObject({ resultCode: 404 });
    const bad = await image('admin', '../etc-1');
    expect(JSON.parse(bad.bytes.toString('utf8'))).toMatchObject({ resultCode: 400 });
  });

  it('renders a JPEG per photo and size whose bytes differ per channel, the same bytes however many ask at once', async () => {
    // A lost console photographs channels 1 and 2 (mask 3): two pictures of one moment.
    const offline = await seeded.server.services.db.selectFrom('event').innerJoin('truckCamera', 'truckCamera.truckId', 'event.truckId')
      .select(['event.truckId', 'event.startTime']).where('event.kind', '=', 'offline').where('truckCamera.totalChannels', '>=', 2)
      .orderBy('event.id').executeTakeFirstOrThrow();
    const at = Number(offline.startTime);
    const photos = (await list('admin', { truckId: offline.truckId, startTime: at, endTime: at, trigger: 'lostConsole' })).data.photos;
    const [first, second] = photos;
    if (!first || !second || first.eventId !== second.eventId) throw new Error('no lost-console event with two channels');
    const [a, b, c, thumb] = await Promise.all([image('admin', first.id), image('admin', first.id), image('admin', first.id), image('admin', first.id, 'thumb')]);
    for (const shot of [a, b, c, thumb]) {
      expect(shot.type).toBe('image/jpeg');
      expect([...shot.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect([...shot.bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    }
    expect(b.bytes.equals(a.bytes) && c.bytes.equals(a.bytes)).toBe(true);
    expect(thumb.bytes.length).toBeLessThan(a.bytes.length);
    const dir = path.join(seeded.server.services.mediaDir, 'photos');
    const files = fs.readdirSync(dir);
    expect(files.filter((name) => name.startsWith(`${first.eventId}-${first.channel}-`)).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.full\.jpg$/), expect.stringMatching(/\.thumb\.jpg$/)]),
    );
    expect(files.filter((name) => name.startsWith(`${first.eventId}-${first.channel}-`))).toHaveLength(2);
    expect(files.some((name) => name.startsWith('.render-'))).toBe(false);
    const otherChannel = await image('admin', second.id);
    expect(otherChannel.type).toBe('image/jpeg');
    expect(otherChannel.bytes.equals(a.bytes)).toBe(false);
  });
});
