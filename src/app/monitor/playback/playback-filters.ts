// The playback's filters (playback_track): a plate and a range, kept in the URL query (`plate`, `from`,
// `to` as epoch ms) so a link — the live map's "playback" for a truck, say — or a reload plays the same track.
import type { UrlFilters } from '../../filters/use-url-filters';
import { readQueryTime } from '../live/query-time';
import { startOfZonedDay } from '../../../../domain/format/zone';

export interface PlaybackFilters {
  /** The plate chosen ('' for none yet). */
  readonly plate: string;
  readonly startTime: number;
  readonly endTime: number;
}

/** Today so far when the query names no range (one day: well inside the 3 allowed). */
export function readPlaybackFilters(search: string, now: number): PlaybackFilters {
  const query = new URLSearchParams(search);
  return {
    plate: query.get('plate')?.trim() ?? '',
    startTime: readQueryTime(query.get('from')) ?? startOfZonedDay(now),
    endTime: readQueryTime(query.get('to')) ?? now,
  };
}

export function playbackSearch(filters: PlaybackFilters): string {
  const query = new URLSearchParams();
  if (filters.plate !== '') query.set('plate', filters.plate);
  query.set('from', String(filters.startTime));
  query.set('to', String(filters.endTime));
  return query.toString();
}

export const PLAYBACK_URL_FILTERS: UrlFilters<PlaybackFilters> = { read: readPlaybackFilters, write: playbackSearch };
