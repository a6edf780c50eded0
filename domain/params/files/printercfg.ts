// printercfg.txt (type 10), the console's ticket printer (params spec §3.1): which printer, its model, how it is
// connected (port, port number, baud rate) and the model text the printer reports. One printer per file, no blocks:
// the spec lists no count field here, and how many printers print is syscfg.txt's printerCount.
import type { ParamFileDef } from '../catalogue-types';
import { paramFields, paramFile, readOnly } from './field-helpers';
import { BAUD_RATES } from './syscfg';

const f = paramFields('printercfg');
/** printerIndex counts from 0 up to syscfg.txt's printerCount (at most 4) less one. */
const PRINTER_INDEX_MAX = 3;
/** 0 thermal 58 mm, 1 thermal 80 mm, 2 dot-matrix 76 mm (all ESC/POS). */
const PRINTER_MODELS = [0, 1, 2] as const;
/** 0 serial port, 1 USB, 2 Bluetooth. */
const PRINTER_PORTS = [0, 1, 2] as const;

export const printercfg: ParamFileDef = paramFile('printercfg.txt', 10, [
  f.int('printerIndex', 0, PRINTER_INDEX_MAX, 0, { tip: true, showInDetail: true }),
  f.select('modelNo', 'printerModel', PRINTER_MODELS, 0, { showInDetail: true }),
  f.select('pDev', 'printerPort', PRINTER_PORTS, 0, { showInDetail: true }),
  f.int('pDevID', 0, 9, 5, { tip: true }),
  f.select('pVar', 'baudRate', BAUD_RATES, 9600, { tip: true }),
  readOnly(f.text('modelInfo', 32, '', { showInDetail: true })),
]);
