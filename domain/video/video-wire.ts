// The video calls' wire shapes (docs/video.md): a truck camera's live stream and its recordings, each either
// an HLS playlist the console plays in its own <video> element or "no signal" with the reason the pane shows. These
// calls are our extension: a legacy backend has none of them (its users watch through the video software plugin).
import type { LocaleKey } from '../i18n';
import { DAY_MS, MINUTE_MS } from '../format/time';
import { checkStartBeforeEnd } from '../validation/query-range';
import { isFiniteNumber, isRecord } from '../wire/guards';

/** Where the video calls live, below the shared client's base path. Stream files are under `files`. */
export const VIDEO_CALL_PATHS = {
  camera: '/video/camera',
  live: '/video/live',
  recordings: '/video/recordings',
  clip: '/video/clip',
  files: '/video/files',
} as const;

/** A camera has channels 1…16 (camera setup's totalChannels). */
export const MAX_CHANNELS = 16;

/** Why a pane has no picture. */
const NO_SIGNAL_REASONS = [
  'unknownTruck', 'offline', 'noCamera', 'videoOff', 'noChannel', 'recordingOff', 'ffmpegMissing', 'busy', 'failed', 'notOffered', 'noTruck',
] as const;
export type NoSignalReason = (typeof NO_SIGNAL_REASONS)[number];

function isNoSignalReason(value: unknown): value is NoSignalReason {
  return typeof value === 'string' && (NO_SIGNAL_REASONS as readonly string[]).includes(value);
}

export function noSignalKey(reason: NoSignalReason): LocaleKey {
  return `video.reason.${reason}`;
}

/** A truck and one of its camera's channels. */
export interface ChannelQuery {
  readonly truckId: number;
  readonly channel: number;
}

/** A stream to play: its playlist's path below the base path, or why there is none. */
export type StreamAnswer =
  | { readonly state: 'playing'; readonly signCode: string; readonly channel: number; readonly playlist: string }
  | { readonly state: 'noSignal'; readonly signCode: string; readonly channel: number; readonly reason: NoSignalReason };

/** GET /video/camera: a truck's camera as the screens need it (how many panes), and whether it streams now. */
export interface CameraAnswer {
  readonly truckId: number;
  readonly signCode: string;
  /** 0 without a camera row. */
  readonly totalChannels: number;
  readonly realtimeVideo: boolean;
  readonly recording: boolean;
  readonly online: boolean;
}

export interface RecordingsQuery extends ChannelQuery {
  readonly startTime: number;
  readonly endTime: number;
}

/** One recorded clip: epoch ms, at most CLIP_MAX_MS long. */
export interface Recording {
  readonly startTime: number;
  readonly endTime: number;
}

/** GET /video/recordings: the clips of a channel in a range, or why there are none (recording off, no such channel). */
export interface RecordingsAnswer {
  readonly truckId: number;
  readonly signCode: string;
  readonly channel: number;
  readonly recordings: readonly Recording[];
  readonly reason: NoSignalReason | null;
}

/** Recordings are asked for over at most a day: a day of 3-minute clips is at most 480 rows. */
const RECORDINGS_MAX_MS = DAY_MS;
/** A clip lasts at most this long, so rendering it takes about a second (docs/video.md). */
export const CLIP_MAX_MS = 3 * MINUTE_MS;

/** The range rule of GET /video/recordings, shared by the console's form and the server. */
export function recordingsRangeProblem(startTime: number, endTime: number): LocaleKey | undefined {
  const order = checkStartBeforeEnd(startTime, endTime);
  if (order !== undefined) return order;
  return endTime - startTime > RECORDINGS_MAX_MS ? 'video.rangeTooLong' : undefined;
}

export function isStreamAnswer(value: unknown): value is StreamAnswer {
  if (!isRecord(value) || typeof value['signCode'] !== 'string' || !isFiniteNumber(value['channel'])) return false;
  if (value['state'] === 'playing') return typeof value['playlist'] === 'string';
  return value['state'] === 'noSignal' && isNoSignalReason(value['reason']);
}

export function isCameraAnswer(value: unknown): value is CameraAnswer {
  return isRecord(value) && isFiniteNumber(value['truckId']) && typeof value['signCode'] === 'string' && isFiniteNumber(value['totalChannels'])
    && typeof value['realtimeVideo'] === 'boolean' && typeof value['recording'] === 'boolean' && typeof value['online'] === 'boolean';
}

export function isRecordingsAnswer(value: unknown): value is RecordingsAnswer {
  return isRecord(value) && isFiniteNumber(value['truckId']) && typeof value['signCode'] === 'string' && Array.isArray(value['recordings'])
    && value['recordings'].every((r) => isRecord(r) && isFiniteNumber(r['startTime']) && isFiniteNumber(r['endTime']))
    && (value['reason'] === null || isNoSignalReason(value['reason']));
}
