// elscfg.txt (type 2), the seal probes (params spec §3.1): how many, and per probe its compartment, bus, sensor type,
// switch, the four voltage thresholds and its 10-digit serial number.
import type { ParamFileDef } from '../catalogue-types';
import { paramFields, paramFile, range } from './field-helpers';

const f = paramFields('elscfg');
/** The sensor types of a seal probe (0–31); the spec names nine, the rest are shown as "type N". */
const SENSOR_TYPES = range(0, 31);
export const SEAL_PROBES_MAX = 64;

export const elscfg: ParamFileDef = paramFile('elscfg.txt', 2, [
  f.int('totalCount', 0, SEAL_PROBES_MAX, 0, { showInDetail: true }),
], [
  f.section('probe', 'totalCount', SEAL_PROBES_MAX, [
    f.compartment('cabinIndex', 0),
    f.int('lineNum', 1, 2, 1, { showInDetail: true }),
    f.select('type', 'sensorType', SENSOR_TYPES, 1, { showInDetail: true }),
    f.switch('en', 1),
    // Thresholds in millivolts: the mode, gate (open/closed), zero and full-scale voltages.
    f.int('smodv', 0, 5000, 0),
    f.int('sgatev', 0, 5000, 1500),
    f.int('szerov', 0, 5000, 300),
    f.int('smaxv', 0, 5000, 3300),
    f.sn('sn', 10, '0000000000', { showInDetail: true }),
  ]),
]);
