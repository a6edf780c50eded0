// The photo calls (docs/api.md, Master data): a screen with a photo field takes an upload at `/entity<path>/photo`
// (the raw bytes, any image type header), checked by content and answered with the stored name the form then saves;
// `/entity-photo/<name>` serves a stored photo to a holder of any such screen (the name is the content's MD5, not
// guessable).
import type { RoutePath } from '../../domain/routes';
import { ENTITIES } from '../../domain/screens/entities/registry';
import { ENTITY_RESULT, PHOTO_READ_PATH, photoUploadPath, type FieldRefusal, type StoredPhoto } from '../../domain/screens/entities/wire';
import { envelope } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import { failData, failText } from '../envelope';
import type { ContractPlugin } from '../routes/plugin';
import { checkPhotoBytes, readPhoto, storePhoto } from './photos';

/** The upload's body limit: above the 1 MB rule, so a larger photo is told the rule's own message rather than 413. */
const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

/** The screens with a photo field: their forms and lists show stored photos. */
const PHOTO_SCREENS: readonly RoutePath[] = Object.values(ENTITIES).flatMap((def) => (def.fields.some((field) => field.type === 'photo') ? [def.path] : []));

export const photoRoutes: ContractPlugin = async (app, { services }) => {
  // Any type: the bytes are judged, not the header (a renamed text file says image/png).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) => done(null, body));

  for (const def of Object.values(ENTITIES)) {
    const photo = def.fields.find((field) => field.type === 'photo');
    if (!photo) continue;
    app.post<{ Body: Buffer }>(photoUploadPath(def.path), { config: { access: def.path }, bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const check = checkPhotoBytes(bytes);
      if (!check.ok) return failData<FieldRefusal>(request, ENTITY_RESULT.refused, check.key, undefined, { field: photo.key });
      return envelope<StoredPhoto>({ name: await storePhoto(services.db, bytes, check.type, authOf(request).user.userName, Date.now()) });
    });
  }

  app.get<{ Params: { name: string } }>(`${PHOTO_READ_PATH}/:name`, { config: { access: PHOTO_SCREENS } }, async (request, reply) => {
    const photo = await readPhoto(services.db, request.params.name);
    if (!photo) return reply.send(failText(request, 404, 'server.notFound', { path: request.url.split('?')[0] ?? '' }));
    // The name is the content's hash: the bytes behind it never change.
    return reply.type(photo.contentType).header('cache-control', 'private, max-age=31536000, immutable').send(photo.bytes);
  });
};
