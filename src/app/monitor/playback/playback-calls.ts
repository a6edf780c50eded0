// The playback's one call: GET /track (docs/playback.md), its answer checked before use.
import i18next from 'i18next';
import { callPath, CallError } from '../../../api/client';
import { isTrackAnswer, TRACK_CALL_PATH, type TrackAnswer, type TrackQuery } from '../../../../domain/playback/track-wire';

export async function fetchTrack(query: TrackQuery): Promise<TrackAnswer> {
  const answer = await callPath<unknown>('GET', TRACK_CALL_PATH, { ...query });
  if (isTrackAnswer(answer)) return answer;
  throw new CallError(i18next.t('error.readDataFail'), undefined, undefined, false);
}
