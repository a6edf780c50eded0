// What a device parameter file is, as data (params spec §3.1): its name and type code, its header fields and the
// sections that repeat by a count field (per probe, per lock, per group), each field with its display name, tooltip,
// options, canSet, showInDetail and limits. The editor, the checks of console and server, the text parser and writer,
// and the simulated devices all read these entries; none of them knows a file by name.
import type { LocaleKey } from '../i18n';

/** The eleven files of the catalogue, by the name the device stores them under. */
export const PARAM_FILE_NAMES = [
  'syscfg.txt', 'ctlsyscfg.txt', 'elscfg.txt', 'elspproperty.txt', 'tlscfg.txt', 'extdevcfg1.txt',
  'mlockcfg.txt', 'mcgroupcfg.txt', 'ui.cfg', 'printercfg.txt', 'tlspproperty.txt',
] as const;
export type ParamFileName = (typeof PARAM_FILE_NAMES)[number];

export function isParamFileName(value: unknown): value is ParamFileName {
  return typeof value === 'string' && (PARAM_FILE_NAMES as readonly string[]).includes(value);
}

/**
 * How a value is written and checked. `int` and `decimal` within min…max; `select` one of options; `switch` 0 or 1;
 * `text` at most maxLength characters; `sn` exactly `digits` digits; `hex` an integer written 0x.. in the file
 * (probe addresses C0–CF) and shown in hex.
 */
type ParamKind = 'int' | 'decimal' | 'select' | 'switch' | 'text' | 'sn' | 'hex';

export interface ParamOption {
  readonly value: number;
  readonly labelKey: LocaleKey;
}

export interface ParamField {
  /** The key as the device's file writes it (the field's label). */
  readonly key: string;
  /** Display name, in zh and en. */
  readonly nameKey: LocaleKey;
  /** Tooltip where the spec gives one (tankCabinsCount: currently max 5). */
  readonly tipKey?: LocaleKey;
  readonly kind: ParamKind;
  readonly min?: number;
  readonly max?: number;
  /** `text`: at most this many characters. */
  readonly maxLength?: number;
  /** `sn`: exactly this many digits. */
  readonly digits?: number;
  /** `decimal`: digits after the point the file keeps. */
  readonly decimals?: number;
  readonly options?: readonly ParamOption[];
  /** False: a value the device reports (version, status); shown, never edited or sent. */
  readonly canSet: boolean;
  /** Shown in the file's detail view (the short summary of a truck's file). */
  readonly showInDetail: boolean;
  /**
   * Added to the stored value to show it: compartments are stored 0–9 and shown 1–10. Limits are of the stored value.
   */
  readonly shownOffset?: number;
  /** The value a new device's file holds (stored form); a truck's own facts (plate, compartments) override some. */
  readonly default: number | string;
}

/** A block that repeats once per item (probe, lock, group, product), as many times as a header field says. */
export interface ParamSection {
  /** The block's name in the file (`probe` gives `[probe.0]`, `[probe.1]` …). */
  readonly id: string;
  readonly titleKey: LocaleKey;
  /** The header field holding how many blocks follow. */
  readonly countKey: string;
  /** At most this many blocks (probe count 64, other sensors 32, groups 4). */
  readonly max: number;
  readonly fields: readonly ParamField[];
}

export interface ParamFileDef {
  readonly name: ParamFileName;
  /** The type code devices and the send records use for the file (1–11). */
  readonly type: number;
  readonly titleKey: LocaleKey;
  readonly header: readonly ParamField[];
  readonly sections: readonly ParamSection[];
}
