// The photo screen's filters in the URL query while the screen is on show (the shared URL-filter hook, as playback).
import { useUrlFilters, type UrlFilterCodec } from '../live/use-url-filters';
import { photoSearch, readPhotoFilters, type PhotoFilters } from './photo-filters';

const PHOTO_QUERY: UrlFilterCodec<PhotoFilters> = { read: readPhotoFilters, write: photoSearch };

export function usePhotoFilters(path: string): readonly [PhotoFilters, (next: PhotoFilters) => void] {
  return useUrlFilters(path, PHOTO_QUERY);
}
