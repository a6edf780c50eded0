// How the editor shows a catalogue field's stored value and takes back what is typed (params spec §3.1): compartments
// stored 0–9 are shown 1–10, a select shows its option's label; and the key of a value's place, for messages by field.
import type { ParamField } from '../../../../domain/params/catalogue-types';
import type { ParamPath } from '../../../../domain/params/param-text';

/** One text per place of a file: `key` for the header, `section.index.key` for a block's field. */
export function pathKey(path: ParamPath): string {
  return path.section === undefined ? path.key : `${path.section}.${path.index ?? 0}.${path.key}`;
}

const INTEGER = /^\s*[+-]?\d+\s*$/;

/** The value as the editor shows it: a compartment's stored 0 as 1. Anything not a whole number stays as written. */
export function shownValue(field: ParamField, stored: string): string {
  if (!field.shownOffset || !INTEGER.test(stored)) return stored;
  return String(Number(stored) + field.shownOffset);
}

/** What the file stores for a typed text: a compartment typed 1 is stored 0; text that is no whole number as typed. */
export function storedValue(field: ParamField, typed: string): string {
  if (!field.shownOffset || !INTEGER.test(typed)) return typed;
  return String(Number(typed) - field.shownOffset);
}

/** The option a stored value names, for its label; undefined for a value outside the options. */
export function optionOf(field: ParamField, stored: string | undefined) {
  if (stored === undefined || !INTEGER.test(stored)) return undefined;
  return field.options?.find((option) => option.value === Number(stored));
}

/** The input mode that brings up the right keyboard; hex and text take letters. */
export function inputModeOf(field: ParamField): 'numeric' | 'decimal' | 'text' {
  if (field.kind === 'int' || field.kind === 'sn') return 'numeric';
  return field.kind === 'decimal' ? 'decimal' : 'text';
}
