// Uploaded photos (a driver's, params spec §5): jpg, jpeg, gif or png under 1 MB, judged by the bytes themselves, kept
// in the database under a name made of their MD5 and their real type, so every server instance serves them and the
// same image uploaded twice is kept once.
import { createHash } from 'node:crypto';
import type { EntityDef } from '../../domain/screens/entities/definition';
import { UPLOAD_MAX_BYTES } from '../../domain/constants';
import { PHOTO_NAME, type FieldProblem } from '../../domain/screens/entities/validate';
import type { Db } from '../db/open';
import type { Cell } from './entity-table';

type PhotoType = 'jpg' | 'png' | 'gif';

const PHOTO_CONTENT_TYPES: Readonly<Record<PhotoType, string>> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** The image type the bytes begin with (their magic numbers), whatever the file was called. */
function photoType(bytes: Uint8Array): PhotoType | undefined {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  return undefined;
}

type PhotoCheck = { readonly ok: true; readonly type: PhotoType } | { readonly ok: false; readonly key: 'validation.photoType' | 'validation.photoSize' };

/** Type before size, as the console's own check (validation/upload.ts); under 1 MB, so exactly 1 MB is refused. */
export function checkPhotoBytes(bytes: Uint8Array): PhotoCheck {
  const type = photoType(bytes);
  if (!type) return { ok: false, key: 'validation.photoType' };
  return bytes.length < UPLOAD_MAX_BYTES ? { ok: true, type } : { ok: false, key: 'validation.photoSize' };
}

/** Stores checked bytes and answers their name. */
export async function storePhoto(db: Db, bytes: Buffer, type: PhotoType, userName: string, now: number): Promise<string> {
  const name = `${createHash('md5').update(bytes).digest('hex')}.${type}`;
  const known = await db.selectFrom('photo').select('name').where('name', '=', name).executeTakeFirst();
  if (!known) {
    await db
      .insertInto('photo')
      .values({ name, contentType: PHOTO_CONTENT_TYPES[type], bytes, uploadedBy: userName, uploadedAt: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  return name;
}

export async function readPhoto(db: Db, name: string): Promise<{ readonly contentType: string; readonly bytes: Buffer } | undefined> {
  if (!PHOTO_NAME.test(name)) return undefined;
  return db.selectFrom('photo').select(['contentType', 'bytes']).where('name', '=', name).executeTakeFirst();
}

/** A photo field names an uploaded photo (a name made up, or of a photo never uploaded, is refused). */
export async function photoProblem(db: Db, def: EntityDef, values: Readonly<Record<string, Cell>>): Promise<FieldProblem | undefined> {
  for (const field of def.fields) {
    const name = values[field.key];
    if (field.type !== 'photo' || typeof name !== 'string' || name === '') continue;
    const found = await db.selectFrom('photo').select('name').where('name', '=', name).executeTakeFirst();
    if (!found) return { field: field.key, key: 'validation.photoMissing' };
  }
  return undefined;
}
