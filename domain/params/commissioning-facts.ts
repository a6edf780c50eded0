// The commissioning check's facts read from a truck's device files (docs/commissioning.md): the console's reported
// values and set-up (syscfg.txt), each seal probe with its status block (elscfg.txt + elspproperty.txt), each level
// probe with whether the console found it and its compartment's live reading (tlscfg.txt + tlspproperty.txt).
import type { TankInventory } from '../wire/truck-row';
import type { ConsoleFacts, LevelProbeFacts, SealProbeFacts } from './commissioning';
import { paramNumber, paramValue, sectionCount, type ParamDocument, type ParamPath } from './param-text';

/** A numeric value of the document, read through its field's kind (a hex address's 0xC0 is 192); null when absent. */
function numberAt(doc: ParamDocument | undefined, path: ParamPath): number | null {
  if (!doc) return null;
  const fields = path.section === undefined ? doc.def.header : doc.def.sections.find((s) => s.id === path.section)?.fields;
  const field = fields?.find((candidate) => candidate.key === path.key);
  const raw = paramValue(doc, path);
  return field && raw !== undefined ? (paramNumber(field, raw) ?? null) : null;
}

const textAt = (doc: ParamDocument | undefined, path: ParamPath): string => (doc ? (paramValue(doc, path)?.trim() ?? '') : '');

/** What syscfg.txt says; an unreadable or missing file gives empty texts and nulls, which the checks judge. */
export function consoleFacts(syscfg: ParamDocument | undefined): ConsoleFacts {
  const num = (key: string) => numberAt(syscfg, { key });
  return {
    version: textAt(syscfg, { key: 'sysVerStr' }),
    appMode: num('myAppMode'),
    sn: textAt(syscfg, { key: 'actDevSN' }),
    plate: textAt(syscfg, { key: 'tankTruckSn' }),
    cabins: num('tankCabinsCount'),
    tfStatus: num('TFStatus'),
    obcWorkMode: num('obcWorkMode'),
    spdsWorkMode: num('spdsWorkMode'),
    tlsWorkMode: num('tlsWorkMode'),
    spdsWorkEn: num('spdsWorkEn') === 1,
    tlsWorkEn: num('tlsWorkEn') === 1,
  };
}

/** Stored compartment 0–9 as shown, 1–10. */
const shown = (stored: number | null) => (stored ?? 0) + 1;

/**
 * elscfg.txt's probes in order, each with elspproperty.txt's block at the same place: the console writes one status
 * block per configured probe, so a probe past its blocks is one it does not report.
 */
export function sealProbeFacts(elscfg: ParamDocument | undefined, elspproperty: ParamDocument | undefined): SealProbeFacts[] {
  if (!elscfg) return [];
  const blocks = elspproperty ? sectionCount(elspproperty, 'probe') : 0;
  return Array.from({ length: sectionCount(elscfg, 'probe') }, (_, index) => {
    const at = (key: string): ParamPath => ({ section: 'probe', index, key });
    const reported = index < blocks;
    return {
      index,
      compartment: shown(numberAt(elscfg, at('cabinIndex'))),
      line: numberAt(elscfg, at('lineNum')) ?? 1,
      type: numberAt(elscfg, at('type')) ?? 0,
      enabled: numberAt(elscfg, at('en')) === 1,
      sn: textAt(elscfg, at('sn')),
      reported,
      sensorValue: reported ? numberAt(elspproperty, at('sensorValue')) : null,
      maxMv: numberAt(elscfg, at('smaxv')),
    };
  });
}

/** The addresses tlspproperty.txt lists (rdAddr): the probes the console found on the gauge bus. */
function foundAddresses(tlspproperty: ParamDocument | undefined): Set<number> {
  const found = new Set<number>();
  if (!tlspproperty) return found;
  for (let index = 0; index < sectionCount(tlspproperty, 'probe'); index += 1) {
    const address = numberAt(tlspproperty, { section: 'probe', index, key: 'rdAddr' });
    if (address !== null) found.add(address);
  }
  return found;
}

/** tlscfg.txt's probes, each with whether the console found it and its compartment's reading in the live row. */
export function levelProbeFacts(
  tlscfg: ParamDocument | undefined, tlspproperty: ParamDocument | undefined, inventory: Readonly<Record<string, TankInventory>>,
): LevelProbeFacts[] {
  if (!tlscfg) return [];
  const found = foundAddresses(tlspproperty);
  return Array.from({ length: sectionCount(tlscfg, 'probe') }, (_, index) => {
    const at = (key: string): ParamPath => ({ section: 'probe', index, key });
    const compartment = shown(numberAt(tlscfg, at('cabinIndex')));
    const address = numberAt(tlscfg, at('probeAddr')) ?? 0;
    const reading = inventory[String(compartment)];
    return {
      index,
      compartment,
      address,
      psn: textAt(tlscfg, at('psn')),
      found: found.has(address),
      cabinHeight: numberAt(tlscfg, at('cabinHeight')),
      levelMm: reading?.levelMm ?? null,
      vt: reading?.vt ?? null,
      v20: reading?.v20 ?? null,
      temperature: reading?.temperature ?? null,
    };
  });
}

/** The upgrade file type of a controller upgrade (UPGRADE_FILE_TYPES: 1 console upgrade, 2 controller). */
export const CONTROLLER_UPGRADE_TYPE = 2;
export const CONSOLE_UPGRADE_TYPE = 1;

/** The controller's version in the device's firmware.json (`type2`, set by a confirmed controller upgrade); null for none. */
export function controllerVersion(firmwareJson: string | undefined): string | null {
  try {
    const state: unknown = JSON.parse(firmwareJson ?? '{}');
    const version = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[`type${CONTROLLER_UPGRADE_TYPE}`] : undefined;
    return typeof version === 'string' && version.trim() !== '' ? version.trim() : null;
  } catch {
    return null;
  }
}
