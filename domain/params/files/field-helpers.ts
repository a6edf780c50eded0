// Factories that keep the catalogue's file entries short: a field's locale keys follow from its file and key
// (paramField.<fileId>.<key>, its tooltip paramField.<fileId>.<key>Tip), an option's from its set and value
// (paramOption.<set>.<value>), a section's and a file's title from their ids (paramSection.<fileId>.<id>, paramFile.<fileId>).
import { COMPARTMENTS_MAX } from '../../constants';
import type { LocaleKey } from '../../i18n';
import type { ParamField, ParamFileDef, ParamFileName, ParamOption, ParamSection } from '../catalogue-types';

/** What a field may add to its kind's limits; canSet defaults to true, showInDetail to false. */
interface FieldExtra {
  readonly canSet?: boolean;
  readonly showInDetail?: boolean;
  /** The field has a tooltip (paramField.<fileId>.<key>Tip). */
  readonly tip?: boolean;
  readonly shownOffset?: number;
}

/** `syscfg.txt` → `syscfg`, `ui.cfg` → `ui`: the id the file's locale keys and doc page use. */
export const paramFileId = (name: ParamFileName): string => name.replace(/\.(txt|cfg)$/, '');

/** The options of a select, each labelled paramOption.<set>.<value>. */
function paramOptions(set: string, values: readonly number[]): readonly ParamOption[] {
  return values.map((value) => ({ value, labelKey: `paramOption.${set}.${value}` as LocaleKey }));
}

/** The integers from…to, for option sets numbered without gaps (sensor types 0–31, volCalcMode 0–6). */
export const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

type Limits = Pick<ParamField, 'min' | 'max' | 'maxLength' | 'digits' | 'decimals' | 'options'>;

/** The field factories of one file: `const f = paramFields('syscfg'); f.int('tankCabinsCount', 0, 5, 1, { tip: true })`. */
export function paramFields(fileId: string) {
  const make = (key: string, kind: ParamField['kind'], limits: Limits, def: number | string, extra: FieldExtra = {}): ParamField => {
    const { tip, canSet = true, showInDetail = false, shownOffset } = extra;
    return {
      key,
      nameKey: `paramField.${fileId}.${key}` as LocaleKey,
      ...(tip ? { tipKey: `paramField.${fileId}.${key}Tip` as LocaleKey } : {}),
      kind,
      ...limits,
      canSet,
      showInDetail,
      ...(shownOffset === undefined ? {} : { shownOffset }),
      default: def,
    };
  };
  return {
    int: (key: string, min: number, max: number, def: number, extra?: FieldExtra) => make(key, 'int', { min, max }, def, extra),
    decimal: (key: string, min: number, max: number, decimals: number, def: number, extra?: FieldExtra) =>
      make(key, 'decimal', { min, max, decimals }, def, extra),
    select: (key: string, set: string, values: readonly number[], def: number, extra?: FieldExtra) =>
      make(key, 'select', { options: paramOptions(set, values) }, def, extra),
    switch: (key: string, def: 0 | 1, extra?: FieldExtra) => make(key, 'switch', { min: 0, max: 1 }, def, extra),
    text: (key: string, maxLength: number, def: string, extra?: FieldExtra) => make(key, 'text', { maxLength }, def, extra),
    sn: (key: string, digits: number, def: string, extra?: FieldExtra) => make(key, 'sn', { digits }, def, extra),
    hex: (key: string, min: number, max: number, def: number, extra?: FieldExtra) => make(key, 'hex', { min, max }, def, extra),
    /** A compartment: stored 0 to COMPARTMENTS_MAX − 1, shown from 1 (params spec §3.1, cabinIndex), in detail view. */
    compartment: (key: string, def: number, extra?: FieldExtra) =>
      make(key, 'int', { min: 0, max: COMPARTMENTS_MAX - 1 }, def, { shownOffset: 1, showInDetail: true, ...extra }),
    /** A block repeating by the header field countKey, at most max times. */
    section: (id: string, countKey: string, max: number, fields: readonly ParamField[]): ParamSection => ({
      id, titleKey: `paramSection.${fileId}.${id}` as LocaleKey, countKey, max, fields,
    }),
  };
}

/** The same field as a value the device reports: shown, never edited or sent. */
export const readOnly = (field: ParamField): ParamField => ({ ...field, canSet: false });

export function paramFile(name: ParamFileName, type: number, header: readonly ParamField[], sections: readonly ParamSection[] = []): ParamFileDef {
  return { name, type, titleKey: `paramFile.${paramFileId(name)}` as LocaleKey, header, sections };
}
