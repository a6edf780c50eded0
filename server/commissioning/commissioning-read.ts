// What the server knows of one truck's console for the commissioning check (docs/commissioning.md): its master data,
// its live row and newest heartbeat, the device's copies of the five files the check reads and its firmware state,
// and the newest console and controller releases of its company. Judging is the domain's (commissioning.ts).
import { paramFileDef } from '../../domain/params/catalogue';
import type { ParamFileName } from '../../domain/params/catalogue-types';
import { compareVersions, type CommissioningFacts } from '../../domain/params/commissioning';
import {
  CONSOLE_UPGRADE_TYPE, CONTROLLER_UPGRADE_TYPE, consoleFacts, controllerVersion, levelProbeFacts, sealProbeFacts,
} from '../../domain/params/commissioning-facts';
import { parseParamFile, type ParamDocument } from '../../domain/params/param-text';
import { scopedFrom } from '../auth/company-scope';
import type { Db } from '../db/open';
import { DEVICE_STATE_FILES, readDeviceFile } from '../sends/device-files';
import { statusRows } from '../store/trucks';

const FILES = ['syscfg.txt', 'elscfg.txt', 'elspproperty.txt', 'tlscfg.txt', 'tlspproperty.txt'] as const satisfies readonly ParamFileName[];

/** The device's copy parsed; undefined when it has none or it cannot be read (the checks then judge empty facts). */
async function deviceDocument(db: Db, truckId: number, name: ParamFileName, now: number): Promise<ParamDocument | undefined> {
  const file = await readDeviceFile(db, truckId, name, now);
  const parsed = file ? parseParamFile(paramFileDef(name), file.content) : undefined;
  return parsed?.ok ? parsed.doc : undefined;
}

/** The newest enabled upgrade file's version of each type, of the truck's company. */
async function newestReleases(db: Db, companyCode: string): Promise<CommissioningFacts['releases']> {
  const rows = await db.selectFrom('upgradeFile').select(['fileType', 'fileVersion'])
    .where('companyCode', '=', companyCode).where('status', '=', 1)
    .where('fileType', 'in', [CONSOLE_UPGRADE_TYPE, CONTROLLER_UPGRADE_TYPE]).execute();
  const newest = (type: number) => rows.filter((row) => row.fileType === type).map((row) => row.fileVersion)
    .reduce<string | null>((best, version) => (best === null || compareVersions(version, best) > 0 ? version : best), null);
  return { console: newest(CONSOLE_UPGRADE_TYPE), controller: newest(CONTROLLER_UPGRADE_TYPE) };
}

/** The facts of one of the caller's trucks; undefined when it is not one of theirs. */
export async function readCommissioningFacts(db: Db, truckId: number, companyCodes: readonly string[], now: number): Promise<CommissioningFacts | undefined> {
  const truck = await scopedFrom(db, companyCodes, 'truck', 't').innerJoin('company as c', 'c.code', 't.companyCode')
    .select(['t.id', 't.signCode', 't.consoleSn', 't.compartments', 't.companyCode', 'c.name as companyName'])
    .where('t.id', '=', truckId).executeTakeFirst();
  if (!truck) return undefined;
  const live = (await statusRows(db, { companyCodes, truckIds: [truckId] }))[0]?.row;
  const beat = await db.selectFrom('heartbeat').select((eb) => eb.fn.max('heartTime').as('last')).where('truckId', '=', truckId).executeTakeFirst();
  // One after another: a first read makes the device's copy, and SQLite takes one writer at a time anyway.
  const docs = new Map<ParamFileName, ParamDocument | undefined>();
  for (const name of FILES) docs.set(name, await deviceDocument(db, truckId, name, now));
  const firmware = await readDeviceFile(db, truckId, DEVICE_STATE_FILES.firmware, now);
  const last = beat?.last;
  return {
    truck: { id: truck.id, signCode: truck.signCode, consoleSn: truck.consoleSn, companyName: truck.companyName, compartments: truck.compartments },
    live: live ? { status: live.status, gpsTime: live.gpsTime === null ? null : Number(live.gpsTime) } : null,
    lastHeartbeat: last === null || last === undefined ? null : Number(last),
    console: consoleFacts(docs.get('syscfg.txt')),
    controllerVersion: controllerVersion(firmware?.content),
    releases: await newestReleases(db, truck.companyCode),
    sealProbes: sealProbeFacts(docs.get('elscfg.txt'), docs.get('elspproperty.txt')),
    levelProbes: levelProbeFacts(docs.get('tlscfg.txt'), docs.get('tlspproperty.txt'), live?.lastIventoryMap ?? {}),
  };
}
