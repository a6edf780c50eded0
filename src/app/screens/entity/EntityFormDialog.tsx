// The add and edit dialog of a master-data screen: one control per field of the definition, checked as the user leaves
// each and all before sending; a refused field's message from the server under it; a stale save's conflict above the
// form with the latest value under each field that differs, the input kept for saving again.
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../../domain/format';
import { toLang } from '../../../../domain/i18n';
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { type Company } from '../../../ui/filters';
import { ModalDialog } from '../../../ui/dialog';
import { differingFields, formFields, isEditable, type FormMode } from './entity-form';
import { EntityFieldInput } from './EntityFieldInput';
import { companyNames, valueText } from './entity-values';
import { useEntityForm } from './use-entity-form';

interface EntityFormDialogProps {
  readonly def: EntityDef;
  readonly mode: FormMode;
  readonly companies: readonly Company[];
  readonly onSaved: () => void;
  readonly onClose: () => void;
}

export function EntityFormDialog({ def, mode, companies, onSaved, onClose }: EntityFormDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEntityForm(def, mode, onSaved);
  const names = companyNames(companies);
  const { conflict } = form;
  const differing = new Set(conflict ? differingFields(def, mode, form.values, conflict).map((field) => field.key) : []);
  const fields = formFields(def, mode);
  const firstEditable = fields.find((field) => isEditable(field, mode))?.key;
  const title = t(mode.kind === 'create' ? 'entity.addTitle' : 'entity.editTitle', { name: t(tabTitleKey(def.path)) });

  /** Puts the cursor on a field with a message: its input, or its choice's button. */
  const focusField = (key: string) => {
    formRef.current?.querySelector<HTMLElement>(`[data-field="${key}"] :is(input:not([type="hidden"]), button)`)?.focus();
  };

  return (
    <ModalDialog
      title={title}
      onClose={onClose}
      className="entity-dialog"
      form={{
        ref: formRef,
        className: 'entity-form',
        onSubmit: (event) => {
          event.preventDefault();
          void form.submit().then((field) => field !== undefined && focusField(field));
        },
      }}
      actions={
        <>
          <button type="button" onClick={onClose}>
            {t('entity.cancel')}
          </button>
          <button type="submit" disabled={form.saving}>
            {t('entity.save')}
          </button>
        </>
      }
    >
      {conflict && (
        <div className="entity-form__conflict" role="alert">
          <p>
            {t('entity.conflict', {
              user: conflict.modifiedBy ?? t('entity.none'),
              time: conflict.modifiedAt === null ? '' : displayDateTime(conflict.modifiedAt, lang),
            })}
          </p>
          <p>{t('entity.conflictKeep')}</p>
        </div>
      )}
      <div className="entity-form__fields">
        {fields.map((field) => (
          <EntityFieldInput
            key={field.key}
            def={def}
            field={field}
            rowCompany={form.values['companyCode'] ?? ''}
            id={`${id}-${field.key}`}
            value={form.values[field.key] ?? ''}
            readOnlyText={isEditable(field, mode) ? undefined : valueText(field, mode.kind === 'update' ? mode.row.values[field.key] : null, names, t)}
            message={form.messages[field.key]}
            latest={conflict && differing.has(field.key) ? valueText(field, conflict.values[field.key], names, t) : undefined}
            companies={companies}
            autoFocus={field.key === firstEditable}
            onChange={(value) => form.change(field.key, value)}
            onCheck={(value) => form.check(field.key, value)}
            onMessage={(message) => form.show(field.key, message)}
            onFile={(name, content) => form.takeFile(field, name, content)}
          />
        ))}
      </div>
      {form.progress !== undefined && (
        <div className="entity-import__progress" role="status" data-testid="save-progress">
          <progress aria-label={t('deviceEntity.file.checking')} max={1} value={form.progress < 1 ? form.progress : undefined} />
          <span>{form.progress < 1 ? t('deviceEntity.file.uploading', { percent: Math.round(form.progress * 100) }) : t('deviceEntity.file.checking')}</span>
        </div>
      )}
    </ModalDialog>
  );
}
