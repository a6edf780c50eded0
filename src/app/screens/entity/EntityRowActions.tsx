// A list row's buttons: edit it (not a record of something done), reset its password (a user), and enable or disable
// it (the opposite of its status).
import { useTranslation } from 'react-i18next';
import { ENTITY_STATUS, type EntityDef } from '../../../domain/screens/entities/definition';
import type { EntityRow } from '../../../domain/screens/entities/wire';
import { rowName } from './StatusConfirm';

export interface EntityRowActionsProps {
  readonly def: EntityDef;
  readonly row: EntityRow;
  readonly onEdit: () => void;
  readonly onToggle: () => void;
  readonly onResetPassword: () => void;
}

export function EntityRowActions({ def, row, onEdit, onToggle, onResetPassword }: EntityRowActionsProps) {
  const { t } = useTranslation();
  const enabled = row.status === ENTITY_STATUS.enabled;
  const name = rowName(row, def);
  return (
    <span className="entity-actions">
      {def.append !== true && (
        <button type="button" className="entity-link" aria-label={`${t('entity.edit')} ${name}`} onClick={onEdit}>
          {t('entity.edit')}
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
        onClick={onToggle}
      >
        {t(enabled ? 'entity.disable' : 'entity.enable')}
      </button>
    </span>
  );
}
