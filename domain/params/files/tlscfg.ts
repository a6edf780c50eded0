// tlscfg.txt (type 8), the level gauge (params spec §3.1): the gauge's header (probe count, tilt compensation, alarm
// thresholds), the product list (number, expansion coefficient, density, name) and per probe its compartment,
// address C0–CF, serial number, mounting distances, compensations, overfill and water levels and volume mode.
import type { ParamFileDef } from '../catalogue-types';
import { paramFields, paramFile, range } from './field-helpers';

const f = paramFields('tlscfg');
/** Probe addresses C0–CF: sixteen probes on the gauge bus. */
export const PROBE_ADDR_MIN = 0xc0;
export const PROBE_ADDR_MAX = 0xcf;
const TLS_PROBES_MAX = PROBE_ADDR_MAX - PROBE_ADDR_MIN + 1;
const PRODUCTS_MAX = 32;
const mm = (key: string, def: number, extra?: { showInDetail?: boolean }) => f.int(key, 0, 10000, def, extra);
const litres = (key: string, def: number) => f.int(key, 0, 100000, def);

export const tlscfg: ParamFileDef = paramFile('tlscfg.txt', 8, [
  f.int('probeCount', 0, TLS_PROBES_MAX, 0, { showInDetail: true }),
  f.switch('angleCompEn', 1),
  f.int('fluctuationThreshold', 0, 100, 5),
  f.decimal('maxTiltAngleX', 0, 90, 1, 10),
  f.decimal('maxTiltAngleY', 0, 90, 1, 10),
  f.int('levelChangeAlarmThreshold', 0, 1000, 20),
  f.int('volumeChangeAlarmThreshold', 0, 10000, 50),
  f.int('productCount', 0, PRODUCTS_MAX, 0, { showInDetail: true }),
], [
  f.section('product', 'productCount', PRODUCTS_MAX, [
    f.int('ptNo', 0, 99, 0, { showInDetail: true }),
    f.decimal('ptVEC', 0, 0.01, 6, 0.0012),
    f.decimal('ptDensity', 0.5, 1.5, 4, 0.84),
    f.text('ptName', 16, '', { showInDetail: true }),
  ]),
  f.section('probe', 'probeCount', TLS_PROBES_MAX, [
    f.compartment('cabinIndex', 0),
    f.hex('probeAddr', PROBE_ADDR_MIN, PROBE_ADDR_MAX, PROBE_ADDR_MIN, { tip: true, showInDetail: true }),
    f.sn('psn', 10, '0000000000', { showInDetail: true }),
    // Mounting distances (mm): A probe to tank front, H tank height at the probe, X/Y/Z offsets, M/N end lengths.
    mm('distA', 0), mm('distH', 0), mm('distX', 0), mm('distY', 0), mm('distZ', 0), mm('distM', 0), mm('distN', 0),
    f.int('oilLevelComp', -1000, 1000, 0),
    f.int('waterLevelComp', -1000, 1000, 0),
    f.decimal('tempComp', -10, 10, 1, 0),
    mm('overfillAlarmLevel', 0), mm('overfillWarnLevel', 0),
    litres('overfillAlarmVolume', 0), litres('overfillWarnVolume', 0),
    mm('blindLevel', 50),
    mm('cabinHeight', 1500, { showInDetail: true }),
    litres('pipeVolume', 0),
    f.decimal('floatCoef', 0, 2, 3, 1),
    f.switch('waterDetectEn', 1),
    mm('waterAlarmLevel', 30),
    f.select('volCalcMode', 'volCalcMode', range(0, 6), 0),
    f.int('tiltSensorAddr', 0, 255, 0),
  ]),
]);
