// The photo screen's calls (docs/photos.md): the list, its answer checked before use, and each image's address, which
// an <img> loads with the session cookie. A legacy backend has neither: the list then says so instead of failing.
import i18next from 'i18next';
import { callPath, CallError, isMissingCall } from '../../../api/client';
import { API_BASE } from '../../../../workers/backend-address';
import { isPhotoListAnswer, isUnknownPhotoTruck, PHOTO_CALL_PATHS, type PhotoListAnswer, type PhotoQuery, type PhotoSize } from '../../../../domain/photos/photo-wire';

/** The photos, or 'notOffered' from a backend without the call. */
export async function fetchPhotos(query: PhotoQuery): Promise<PhotoListAnswer | 'notOffered'> {
  try {
    const answer = await callPath<unknown>('GET', PHOTO_CALL_PATHS.list, { ...query }, { optional: true });
    if (isPhotoListAnswer(answer)) return answer;
  } catch (error) {
    // Our 404 for a truck not the caller's carries data; a backend without the call answers a bare 404.
    if (isMissingCall(error) && !(error instanceof CallError && isUnknownPhotoTruck(error.data))) return 'notOffered';
    throw error;
  }
  throw new CallError(i18next.t('error.readDataFail'), undefined, undefined, false);
}

export function photoUrl(id: string, size: PhotoSize): string {
  return `${API_BASE}${PHOTO_CALL_PATHS.image}?${new URLSearchParams({ id, size }).toString()}`;
}
