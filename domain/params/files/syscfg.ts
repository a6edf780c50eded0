// syscfg.txt (type 7), the console's parameters (params spec §3.1): serial buses, OBC mode, the truck's plate and
// compartments, seal and gauge work modes, upload timing, time zone; four values the console reports (read-only).
import type { ParamFileDef } from '../catalogue-types';
import { paramFields, paramFile, range, readOnly } from './field-helpers';

const f = paramFields('syscfg');
/** Serial baud rates the console's UARTs offer. */
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
const comPort = (key: string, def: number) => f.int(key, 0, 9, def);
const baud = (key: string, def: number) => f.select(key, 'baudRate', BAUD_RATES, def);

export const syscfg: ParamFileDef = paramFile('syscfg.txt', 7, [
  comPort('spdsComPort1', 1), baud('spdsBaudRate1', 9600),
  comPort('spdsComPort2', 2), baud('spdsBaudRate2', 9600),
  comPort('tlsComPort', 3), baud('tlsBaudRate', 9600),
  comPort('obcComPort', 4), baud('obcBaudRate', 115200),
  f.select('obcWorkMode', 'obcWorkMode', [0, 1, 3], 0, { showInDetail: true }),
  f.int('canPort', 0, 1, 0),
  f.select('canBaudRate', 'canBaudRate', [125, 250, 500, 1000], 250),
  f.text('tankTruckSn', 16, '', { showInDetail: true }),
  f.int('tankCabinsCount', 1, 5, 1, { tip: true, showInDetail: true }),
  f.int('keepAliveDelaySeconds', 10, 3600, 60),
  f.int('spdsWorkMode', 0, 7, 0, { showInDetail: true }),
  f.int('tlsWorkMode', 0, 3, 0, { showInDetail: true }),
  f.switch('changeProductNeedPwd', 0),
  f.switch('sealNeedPwd', 0),
  f.switch('gpsTimeSyncEn', 1),
  f.switch('spdsWorkEn', 1),
  f.switch('tlsWorkEn', 1),
  // The device's own spelling ("Senconds") is the key it reads; the display name is spelled right.
  f.int('waitCabinEmptyDelaySenconds', 0, 3600, 60),
  f.int('autoSealTimes', 0, 99, 3),
  f.int('manualSealTimes', 0, 99, 3),
  f.int('printerCount', 0, 4, 1, { tip: true }),
  f.int('tlsDataPrintMode', 0, 9, 0),
  f.int('uploadRetryTimes', 0, 10, 3),
  f.int('uploadRetryIntervalSeconds', 1, 600, 30),
  f.int('basicDataUploadInterval', 1, 3600, 30),
  f.int('autoRebootDelayHours', 0, 720, 24, { tip: true }),
  f.int('localtimezone', -12, 14, 8, { tip: true, showInDetail: true }),
  f.int('modbusAddr0', 1, 247, 1),
  f.switch('uploadApiSvEn', 0),
  readOnly(f.select('TFStatus', 'tfStatus', range(0, 2), 1, { showInDetail: true })),
  readOnly(f.text('sysVerStr', 32, 'V3.2.0', { showInDetail: true })),
  readOnly(f.int('myAppMode', 0, 255, 0)),
  readOnly(f.text('actDevSN', 32, '', { showInDetail: true })),
]);
