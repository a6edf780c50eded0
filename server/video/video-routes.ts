// The video calls (docs/video.md): a truck's camera, a channel's live stream, its recordings in a range of at
// most a day and a recording as VOD, each for whoever holds one of the video screens, on the caller's companies'
// trucks only. A stream that cannot play answers "no signal" with its reason; an unknown truck is refused.
import type { FastifyRequest } from 'fastify';
import { translate } from '../../domain/i18n';
import { envelope, NOT_FOUND } from '../../domain/wire/envelope';
import {
  CLIP_MAX_MS, MAX_CHANNELS, recordingsRangeProblem, VIDEO_CALL_PATHS,
  type CameraAnswer, type ChannelQuery, type NoSignalReason, type RecordingsAnswer, type RecordingsQuery, type StreamAnswer,
} from '../../domain/video/video-wire';
import { authOf } from '../auth/guard';
import { failData, failText, langOf } from '../envelope';
import { FfmpegMissing } from '../media/ffmpeg';
import { field, type ContractPlugin } from '../routes/plugin';
import { liveProblem, readCamera, recordingProblem, type TruckCamera } from './camera-read';
import { clipName, renderClip } from './clip-render';
import { liveStreamsOf } from './live-streams';
import { isRecording, readRecordings } from './recordings';
import { PLAYLIST } from './stream-args';
import { streamFileRoutes } from './stream-files';
import { VIDEO_SCREENS } from './video-access';


const CHANNEL = { truckId: field.id, channel: { type: 'integer', minimum: 1, maximum: MAX_CHANNELS } } as const;
const CAMERA_QUERY = { type: 'object', required: ['truckId'], properties: { truckId: field.id } } as const;
const CHANNEL_QUERY = { type: 'object', required: ['truckId', 'channel'], properties: CHANNEL } as const;
const RANGE_QUERY = {
  type: 'object',
  required: ['truckId', 'channel', 'startTime', 'endTime'],
  properties: { ...CHANNEL, startTime: field.time, endTime: field.time },
} as const;

export const videoRoutes: ContractPlugin = async (app, { services }) => {
  const streams = liveStreamsOf(services);
  app.addHook('onClose', async () => streams.close());

  /** The caller's truck's camera, or the refusal to send. */
  const cameraOf = async (request: FastifyRequest, truckId: number): Promise<TruckCamera | undefined> =>
    readCamera(services.db, truckId, authOf(request).companyCodes);
  // Refused with the reason as data: the console tells it from a backend without the call (a bare 404).
  const unknownTruck = (request: FastifyRequest, truckId: number) =>
    failData(request, NOT_FOUND, 'server.notFoundId', { name: translate(langOf(request), 'video.truckId', { id: truckId }) }, { reason: 'unknownTruck' as const });
  const noSignal = (camera: TruckCamera, channel: number, reason: NoSignalReason) =>
    envelope<StreamAnswer>({ state: 'noSignal', signCode: camera.signCode, channel, reason });
  const playing = (camera: TruckCamera, channel: number, playlist: string) =>
    envelope<StreamAnswer>({ state: 'playing', signCode: camera.signCode, channel, playlist });

  app.get<{ Querystring: { truckId: number } }>(
    VIDEO_CALL_PATHS.camera,
    { config: { access: VIDEO_SCREENS }, schema: { querystring: CAMERA_QUERY } },
    async (request) => {
      const camera = await cameraOf(request, request.query.truckId);
      if (!camera) return unknownTruck(request, request.query.truckId);
      const { truckId, signCode, totalChannels, realtimeVideo, recording, online } = camera;
      return envelope<CameraAnswer>({ truckId, signCode, totalChannels, realtimeVideo, recording, online });
    },
  );

  app.get<{ Querystring: ChannelQuery }>(
    VIDEO_CALL_PATHS.live,
    { config: { access: VIDEO_SCREENS }, schema: { querystring: CHANNEL_QUERY } },
    async (request) => {
      const { truckId, channel } = request.query;
      const camera = await cameraOf(request, truckId);
      if (!camera) return unknownTruck(request, truckId);
      const problem = liveProblem(camera, channel);
      if (problem) return noSignal(camera, channel, problem);
      const opened = await streams.open({ truckId, channel, signCode: camera.signCode, companyCode: camera.companyCode });
      if (!opened.ok) return noSignal(camera, channel, opened.reason);
      return playing(camera, channel, `${VIDEO_CALL_PATHS.files}/live/${opened.folder}/${PLAYLIST}`);
    },
  );

  app.get<{ Querystring: RecordingsQuery }>(
    VIDEO_CALL_PATHS.recordings,
    { config: { access: VIDEO_SCREENS }, schema: { querystring: RANGE_QUERY } },
    async (request) => {
      const { truckId, channel, startTime, endTime } = request.query;
      const range = recordingsRangeProblem(startTime, endTime);
      if (range) return failText(request, 400, range);
      const camera = await cameraOf(request, truckId);
      if (!camera) return unknownTruck(request, truckId);
      const reason = recordingProblem(camera, channel) ?? null;
      const recordings = reason ? [] : await readRecordings(services.db, truckId, startTime, endTime);
      return envelope<RecordingsAnswer>({ truckId, signCode: camera.signCode, channel, recordings, reason });
    },
  );

  app.get<{ Querystring: RecordingsQuery }>(
    VIDEO_CALL_PATHS.clip,
    { config: { access: VIDEO_SCREENS }, schema: { querystring: RANGE_QUERY } },
    async (request) => {
      const { truckId, channel, startTime, endTime } = request.query;
      if (startTime >= endTime || endTime - startTime > CLIP_MAX_MS) return failText(request, 400, 'video.badClip');
      const camera = await cameraOf(request, truckId);
      if (!camera) return unknownTruck(request, truckId);
      const reason = recordingProblem(camera, channel);
      if (reason) return noSignal(camera, channel, reason);
      if (!(await isRecording(services.db, truckId, { startTime, endTime }))) return failText(request, NOT_FOUND, 'video.badClip');
      const clip = { truckId, channel, signCode: camera.signCode, startTime, endTime };
      try {
        await renderClip(services, clip);
      } catch (error) {
        if (error instanceof FfmpegMissing) return noSignal(camera, channel, 'ffmpegMissing');
        request.log.error({ err: error }, 'clip render failed');
        return noSignal(camera, channel, 'failed');
      }
      return playing(camera, channel, `${VIDEO_CALL_PATHS.files}/clip/${clipName(clip)}/${PLAYLIST}`);
    },
  );

  await app.register(streamFileRoutes, { services, streams });
};
