// elspproperty.txt (type 3), the seal sensors' status values (params spec §3.1): per probe the read and write masks
// and the threshold, zero, mid, max, sensor and function values the device reports. All read-only.
import type { ParamFileDef } from '../catalogue-types';
import { paramFields, paramFile, readOnly } from './field-helpers';
import { SEAL_PROBES_MAX } from './elscfg';

const f = paramFields('elspproperty');
const value = (key: string, def: number, showInDetail = false) => readOnly(f.int(key, 0, 65535, def, { showInDetail }));

export const elspproperty: ParamFileDef = paramFile('elspproperty.txt', 3, [
  readOnly(f.int('probeCount', 0, SEAL_PROBES_MAX, 0, { showInDetail: true })),
], [
  f.section('probe', 'probeCount', SEAL_PROBES_MAX, [
    // Which of the values below the device read back / was asked to write: one bit each, in the order listed.
    readOnly(f.int('rdMask', 0, 255, 0)),
    readOnly(f.int('wrMask', 0, 255, 0)),
    value('rdThreshold', 1500), value('wrThreshold', 1500),
    value('rdZero', 300), value('wrZero', 300),
    value('rdMid', 1650), value('wrMid', 1650),
    value('rdMax', 3300), value('wrMax', 3300),
    value('sensorValue', 0, true),
    value('rdFuncVars', 0), value('wrFuncVars', 0),
  ]),
]);
