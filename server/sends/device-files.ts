// The server's copy of each truck's device files: what the device last confirmed. A truck's device holds
// its eleven catalogue files from the start (made from the truck's facts on first read), and a few settings of its
// own as JSON (parameters, camera, firmware versions); a confirmed send replaces the copy and bumps its version.
import { paramFileDef } from '../../domain/params/catalogue';
import { defaultParamFiles } from '../../domain/params/device-defaults';
import { isParamFileName } from '../../domain/params/catalogue-types';
import type { Db } from '../db/open';

/** Device state that is not a catalogue file, kept beside the files under these names. */
export const DEVICE_STATE_FILES = { parameter: 'parameter.json', camera: 'camera.json', firmware: 'firmware.json' } as const;

interface DeviceFile {
  readonly content: string;
  readonly version: number;
  readonly updatedAt: number;
}

/** Hours from UTC of a truck's '+08:00'. */
function zoneHours(timeZone: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(timeZone);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) + Number(match[3]) / 60) : 8;
}

/** Hardware left the factory with these: the console's version as its syscfg.txt reports it, and the controller's. */
const FACTORY_FIRMWARE = JSON.stringify({
  type1: paramFileDef('syscfg.txt').header.find((field) => field.key === 'sysVerStr')?.default ?? '',
  type2: 'V1.0.0',
});

async function initialContent(db: Db, truckId: number, name: string): Promise<string | undefined> {
  if (name === DEVICE_STATE_FILES.firmware) return FACTORY_FIRMWARE;
  if (!isParamFileName(name)) return Object.values(DEVICE_STATE_FILES).includes(name as never) ? '{}' : undefined;
  const truck = await db.selectFrom('truck').select(['signCode', 'compartments', 'consoleSn', 'timeZone']).where('id', '=', truckId).executeTakeFirst();
  if (!truck) return undefined;
  return defaultParamFiles({ plate: truck.signCode, compartments: truck.compartments, consoleSn: truck.consoleSn, timeZone: zoneHours(truck.timeZone) })[name];
}

/** The device's copy; made (version 1) when the device was never read. Undefined for no such truck or file. */
export async function readDeviceFile(db: Db, truckId: number, name: string, now: number): Promise<DeviceFile | undefined> {
  const stored = await db.selectFrom('deviceFile').select(['content', 'version', 'updatedAt']).where('truckId', '=', truckId).where('name', '=', name).executeTakeFirst();
  if (stored) return { ...stored, updatedAt: Number(stored.updatedAt) };
  const content = await initialContent(db, truckId, name);
  if (content === undefined) return undefined;
  // Two first reads at once both make the same file; the second insert does nothing.
  await db.insertInto('deviceFile').values({ truckId, name, content, version: 1, updatedAt: now }).onConflict((oc) => oc.columns(['truckId', 'name']).doNothing()).execute();
  return readDeviceFile(db, truckId, name, now);
}

/** Several trucks' copies of one file in a few queries; a copy never read is made as readDeviceFile makes it. */
export async function readDeviceFiles(db: Db, truckIds: readonly number[], name: string, now: number): Promise<Map<number, DeviceFile>> {
  const copies = new Map<number, DeviceFile>();
  for (let i = 0; i < truckIds.length; i += 500) {
    const rows = await db.selectFrom('deviceFile').select(['truckId', 'content', 'version', 'updatedAt'])
      .where('name', '=', name).where('truckId', 'in', truckIds.slice(i, i + 500)).execute();
    for (const row of rows) copies.set(row.truckId, { content: row.content, version: row.version, updatedAt: Number(row.updatedAt) });
  }
  for (const truckId of truckIds) {
    if (copies.has(truckId)) continue;
    const made = await readDeviceFile(db, truckId, name, now);
    if (made) copies.set(truckId, made);
  }
  return copies;
}

/**
 * Replaces the copy with what the device confirmed (version + 1), made from the copy it replaces, read once; `change`
 * answering undefined leaves the copy as it is. Returns the old content; '' for no such truck or file.
 */
export async function updateDeviceFile(db: Db, truckId: number, name: string, now: number, change: (old: string) => string | undefined): Promise<string> {
  const old = (await readDeviceFile(db, truckId, name, now))?.content;
  if (old === undefined) return '';
  const content = change(old);
  if (content !== undefined) {
    await db.updateTable('deviceFile').set((eb) => ({ content, version: eb('version', '+', 1), updatedAt: now })).where('truckId', '=', truckId).where('name', '=', name).execute();
  }
  return old;
}
