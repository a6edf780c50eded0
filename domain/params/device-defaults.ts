// The eleven files a new simulated device holds (params spec §3.1): each field's default, the truck's own facts laid
// over them (plate, compartments up to five, the console's serial number, time zone), a seal probe per compartment
// on each bus and a level probe per compartment; written canonically and the same every time for the same truck.
import { PARAM_FILES } from './catalogue';
import type { ParamFileName } from './catalogue-types';
import { newParamDocument, writeParamFile, type ParamValues } from './param-text';
import { PROBE_ADDR_MIN } from './files/tlscfg';

export interface DefaultTruck {
  readonly plate: string;
  readonly compartments: number;
  readonly consoleSn: string;
  /** Hours from UTC; China's 8 when absent. */
  readonly timeZone?: number;
}

const CABINS_MAX = 5;
const MANHOLE_COVER = 1;
const BOTTOM_VALVE = 2;

/** Seven digits of the console's serial number (a hash, since an SN need not be digits) that start its sensors' SNs. */
function snBase(consoleSn: string): string {
  let hash = 0x811c9dc5;
  for (const char of consoleSn) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return String(hash % 10_000_000).padStart(7, '0');
}
const two = (n: number) => String(n).padStart(2, '0');

function truckValues(truck: DefaultTruck): Partial<Record<ParamFileName, ParamValues>> {
  const cabins = Math.max(1, Math.min(CABINS_MAX, Math.trunc(truck.compartments)));
  const timeZone = truck.timeZone ?? 8;
  const base = snBase(truck.consoleSn);
  const perCabin = <T>(make: (cabin: number) => T): T[] => Array.from({ length: cabins }, (_, cabin) => make(cabin));
  // Bus 1 reads the manhole covers, bus 2 the bottom valves: the two seals every compartment has.
  const sealProbes = [1, 2].flatMap((lineNum) => perCabin((cabin) => ({
    cabinIndex: cabin, lineNum, type: lineNum === 1 ? MANHOLE_COVER : BOTTOM_VALVE, sn: `${base}${lineNum}${two(cabin)}`,
  })));
  return {
    'syscfg.txt': { header: { tankTruckSn: truck.plate, tankCabinsCount: cabins, localtimezone: timeZone, actDevSN: truck.consoleSn } },
    'ctlsyscfg.txt': { header: { timezone: timeZone } },
    'elscfg.txt': { sections: { probe: sealProbes } },
    'elspproperty.txt': { sections: { probe: sealProbes.map(() => ({})) } },
    'tlscfg.txt': {
      sections: {
        product: [
          { ptNo: 92, ptVEC: 0.0012, ptDensity: 0.725, ptName: '92#' },
          { ptNo: 0, ptVEC: 0.0008, ptDensity: 0.84, ptName: '0#' },
        ],
        probe: perCabin((cabin) => ({ cabinIndex: cabin, probeAddr: PROBE_ADDR_MIN + cabin, psn: `${base}9${two(cabin)}` })),
      },
    },
    'tlspproperty.txt': { sections: { probe: perCabin((cabin) => ({ rdAddr: PROBE_ADDR_MIN + cabin, wrAddr: PROBE_ADDR_MIN + cabin })) } },
  };
}

export function defaultParamFiles(truck: DefaultTruck): Record<ParamFileName, string> {
  const values = truckValues(truck);
  return Object.fromEntries(PARAM_FILES.map((def) => [def.name, writeParamFile(newParamDocument(def, values[def.name]))])) as Record<ParamFileName, string>;
}
