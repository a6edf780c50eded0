// The playback's filters in the URL query while the screen is on show (the shared URL-filter hook, as the photos).
import { useUrlFilters, type UrlFilterCodec } from '../live/use-url-filters';
import { playbackSearch, readPlaybackFilters, type PlaybackFilters } from './playback-filters';

const PLAYBACK_QUERY: UrlFilterCodec<PlaybackFilters> = { read: readPlaybackFilters, write: playbackSearch };

export function usePlaybackFilters(path: string): readonly [PlaybackFilters, (next: PlaybackFilters) => void] {
  return useUrlFilters(path, PLAYBACK_QUERY);
}
