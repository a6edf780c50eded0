// Enabling or disabling a row: the question first, then the call on the version the list read; a stale version says
// who changed the row and when, and the list is fetched again either way.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../../domain/format';
import { toLang } from '../../../../domain/i18n';
import { ENTITY_STATUS, type EntityDef } from '../../../../domain/screens/entities/definition';
import type { EntityRow } from '../../../../domain/screens/entities/wire';
import { showToast } from '../../../ui/notify';
import { reportFailure } from '../../reactions';
import { saveRefusal, setEntityStatus } from './entity-calls';

interface StatusToggle {
  /** The row whose change is being asked about. */
  readonly asking: EntityRow | undefined;
  readonly busy: boolean;
  readonly ask: (row: EntityRow) => void;
  readonly confirm: () => void;
  readonly cancel: () => void;
}

export function useStatusToggle(def: EntityDef, refresh: () => void): StatusToggle {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState<EntityRow | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const ask = useCallback((row: EntityRow) => setAsking(row), []);
  const cancel = useCallback(() => setAsking(undefined), []);

  const confirm = () => {
    if (!asking || busy) return;
    const next = asking.status === ENTITY_STATUS.enabled ? ENTITY_STATUS.disabled : ENTITY_STATUS.enabled;
    setBusy(true);
    setEntityStatus(def, asking, next)
      .then(
        () => showToast('success', { key: 'entity.statusChanged', values: { state: t(next === ENTITY_STATUS.enabled ? 'entity.enabled' : 'entity.disabled') } }),
        (error: unknown) => {
          const refusal = saveRefusal(error);
          if (refusal?.kind !== 'conflict') return reportFailure(error);
          const { modifiedBy, modifiedAt } = refusal.current;
          const time = modifiedAt === null ? '' : displayDateTime(modifiedAt, toLang(i18n.language));
          showToast('error', { key: 'entity.conflict', values: { user: modifiedBy ?? t('entity.none'), time } });
        },
      )
      .finally(() => {
        setBusy(false);
        setAsking(undefined);
        refresh();
      });
  };

  return { asking, busy, ask, confirm, cancel };
}
