// ui.cfg (type 9), the console's display (params spec §3.1): the spec's battery icon, truck direction, keyboard
// (20 or 4 keys), brightness 1–100, density display, user password and forced print, plus the settings any
// console screen has that the spec leaves out (language, units, screen saver, key tone), and the UI version it reports.
import type { ParamFileDef } from '../catalogue-types';
import { paramFields, paramFile, readOnly } from './field-helpers';

const f = paramFields('ui');
const KEYBOARD_TYPES = [20, 4] as const;
const BRIGHTNESS_MIN = 1;
const BRIGHTNESS_MAX = 100;
const USER_PASSWORD_DIGITS = 6;

export const uiCfg: ParamFileDef = paramFile('ui.cfg', 9, [
  f.switch('batteryIconEn', 1),
  f.select('truckDirection', 'uiTruckDirection', [0, 1], 0, { tip: true }),
  f.select('keyboardType', 'uiKeyboardType', KEYBOARD_TYPES, 20, { showInDetail: true }),
  f.int('brightness', BRIGHTNESS_MIN, BRIGHTNESS_MAX, 80, { showInDetail: true }),
  f.switch('densityDisplayEn', 0),
  // Digits only: the 4-key keyboard enters a password by stepping each digit, so letters could never be typed.
  f.sn('userPassword', USER_PASSWORD_DIGITS, '000000', { tip: true }),
  f.switch('forcePrintEn', 0, { tip: true, showInDetail: true }),
  f.select('language', 'uiLanguage', [0, 1], 0, { showInDetail: true }),
  f.select('volumeUnit', 'uiVolumeUnit', [0, 1], 0),
  f.select('tempUnit', 'uiTempUnit', [0, 1], 0),
  f.int('screenSaverMinutes', 0, 60, 5, { tip: true }),
  f.switch('keyToneEn', 1),
  readOnly(f.text('uiVerStr', 32, 'UI V1.0.0', { showInDetail: true })),
]);
