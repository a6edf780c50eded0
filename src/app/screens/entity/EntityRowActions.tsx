// A list row's buttons: edit it (not a record of something done), send it to devices (a definition with `send`),
// download its stored file (a file field's), reset its password (a user), and enable or disable it (the opposite of
// its status). While the row's state blocks edits (a
// tank table being sent), edit, send and status are shown disabled with the reason.
import { useTranslation } from 'react-i18next';
import { ENTITY_STATUS, fileFieldOf, isEditBlocked, type EntityDef } from '../../../../domain/screens/entities/definition';
import type { EntityRow } from '../../../../domain/screens/entities/wire';
import { rowName } from './StatusConfirm';
import { downloadStoredFile } from './stored-file-download';

interface EntityRowActionsProps {
  readonly def: EntityDef;
  readonly row: EntityRow;
  readonly onEdit: () => void;
  readonly onToggle: () => void;
  readonly onResetPassword: () => void;
  readonly onSend: () => void;
}

export function EntityRowActions({ def, row, onEdit, onToggle, onResetPassword, onSend }: EntityRowActionsProps) {
  const { t } = useTranslation();
  const enabled = row.status === ENTITY_STATUS.enabled;
  const name = rowName(row, def);
  const blocked = isEditBlocked(def, row.values);
  // Disabled buttons stay focusable (aria-disabled) so the reason in their title is read out.
  const block = blocked && def.editBlocked ? { 'aria-disabled': true, title: t(def.editBlocked.messageKey) } : {};
  const unless = (act: () => void) => () => !blocked && act();
  if (def.readOnly === true) return null;
  return (
    <span className="entity-actions">
      {def.append !== true && (
        <button type="button" className="entity-link" aria-label={`${t('entity.edit')} ${name}`} {...block} onClick={unless(onEdit)}>
          {t('entity.edit')}
        </button>
      )}
      {def.send && (
        <button type="button" className="entity-link" aria-label={`${t('deviceEntity.send.action')} ${name}`} {...block} onClick={unless(onSend)}>
          {t('deviceEntity.send.action')}
        </button>
      )}
      {fileFieldOf(def) && (
        <button type="button" className="entity-link" aria-label={`${t('entity.download')} ${name}`} onClick={() => void downloadStoredFile(def, row)}>
          {t('entity.download')}
        </button>
      )}
      {def.fields.some((field) => field.type === 'password') && (
        <button type="button" className="entity-link" aria-label={`${t('account.resetPassword')} ${name}`} onClick={onResetPassword}>
          {t('account.resetPassword')}
        </button>
      )}
      <button
        type="button"
        className={enabled ? 'entity-link entity-link--danger' : 'entity-link'}
        aria-label={`${t(enabled ? 'entity.disable' : 'entity.enable')} ${name}`}
        {...block}
        onClick={unless(onToggle)}
      >
        {t(enabled ? 'entity.disable' : 'entity.enable')}
      </button>
    </span>
  );
}
