// A truck's camera masks over time (docs/photos.md): today's values are its ctlsyscfg.txt as the device last confirmed
// it (the field defaults when the server never read the device), and each confirmed change since a moment is a
// param_change row, whose old value is what the device held before it. So the mask at any time needs no table of its own.
import { paramFileDef } from '../../domain/params/catalogue';
import { paramNumber, paramValue, parseParamFile } from '../../domain/params/param-text';
import { PHOTO_TRIGGERS, TRIGGER_MASK_KEYS, type PhotoTrigger } from '../../domain/photos/photo-triggers';
import type { Db } from '../db/open';

const FILE = 'ctlsyscfg.txt';
const DEF = paramFileDef(FILE);

type CameraMasks = Readonly<Record<PhotoTrigger, number>>;

function maskNumber(key: string, raw: string | undefined): number | undefined {
  const field = DEF.header.find((candidate) => candidate.key === key);
  if (!field || raw === undefined) return undefined;
  const value = paramNumber(field, raw);
  return value !== undefined && Number.isInteger(value) && value >= 0 && value <= 255 ? value : undefined;
}

/** The masks as the file definition's defaults give them: what a device holds until someone sends it others. */
export const DEFAULT_MASKS: CameraMasks = Object.fromEntries(PHOTO_TRIGGERS.map((trigger) => {
  const key = TRIGGER_MASK_KEYS[trigger];
  const field = DEF.header.find((candidate) => candidate.key === key);
  return [trigger, typeof field?.default === 'number' ? field.default : 0];
})) as CameraMasks;

/** The masks the server's copy of the device's file holds now (reading, never making, the copy). */
async function currentMasks(db: Db, truckId: number): Promise<CameraMasks> {
  const stored = await db.selectFrom('deviceFile').select('content').where('truckId', '=', truckId).where('name', '=', FILE).executeTakeFirst();
  const parsed = stored ? parseParamFile(DEF, stored.content) : undefined;
  if (!parsed?.ok) return DEFAULT_MASKS;
  const doc = parsed.doc;
  return Object.fromEntries(PHOTO_TRIGGERS.map((trigger) => {
    const key = TRIGGER_MASK_KEYS[trigger];
    return [trigger, maskNumber(key, paramValue(doc, { key })) ?? DEFAULT_MASKS[trigger]];
  })) as CameraMasks;
}

/** A change of one trigger's mask, confirmed at `at`: before it the device held `before`. */
interface MaskChange {
  readonly trigger: PhotoTrigger;
  readonly at: number;
  readonly before: number;
}

/** The masks of one truck at any moment from `since` on. */
interface MaskHistory {
  at(trigger: PhotoTrigger, time: number): number;
}

export async function readMaskHistory(db: Db, truckId: number, since: number): Promise<MaskHistory> {
  const byKey = new Map(PHOTO_TRIGGERS.map((trigger) => [TRIGGER_MASK_KEYS[trigger], trigger] as const));
  const [now, rows] = await Promise.all([
    currentMasks(db, truckId),
    db.selectFrom('paramChange').select(['item', 'oldValue', 'changedAt'])
      .where('truckId', '=', truckId).where('file', '=', FILE).where('item', 'in', [...byKey.keys()]).where('changedAt', '>', since)
      .orderBy('changedAt').orderBy('id').execute(),
  ]);
  const changes: MaskChange[] = rows.flatMap((row) => {
    const trigger = byKey.get(row.item);
    const before = trigger && maskNumber(row.item, row.oldValue);
    return trigger && before !== undefined ? [{ trigger, at: Number(row.changedAt), before }] : [];
  });
  return {
    // The first change after the moment tells what the device held then; none: it holds the same today.
    at: (trigger, time) => changes.find((change) => change.trigger === trigger && change.at > time)?.before ?? now[trigger],
  };
}
