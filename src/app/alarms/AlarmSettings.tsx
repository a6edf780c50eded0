// The top bar's alarm-setting tree (shell spec §2, §5 Alarm choice): which alarm types this user receives.
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppliedChoice } from '../../../machines/alarm-choice.machine';
import { listInForce } from '../../../domain/alarm-types';
import type { StUserAlarm } from '../../../domain/wire/entities';
import { useLiveEvent } from '../live/use-live';
import { AlarmSettingsPanel, type PanelHandle } from './AlarmSettingsPanel';
import './alarm-settings.css';

interface AlarmSettingsProps {
  readonly userId: number;
  /** The choice `/userPri` gave (`stUserAlarm`), or the last one saved since; null before the user's first save. */
  readonly stored: StUserAlarm | null | undefined;
  /** The server stored a new choice: the session keeps it, and the live worker filters by it from then on. */
  readonly onSaved: (choice: StUserAlarm) => void;
}

/**
 * The button and, while open, the panel. It opens on the choice the worker applies (one for every tab, so a save in
 * another tab shows here too), else on the session's.
 */
export function AlarmSettings({ userId, stored, onSaved }: AlarmSettingsProps) {
  const { t } = useTranslation();
  const inForce = useLiveEvent('alarm.types');
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<PanelHandle>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const apply = useCallback(
    (choice: AppliedChoice) => onSaved({ id: choice.id, userId, alarmTypeIds: choice.typeIds }),
    [onSaved, userId],
  );
  return (
    <div className="alarm-settings">
      <button
        ref={button}
        type="button"
        className="alarm-settings__open"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        // Closing goes through the machine, which holds the panel open while a save is out.
        onClick={() => (open ? panel.current?.cancel() : setOpen(true))}
      >
        {t('alarmSettings.open')}
      </button>
      {open && (
        <AlarmSettingsPanel
          ref={panel}
          id={id}
          userId={userId}
          choiceId={stored?.id ?? 0}
          typeIds={inForce ?? listInForce(stored?.alarmTypeIds)}
          onSaved={apply}
          onClose={close}
        />
      )}
    </div>
  );
}
