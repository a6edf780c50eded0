// The photo screen's filters (view_photos): a plate, a range and a trigger, kept in the URL query (`plate`,
// `from`, `to` as epoch ms, `trigger`) so a link from another screen (`?plate=`) or a reload shows the same photos.
import type { UrlFilters } from '../../filters/use-url-filters';
import { readQueryTime } from '../live/query-time';
import { isPhotoTrigger, type PhotoTrigger } from '../../../../domain/photos/photo-triggers';
import { startOfZonedDay } from '../../../../domain/format/zone';

export interface PhotoFilters {
  /** The plate chosen ('' for none yet). */
  readonly plate: string;
  readonly startTime: number;
  readonly endTime: number;
  /** '' for every trigger. */
  readonly trigger: PhotoTrigger | '';
}

/** Today so far when the query names no range; an unknown trigger is every trigger. */
export function readPhotoFilters(search: string, now: number): PhotoFilters {
  const query = new URLSearchParams(search);
  const trigger = query.get('trigger');
  return {
    plate: query.get('plate')?.trim() ?? '',
    startTime: readQueryTime(query.get('from')) ?? startOfZonedDay(now),
    endTime: readQueryTime(query.get('to')) ?? now,
    trigger: isPhotoTrigger(trigger) ? trigger : '',
  };
}

export function photoSearch(filters: PhotoFilters): string {
  const query = new URLSearchParams();
  if (filters.plate !== '') query.set('plate', filters.plate);
  query.set('from', String(filters.startTime));
  query.set('to', String(filters.endTime));
  if (filters.trigger !== '') query.set('trigger', filters.trigger);
  return query.toString();
}

export const PHOTO_URL_FILTERS: UrlFilters<PhotoFilters> = { read: readPhotoFilters, write: photoSearch };
