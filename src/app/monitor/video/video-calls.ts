// The video screens' calls (docs/video.md), each answer checked before use. They are our additions: a legacy backend
// has none, which comes back as 'notOffered' for the screen to say so (its users watch through the video plugin).
import i18next from 'i18next';
import { callPath, CallError, isMissingCall } from '../../../api/client';
import {
  isCameraAnswer, isRecordingsAnswer, isStreamAnswer, VIDEO_CALL_PATHS,
  type CameraAnswer, type ChannelQuery, type RecordingsAnswer, type RecordingsQuery, type StreamAnswer,
} from '../../../../domain/video/video-wire';
import { isRecord } from '../../../../domain/wire/guards';

export type Offered<T> = T | 'notOffered';

/** A refusal the pane shows as its reason (an unknown truck): its message, not a toast. */
export class VideoRefusal extends Error {}

async function ask<T>(path: string, query: Readonly<Record<string, number>>, check: (value: unknown) => value is T): Promise<Offered<T>> {
  let answer: unknown;
  try {
    answer = await callPath<unknown>('GET', path, query, { optional: true });
  } catch (error) {
    // Our server refuses an unknown truck with the reason as data; a 404 without it is a backend lacking the call.
    if (error instanceof CallError && isRecord(error.data) && error.data['reason'] === 'unknownTruck') throw new VideoRefusal(error.message);
    if (isMissingCall(error)) return 'notOffered';
    throw error;
  }
  if (check(answer)) return answer;
  throw new CallError(i18next.t('error.readDataFail'), undefined, undefined, false);
}

export const fetchCamera = (truckId: number) => ask<CameraAnswer>(VIDEO_CALL_PATHS.camera, { truckId }, isCameraAnswer);
export const fetchLive = (query: ChannelQuery) => ask<StreamAnswer>(VIDEO_CALL_PATHS.live, { ...query }, isStreamAnswer);
export const fetchRecordings = (query: RecordingsQuery) => ask<RecordingsAnswer>(VIDEO_CALL_PATHS.recordings, { ...query }, isRecordingsAnswer);
export const fetchClip = (query: RecordingsQuery) => ask<StreamAnswer>(VIDEO_CALL_PATHS.clip, { ...query }, isStreamAnswer);
