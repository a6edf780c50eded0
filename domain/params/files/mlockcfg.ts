// mlockcfg.txt (type 6), the air and electric valves and the alarm outputs (params spec §3.1): how many, and per lock
// or valve its type, I/O module address, compartment, contact mode, switch and relay channel.
import type { ParamFileDef } from '../catalogue-types';
import { paramFields, paramFile } from './field-helpers';

const f = paramFields('mlockcfg');
/** The spec gives no maximum; 32 is the limit of the console's other buses ("other sensors 32"). */
const VALVES_MAX = 32;
/** 0 invalid, 1 cut off bottom valve air, 11 sound-light alarm, 12 door linkage alarm, 13 event alarm (spec's own numbers). */
const VALVE_TYPES = [0, 1, 11, 12, 13] as const;
/** 0 normally open contact, 1 normally closed contact. */
const VALVE_IO_MODES = [0, 1] as const;

export const mlockcfg: ParamFileDef = paramFile('mlockcfg.txt', 6, [
  f.int('valveCount', 0, VALVES_MAX, 0, { showInDetail: true }),
], [
  f.section('valve', 'valveCount', VALVES_MAX, [
    // A new block starts invalid, so a lock does nothing until someone says what it drives.
    f.select('type', 'mlockValveType', VALVE_TYPES, 0, { showInDetail: true }),
    f.int('addr', 0, 255, 0, { tip: true }),
    f.compartment('cIndex', 0),
    f.select('iomode', 'mlockIoMode', VALVE_IO_MODES, 0, { tip: true }),
    f.switch('en', 1, { showInDetail: true }),
    f.int('rcAddr', 0, 255, 0, { tip: true }),
  ]),
]);
