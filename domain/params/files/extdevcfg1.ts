// extdevcfg1.txt (type 4), the other sensors on the console's external bus (params spec §3.1): how many, and per
// device its compartment, type (8 homemade densimeter), switch, bus address, 10-digit serial number and own setting.
import type { ParamFileDef } from '../catalogue-types';
import { paramFields, paramFile, range } from './field-helpers';

const f = paramFields('extdevcfg1');
const EXT_DEVICES_MAX = 32;
/**
 * The spec fixes 0 (none) and 8 (homemade densimeter); 1–7 are our numbering of the sensors a tanker's external
 * bus carries (flow meter, temperature, pressure, tilt, water-in-oil, oil quality, third-party densimeter).
 */
const EXT_DEVICE_TYPES = range(0, 8);
const EXT_DEVICE_HOMEMADE_DENSIMETER = 8;

export const extdevcfg1: ParamFileDef = paramFile('extdevcfg1.txt', 4, [
  f.int('totalCount', 0, EXT_DEVICES_MAX, 0, { showInDetail: true }),
], [
  f.section('dev', 'totalCount', EXT_DEVICES_MAX, [
    f.compartment('cabinIndex', 0),
    f.select('devType', 'extdevType', EXT_DEVICE_TYPES, EXT_DEVICE_HOMEMADE_DENSIMETER, { showInDetail: true }),
    f.switch('en', 1),
    // A Modbus slave address on the RS-485 bus: 0 is broadcast and 248–255 reserved, so never a device's own.
    f.int('devAddr', 1, 247, 1, { tip: true, showInDetail: true }),
    f.sn('psn', 10, '0000000000', { showInDetail: true }),
    f.int('devVar', 0, 65535, 0, { tip: true }),
  ]),
]);
