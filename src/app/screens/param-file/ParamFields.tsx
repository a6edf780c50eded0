// The edit view of a file, drawn from its catalogue entry: the header's fields, then each repeating section with one
// block per probe, lock or group as its count field says (changing the count adds or removes blocks).
import { useTranslation } from 'react-i18next';
import type { ParamField, ParamFileDef, ParamSection } from '../../../../domain/params/catalogue-types';
import { paramValue, sectionCount, type ParamDocument, type ParamPath } from '../../../../domain/params/param-text';
import { pathKey } from './param-field-view';
import { ParamFieldInput } from './ParamFieldInput';
import type { FieldProblem } from './use-param-document';

interface ParamFieldsProps {
  readonly def: ParamFileDef;
  readonly doc: ParamDocument;
  readonly typed: ReadonlyMap<string, string>;
  readonly problems: ReadonlyMap<string, FieldProblem>;
  readonly locked: boolean;
  readonly onEdit: (path: ParamPath, field: ParamField, typed: string) => void;
}

/** Blocks open at first: a file of 64 probes would otherwise be a page of a thousand inputs. */
const OPEN_BLOCKS = 2;

export function ParamFields(props: ParamFieldsProps) {
  const { def, doc } = props;
  const { t } = useTranslation();
  return (
    <div className="param-fields">
      <section className="param-group" aria-label={t('paramEditor.header')}>
        <h2 className="param-group__title">{t('paramEditor.header')}</h2>
        <FieldGrid {...props} fields={def.header} at={{}} />
      </section>
      {def.sections.map((section) => (
        <SectionBlocks key={section.id} {...props} section={section} count={sectionCount(doc, section.id)} />
      ))}
    </div>
  );
}

function SectionBlocks(props: ParamFieldsProps & { readonly section: ParamSection; readonly count: number }) {
  const { section, count } = props;
  const { t } = useTranslation();
  const title = t(section.titleKey);
  return (
    <section className="param-group" aria-label={title}>
      <h2 className="param-group__title">{title}</h2>
      <p className="param-group__hint">{t('paramEditor.countHint', { title })}</p>
      {count === 0 && <p className="param-group__hint">{t('paramEditor.noBlocks', { title })}</p>}
      {Array.from({ length: count }, (_, index) => (
        <details key={index} className="param-block" open={index < OPEN_BLOCKS}>
          <summary>{t('paramEditor.block', { title, n: index + 1 })}</summary>
          <FieldGrid {...props} fields={section.fields} at={{ section: section.id, index }} />
        </details>
      ))}
    </section>
  );
}

function FieldGrid(props: ParamFieldsProps & { readonly fields: readonly ParamField[]; readonly at: Omit<ParamPath, 'key'> }) {
  const { fields, at, doc, typed, problems, locked, onEdit } = props;
  return (
    <div className="param-grid">
      {fields.map((field) => {
        const path = { ...at, key: field.key };
        const key = pathKey(path);
        return (
          <ParamFieldInput
            key={field.key}
            field={field}
            stored={paramValue(doc, path)}
            typed={typed.get(key)}
            problem={problems.get(key)}
            locked={locked}
            onEdit={(text) => onEdit(path, field, text)}
          />
        );
      })}
    </div>
  );
}
