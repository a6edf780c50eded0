// The edited file of one truck's device (params spec §3.1): its device copy parsed as the base, the edit as a new
// document per change, each value checked as typed against the catalogue, the server's refusals by field, the diff.
import { useCallback, useMemo, useState } from 'react';
import { translate, type LocalizedText } from '../../../../domain/i18n';
// A limit's message names its field in both languages (the catalogue's checks do too), so this screen holds both.
import '../../../../domain/locale-texts';
import type { ParamField, ParamFileDef } from '../../../../domain/params/catalogue-types';
import { diffParamDocuments, type ParamChange } from '../../../../domain/params/param-diff';
import { checkParamEdit, checkParamValue } from '../../../../domain/params/param-limits';
import { withParamValue, type ParamDocument, type ParamPath } from '../../../../domain/params/param-text';
import { pathKey, storedValue } from './param-field-view';

/** A message under a field: one of the catalogue's checks, or the server's text. */
export type FieldProblem = LocalizedText | { readonly text: string };

interface ParamEdit {
  readonly doc: ParamDocument;
  /** Texts typed into count fields that the file cannot take yet (out of range): shown, not applied. */
  readonly typed: ReadonlyMap<string, string>;
  /** Every value's problem by place (pathKey): the limits, a read-only value changed, the server's refusals. */
  readonly problems: ReadonlyMap<string, FieldProblem>;
  readonly changes: readonly ParamChange[];
  edit(path: ParamPath, field: ParamField, typed: string): void;
  /** The server refused values: each shown under its field until that field is edited. */
  refuse(problems: readonly { readonly path: ParamPath; readonly text: string }[]): void;
  undo(): void;
}

function countedSection(def: ParamFileDef, path: ParamPath) {
  return path.section === undefined ? def.sections.find((section) => section.countKey === path.key) : undefined;
}

export function useParamEdit(def: ParamFileDef, base: ParamDocument): ParamEdit {
  const [doc, setDoc] = useState(base);
  const [typed, setTyped] = useState<ReadonlyMap<string, string>>(new Map());
  const [refused, setRefused] = useState<ReadonlyMap<string, FieldProblem>>(new Map());
  // A new device copy (after a send reached it) is the new starting point.
  const [shownBase, setShownBase] = useState(base);
  if (shownBase !== base) {
    setShownBase(base);
    setDoc(base);
    setTyped(new Map());
    setRefused(new Map());
  }

  const edit = useCallback(
    (path: ParamPath, field: ParamField, text: string) => {
      const key = pathKey(path);
      const stored = storedValue(field, text);
      const section = countedSection(def, path);
      setRefused((current) => (current.has(key) ? new Map([...current].filter(([k]) => k !== key)) : current));
      // A count adds or removes blocks: only a count the file can take is applied, anything else stays typed.
      if (section && (checkParamValue(field, stored) !== undefined || Number(stored) > section.max)) {
        setTyped((current) => new Map(current).set(key, text));
        return;
      }
      setTyped((current) => (current.has(key) ? new Map([...current].filter(([k]) => k !== key)) : current));
      setDoc((current) => withParamValue(current, path, stored.replace(/[\r\n]/g, '')));
    },
    [def],
  );

  const refuse = useCallback((problems: readonly { readonly path: ParamPath; readonly text: string }[]) => {
    setRefused(new Map(problems.map((problem) => [pathKey(problem.path), { text: problem.text }])));
  }, []);

  const undo = useCallback(() => {
    setDoc(base);
    setTyped(new Map());
    setRefused(new Map());
  }, [base]);

  const problems = useMemo(() => {
    const out = new Map<string, FieldProblem>(checkParamEdit(def, base, doc).map((problem) => [pathKey(problem.path), problem.problem]));
    for (const [key, text] of typed) {
      const field = def.header.find((candidate) => candidate.key === key);
      const section = field && countedSection(def, { key });
      if (!field || !section) continue;
      out.set(key, checkParamValue(field, storedValue(field, text)) ?? {
        key: 'paramCheck.tooLarge', values: { nameZh: translate('zh', field.nameKey), nameEn: translate('en', field.nameKey), max: section.max },
      });
    }
    for (const [key, problem] of refused) out.set(key, problem);
    return out;
  }, [def, base, doc, typed, refused]);

  const changes = useMemo(() => diffParamDocuments(def, base, doc), [def, base, doc]);
  return { doc, typed, problems, changes, edit, refuse, undo };
}
