// GET /photos and GET /photo (view_photos; docs/photos.md): one of the caller's trucks' snapshots in a range
// of at most 3 days, and one snapshot as a JPEG, for whoever holds the view_photos screen. A truck of another company
// is no truck: 404, as for a truck that does not exist.
import fs from 'node:fs/promises';
import type { RoutePath } from '../../domain/routes';
import { PHOTO_TRIGGERS } from '../../domain/photos/photo-triggers';
import { photoRangeProblem } from '../../domain/photos/photo-range';
import {
  parsePhotoId, PHOTO_CALL_PATHS, PHOTO_ID_PATTERN, PHOTO_SIZES, type PhotoImageQuery, type PhotoListAnswer, type PhotoQuery, type UnknownPhotoTruck,
} from '../../domain/photos/photo-wire';
import { translate } from '../../domain/i18n';
import { envelope, NOT_FOUND } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import { failData, failText, langOf } from '../envelope';
import { FfmpegMissing } from '../media/ffmpeg';
import { field, type ContractPlugin } from '../routes/plugin';
import { findPhoto, findPhotoTruck, listPhotos } from './photo-list';
import { photoFile } from './photo-render';

const PHOTOS_SCREEN: RoutePath = '/monitor/view_photos';

/** A plate is at most the truck table's sign code. */
const PLATE_MAX = 20;

const LIST_QUERY = {
  type: 'object',
  required: ['startTime', 'endTime'],
  properties: {
    truckId: field.id, plate: field.nonEmpty(PLATE_MAX), startTime: field.time, endTime: field.time,
    trigger: { type: 'string', enum: PHOTO_TRIGGERS },
  },
} as const;

const IMAGE_QUERY = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: PHOTO_ID_PATTERN }, size: { type: 'string', enum: PHOTO_SIZES } },
} as const;

/** A snapshot never changes once taken: the browser may keep it (per user: it is a company's). */
const IMAGE_CACHE = 'private, max-age=86400';

export const photoRoutes: ContractPlugin = async (app, { services }) => {
  app.get<{ Querystring: PhotoQuery }>(
    PHOTO_CALL_PATHS.list,
    { config: { access: PHOTOS_SCREEN }, schema: { querystring: LIST_QUERY } },
    async (request) => {
      const { truckId, plate, startTime, endTime } = request.query;
      if (truckId === undefined && plate === undefined) return failText(request, 400, 'photos.truckRequired');
      const problem = photoRangeProblem(startTime, endTime);
      if (problem) return failText(request, 400, problem.key, problem.values);
      const truck = await findPhotoTruck(services.db, request.query, authOf(request).companyCodes);
      if (!truck) {
        const unknown: UnknownPhotoTruck = { unknownTruck: true };
        return truckId !== undefined
          ? failData(request, NOT_FOUND, 'server.notFoundId', { name: translate(langOf(request), 'playback.truckId', { id: truckId }) }, unknown)
          : failData(request, NOT_FOUND, 'photos.plateNotFound', { plate: plate ?? '' }, unknown);
      }
      return envelope<PhotoListAnswer>(await listPhotos(services.db, truck, request.query));
    },
  );

  app.get<{ Querystring: PhotoImageQuery }>(
    PHOTO_CALL_PATHS.image,
    { config: { access: PHOTOS_SCREEN }, schema: { querystring: IMAGE_QUERY } },
    async (request, reply) => {
      const { id, size = 'full' } = request.query;
      const parsed = parsePhotoId(id);
      const photo = parsed && (await findPhoto(services.db, parsed.eventId, parsed.channel, authOf(request).companyCodes));
      if (!photo) return failText(request, NOT_FOUND, 'photos.photoNotFound', { id });
      let file: string;
      try {
        file = await photoFile(services.mediaDir, photo, size);
      } catch (error) {
        if (error instanceof FfmpegMissing) return failText(request, 503, 'photos.noFfmpeg');
        request.log.error({ err: error }, 'photo rendering failed');
        return failText(request, 500, 'photos.renderFailed');
      }
      return reply.type('image/jpeg').header('cache-control', IMAGE_CACHE).send(await fs.readFile(file));
    },
  );
};
