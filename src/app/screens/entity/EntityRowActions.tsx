// A list row's buttons: edit it, and enable or disable it (the opposite of its status).
import { useTranslation } from 'react-i18next';
import { ENTITY_STATUS } from '../../../domain/screens/entities/definition';
import type { EntityRow } from '../../../domain/screens/entities/wire';
import { rowName } from './StatusConfirm';

export interface EntityRowActionsProps {
  readonly row: EntityRow;
  readonly onEdit: () => void;
  readonly onToggle: () => void;
}

export function EntityRowActions({ row, onEdit, onToggle }: EntityRowActionsProps) {
  const { t } = useTranslation();
  const enabled = row.status === ENTITY_STATUS.enabled;
  const name = rowName(row);
  return (
    <span className="entity-actions">
      <button type="button" className="entity-link" aria-label={`${t('entity.edit')} ${name}`} onClick={onEdit}>
        {t('entity.edit')}
      </button>
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
