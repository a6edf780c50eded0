// What an edit changes against the device's copy of a file: each catalogue field whose value differs, in the file's
// order (header, then each section's blocks), for the difference shown before a send and the change records after.
import type { ParamField, ParamFileDef } from './catalogue-types';
import { paramNumber, paramValue, sectionCount, type ParamDocument, type ParamPath } from './param-document';

export interface ParamChange {
  readonly path: ParamPath;
  readonly field: ParamField;
  /** Undefined: the key (or its whole block) is absent on that side. */
  readonly before: string | undefined;
  readonly after: string | undefined;
}

/** The same value written two ways (08 and 8, 0xc0 and 0xC0) is no change. */
function same(field: ParamField, a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.trim() === b.trim()) return true;
  if (field.kind === 'text' || field.kind === 'sn') return false;
  const [x, y] = [paramNumber(field, a), paramNumber(field, b)];
  return x !== undefined && x === y;
}

/** Keys outside the catalogue (kept as the device wrote them) are not compared. */
export function diffParamDocuments(def: ParamFileDef, before: ParamDocument, after: ParamDocument): ParamChange[] {
  const changes: ParamChange[] = [];
  const compare = (fields: readonly ParamField[], at: Omit<ParamPath, 'key'>) => {
    for (const field of fields) {
      const path = { ...at, key: field.key };
      const [was, is] = [paramValue(before, path), paramValue(after, path)];
      if (!same(field, was, is)) changes.push({ path, field, before: was?.trim(), after: is?.trim() });
    }
  };
  compare(def.header, {});
  for (const section of def.sections) {
    const blocks = Math.max(sectionCount(before, section.id), sectionCount(after, section.id));
    for (let index = 0; index < blocks; index++) compare(section.fields, { section: section.id, index });
  }
  return changes;
}
