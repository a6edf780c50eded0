// A truck's camera as the video calls judge it (docs/video.md): the truck only when it is one of the caller's
// companies', its camera row (camera setup, table truck_camera), and whether it is online now (truck_live).
import { TRUCK_STATUS } from '../../domain/truck-status';
import type { CameraAnswer, NoSignalReason } from '../../domain/video/video-wire';
import { scopedFrom } from '../auth/company-scope';
import type { Db } from '../db/open';

export interface TruckCamera extends CameraAnswer {
  readonly companyCode: string;
}

/** The truck's camera, or undefined when the truck does not exist or is not one of these companies'. */
export async function readCamera(db: Db, truckId: number, companyCodes: readonly string[]): Promise<TruckCamera | undefined> {
  const row = await scopedFrom(db, companyCodes, 'truck', 't')
    .leftJoin('truckCamera as c', 'c.truckId', 't.id')
    .leftJoin('truckLive as l', 'l.truckId', 't.id')
    .select(['t.id', 't.signCode', 't.companyCode', 'c.totalChannels', 'c.recording', 'c.realtimeVideo', 'l.status'])
    .where('t.id', '=', truckId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    truckId: row.id,
    signCode: row.signCode,
    companyCode: row.companyCode,
    totalChannels: row.totalChannels ?? 0,
    realtimeVideo: Number(row.realtimeVideo) === 1,
    recording: Number(row.recording) === 1,
    online: row.status !== null && row.status !== undefined && Number(row.status) !== TRUCK_STATUS.offline,
  };
}

/** Why this channel cannot stream live now, or undefined when it may. */
export function liveProblem(camera: CameraAnswer, channel: number): NoSignalReason | undefined {
  if (camera.totalChannels === 0) return 'noCamera';
  if (channel > camera.totalChannels) return 'noChannel';
  if (!camera.realtimeVideo) return 'videoOff';
  if (!camera.online) return 'offline';
  return undefined;
}

/** Why this channel has no recordings to list or play, or undefined when it records. */
export function recordingProblem(camera: CameraAnswer, channel: number): NoSignalReason | undefined {
  if (camera.totalChannels === 0) return 'noCamera';
  if (channel > camera.totalChannels) return 'noChannel';
  return camera.recording ? undefined : 'recordingOff';
}
