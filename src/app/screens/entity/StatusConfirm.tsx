// The question before a row is enabled or disabled ("disable 'X'?"); the caller makes the change on confirm.
import { useTranslation } from 'react-i18next';
import { ENTITY_STATUS, type EntityDef } from '../../../../domain/screens/entities/definition';
import type { EntityRow } from '../../../../domain/screens/entities/wire';
import { ModalDialog } from '../../../ui/dialog';

interface StatusConfirmProps {
  readonly def: EntityDef;
  readonly row: EntityRow;
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

/** The row's name as the question shows it: its label field (its name by default) where it has one, else its key. */
export function rowName(row: EntityRow, def?: EntityDef): string {
  const name = row.values[def?.label ?? 'name'];
  return name === null || name === undefined || name === '' ? row.key : String(name);
}

export function StatusConfirm({ def, row, busy, onConfirm, onClose }: StatusConfirmProps) {
  const { t } = useTranslation();
  const action = t(row.status === ENTITY_STATUS.enabled ? 'entity.disable' : 'entity.enable');
  return (
    <ModalDialog
      title={action}
      onClose={onClose}
      confirm={{
        text: t('entity.confirmStatus', { action, name: rowName(row, def) }),
        cancelLabel: t('entity.cancel'),
        confirmLabel: t('entity.confirm'),
        onConfirm,
        busy,
      }}
    />
  );
}
