// The photos of one truck in a range (docs/photos.md), derived from its event rows: each event of a trigger kind took
// one snapshot on every channel its trigger's camera mask named at the event's start. No table of photos: the 30 days
// of history have their photos as soon as they have their events. Only channels the truck's camera has take pictures
// (camera_setup's totalChannels, as the video screens judge 'no camera' / 'no such channel'): a mask naming channel 4
// on a two-channel sprinkler photographs nothing there, and a truck without a camera row takes no photos at all.
import type { EventKind } from '../../domain/events';
import { maskChannels, PHOTO_TRIGGERS, TRIGGER_EVENT_KINDS, triggerOfKind, type PhotoTrigger } from '../../domain/photos/photo-triggers';
import { PHOTO_LIST_LIMIT, photoId, type Photo, type PhotoListAnswer, type PhotoQuery } from '../../domain/photos/photo-wire';
import { scopedFrom } from '../auth/company-scope';
import type { Db } from '../db/open';
import { readMaskHistory } from './camera-masks';

interface PhotoTruck {
  readonly id: number;
  readonly signCode: string;
  /** Its camera's channel count; 0 when it has no camera row. */
  readonly totalChannels: number;
}

/** Whether a camera of `totalChannels` channels has this channel (none for a truck without a camera). */
function hasChannel(totalChannels: number, channel: number): boolean {
  return channel >= 1 && channel <= totalChannels;
}

/** The truck a query names (by id, else by plate) among the caller's companies; undefined when it is none of theirs. */
export async function findPhotoTruck(db: Db, query: Pick<PhotoQuery, 'truckId' | 'plate'>, companyCodes: readonly string[]): Promise<PhotoTruck | undefined> {
  let select = scopedFrom(db, companyCodes, 'truck', 't').leftJoin('truckCamera as c', 'c.truckId', 't.id')
    .select(['t.id', 't.signCode', 'c.totalChannels']);
  if (query.truckId !== undefined) select = select.where('t.id', '=', query.truckId);
  else if (query.plate !== undefined) select = select.where('t.signCode', '=', query.plate);
  else return undefined;
  const row = await select.orderBy('t.id').executeTakeFirst();
  return row && { id: row.id, signCode: row.signCode, totalChannels: Number(row.totalChannels ?? 0) };
}

function kindsOf(trigger: PhotoTrigger | undefined): EventKind[] {
  return (trigger ? [trigger] : [...PHOTO_TRIGGERS]).flatMap((one) => [...TRIGGER_EVENT_KINDS[one]]);
}

export async function listPhotos(db: Db, truck: PhotoTruck, query: PhotoQuery): Promise<PhotoListAnswer> {
  const { startTime, endTime } = query;
  if (truck.totalChannels <= 0) return { truckId: truck.id, signCode: truck.signCode, photos: [], total: 0 };
  const [events, masks] = await Promise.all([
    db.selectFrom('event').select(['id', 'kind', 'startTime'])
      .where('truckId', '=', truck.id).where('kind', 'in', kindsOf(query.trigger))
      .where('startTime', '>=', startTime).where('startTime', '<=', endTime)
      .orderBy('startTime').orderBy('id').execute(),
    readMaskHistory(db, truck.id, startTime),
  ]);
  const photos: Photo[] = [];
  let total = 0;
  for (const event of events) {
    const trigger = triggerOfKind(event.kind);
    if (!trigger) continue;
    const time = Number(event.startTime);
    for (const channel of maskChannels(masks.at(trigger, time))) {
      if (!hasChannel(truck.totalChannels, channel)) continue;
      total += 1;
      if (photos.length < PHOTO_LIST_LIMIT) photos.push({ id: photoId(event.id, channel), eventId: event.id, channel, trigger, time });
    }
  }
  return { truckId: truck.id, signCode: truck.signCode, photos, total };
}

/** One photo as the caller may see it: its truck's plate, trigger and time; undefined when no such photo is theirs. */
export interface PhotoFacts {
  readonly eventId: number;
  readonly channel: number;
  readonly trigger: PhotoTrigger;
  readonly time: number;
  readonly signCode: string;
}

export async function findPhoto(db: Db, eventId: number, channel: number, companyCodes: readonly string[]): Promise<PhotoFacts | undefined> {
  const row = await scopedFrom(db, companyCodes, 'truck').innerJoin('event', 'event.truckId', 'truck.id')
    .leftJoin('truckCamera', 'truckCamera.truckId', 'truck.id')
    .select(['event.id', 'event.kind', 'event.startTime', 'event.truckId', 'truck.signCode', 'truckCamera.totalChannels'])
    .where('event.id', '=', eventId).executeTakeFirst();
  const trigger = row && triggerOfKind(row.kind);
  if (!row || !trigger) return undefined;
  // A channel the camera does not have (or a truck without a camera) took no photo.
  if (!hasChannel(Number(row.totalChannels ?? 0), channel)) return undefined;
  const time = Number(row.startTime);
  // A channel the mask did not name took no photo.
  const masks = await readMaskHistory(db, row.truckId, time);
  if (!maskChannels(masks.at(trigger, time)).includes(channel)) return undefined;
  return { eventId: row.id, channel, trigger, time, signCode: row.signCode };
}
