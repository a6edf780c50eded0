// The wire of view_photos (docs/photos.md): GET /photos lists the snapshots one truck's events triggered in a
// range, GET /photo answers one as a JPEG. Both are our own calls, absent from a legacy backend.
import { isFiniteNumber, isRecord } from '../wire/guards';
import { isPhotoTrigger, type PhotoTrigger } from './photo-triggers';

/** Below the shared client's base path. */
export const PHOTO_CALL_PATHS = { list: '/photos', image: '/photo' } as const;

/** A photo search covers at most this many days (as track playback: a truck's 3 days of events stay a few hundred photos). */
export const PHOTO_MAX_DAYS = 3;
/** The most photos one answer lists; `total` tells how many the range holds. */
export const PHOTO_LIST_LIMIT = 1000;

/** The two sizes of a snapshot: `full` for the viewer, `thumb` for the grid (same picture, scaled down). */
export const PHOTO_SIZES = ['full', 'thumb'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];
export const PHOTO_PIXELS: Readonly<Record<PhotoSize, { readonly width: number; readonly height: number }>> = {
  full: { width: 960, height: 540 },
  thumb: { width: 320, height: 180 },
};

/** One truck, by id or plate (one of them), and a range in epoch ms, both ends included. */
export interface PhotoQuery {
  readonly truckId?: number;
  readonly plate?: string;
  readonly startTime: number;
  readonly endTime: number;
  /** Only this trigger's photos; all when absent. */
  readonly trigger?: PhotoTrigger;
}

/** One snapshot: channel `channel` of the event `eventId`, taken at the event's start. */
export interface Photo {
  /** `<eventId>-<channel>`: what GET /photo takes. */
  readonly id: string;
  readonly eventId: number;
  readonly channel: number;
  readonly trigger: PhotoTrigger;
  readonly time: number;
}

export interface PhotoListAnswer {
  readonly truckId: number;
  readonly signCode: string;
  /** In time order, then channel; at most PHOTO_LIST_LIMIT. */
  readonly photos: readonly Photo[];
  /** How many photos the range holds (more than `photos.length` when the list was cut). */
  readonly total: number;
}

/**
 * The data of GET /photos's 404 for a truck that is not the caller's: it tells this refusal from a backend without the
 * call (whose 404 carries none).
 */
export interface UnknownPhotoTruck {
  readonly unknownTruck: true;
}

export function isUnknownPhotoTruck(value: unknown): value is UnknownPhotoTruck {
  return isRecord(value) && value['unknownTruck'] === true;
}

export interface PhotoImageQuery {
  readonly id: string;
  readonly size?: PhotoSize;
}

const PHOTO_ID = /^([1-9]\d{0,9})-([1-8])$/;

export function photoId(eventId: number, channel: number): string {
  return `${eventId}-${channel}`;
}

/** The event and channel of a photo id, or undefined for text that is none. */
export function parsePhotoId(id: string): { readonly eventId: number; readonly channel: number } | undefined {
  const match = PHOTO_ID.exec(id);
  if (!match) return undefined;
  const eventId = Number(match[1]);
  return eventId <= 2 ** 31 - 1 ? { eventId, channel: Number(match[2]) } : undefined;
}

/** The pattern GET /photo's schema checks the id with. */
export const PHOTO_ID_PATTERN = PHOTO_ID.source;

function isPhoto(value: unknown): value is Photo {
  return isRecord(value) && typeof value['id'] === 'string' && isFiniteNumber(value['eventId']) && isFiniteNumber(value['channel'])
    && isPhotoTrigger(value['trigger']) && isFiniteNumber(value['time']);
}

export function isPhotoListAnswer(value: unknown): value is PhotoListAnswer {
  return isRecord(value) && isFiniteNumber(value['truckId']) && typeof value['signCode'] === 'string' && isFiniteNumber(value['total'])
    && Array.isArray(value['photos']) && value['photos'].every(isPhoto);
}
