// tlspproperty.txt (type 11), the level gauge probes' runtime values (params spec §3.1): per probe what the device
// read from the probe (B, K, address, compensations, temperature positions 0–4; read-only) and what to write to it,
// with a mask each saying which of those values were read or are to be written.
import type { ParamField, ParamFileDef } from '../catalogue-types';
import { paramFields, paramFile, readOnly } from './field-helpers';
import { PROBE_ADDR_MAX, PROBE_ADDR_MIN } from './tlscfg';

const f = paramFields('tlspproperty');
const TLS_RUNTIME_PROBES_MAX = 64;
const TEMP_POSITIONS = [0, 1, 2, 3, 4] as const;
/** The values in the order of their mask bits: bit 0 B, bit 1 K, bit 2 address … bit 10 temperature position 4. */
const RUNTIME_VALUES = [
  'B', 'K', 'Addr', 'OilLevelComp', 'WaterLevelComp', 'TempComp', ...TEMP_POSITIONS.map((n) => `TempPos${n}`),
] as const;
const MASK_MAX = 2 ** RUNTIME_VALUES.length - 1;

/** One value as its read-only read side (rdX) and its settable write side (wrX). */
function readWrite(make: (key: string) => ParamField, name: string, readInDetail = false): ParamField[] {
  const read = make(`rd${name}`);
  return [readOnly({ ...read, showInDetail: readInDetail }), make(`wr${name}`)];
}
const tempPos = (n: number) => readWrite((key) => f.int(key, 0, 10000, n * 500), `TempPos${n}`);

export const tlspproperty: ParamFileDef = paramFile('tlspproperty.txt', 11, [
  // How many probes answered: the device's count, not something to set.
  readOnly(f.int('probeCount', 0, TLS_RUNTIME_PROBES_MAX, 0, { showInDetail: true })),
], [
  f.section('probe', 'probeCount', TLS_RUNTIME_PROBES_MAX, [
    readOnly(f.int('rdMask', 0, MASK_MAX, 0, { tip: true })),
    f.int('wrMask', 0, MASK_MAX, 0, { tip: true }),
    // level (mm) = K × probe reading + B: the probe's calibration line.
    ...readWrite((key) => f.decimal(key, -1000, 1000, 2, 0), 'B', true),
    ...readWrite((key) => f.decimal(key, 0, 10, 6, 1), 'K', true),
    ...readWrite((key) => f.hex(key, PROBE_ADDR_MIN, PROBE_ADDR_MAX, PROBE_ADDR_MIN), 'Addr', true),
    ...readWrite((key) => f.int(key, -1000, 1000, 0), 'OilLevelComp'),
    ...readWrite((key) => f.int(key, -1000, 1000, 0), 'WaterLevelComp'),
    ...readWrite((key) => f.decimal(key, -10, 10, 1, 0), 'TempComp'),
    ...TEMP_POSITIONS.flatMap(tempPos),
  ]),
]);
