// The detail view of a truck's file (params spec §2): only the fields flagged showInDetail, read as people read them
// (an option by its label, a compartment as 1–10), the header's first, then each block's.
import { useTranslation } from 'react-i18next';
import type { ParamField, ParamFileDef } from '../../../../domain/params/catalogue-types';
import { paramValue, sectionCount, type ParamDocument, type ParamPath } from '../../../../domain/params/param-text';
import { optionOf, shownValue } from './param-field-view';

export function ParamDetail({ def, doc }: { readonly def: ParamFileDef; readonly doc: ParamDocument }) {
  const { t } = useTranslation();
  const shown = (field: ParamField, path: ParamPath): string => {
    const stored = paramValue(doc, path)?.trim();
    if (stored === undefined) return t('paramEditor.diff.absent');
    const option = optionOf(field, stored);
    return option ? t(option.labelKey) : shownValue(field, stored);
  };
  const list = (fields: readonly ParamField[], at: Omit<ParamPath, 'key'>) => (
    <dl className="param-detail__list">
      {fields.filter((field) => field.showInDetail).map((field) => (
        <div key={field.key} className="param-detail__item" data-key={field.key}>
          <dt>{t(field.nameKey)}</dt>
          <dd>{shown(field, { ...at, key: field.key })}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <div className="param-detail">
      <section aria-label={t('paramEditor.header')}>
        <h2 className="param-group__title">{t('paramEditor.header')}</h2>
        {list(def.header, {})}
      </section>
      {def.sections.filter((section) => section.fields.some((field) => field.showInDetail)).map((section) =>
        Array.from({ length: sectionCount(doc, section.id) }, (_, index) => {
          const title = t('paramEditor.block', { title: t(section.titleKey), n: index + 1 });
          return (
            <section key={`${section.id}.${index}`} aria-label={title}>
              <h3 className="param-group__title">{title}</h3>
              {list(section.fields, { section: section.id, index })}
            </section>
          );
        }),
      )}
    </div>
  );
}
