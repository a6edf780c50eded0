// The top bar's alarm-setting tree (shell spec §2, §5 Alarm choice): which alarm types this user receives.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppliedChoice } from '../../../machines/alarm-choice.machine';
import { listInForce } from '../../domain/alarm-types';
import type { StUserAlarm } from '../../domain/wire/entities';
import { useLiveSource } from '../live/LiveProvider';
import { useLiveEvent } from '../live/use-live';
import { AlarmSettingsPanel, type PanelHandle } from './AlarmSettingsPanel';
import './alarm-settings.css';

export interface AlarmSettingsProps {
  readonly userId: number;
  /** The choice `/userPri` gave (`stUserAlarm`); null before the user's first save. */
  readonly stored: StUserAlarm | null | undefined;
}

/**
 * The button and, while open, the panel. It opens on the choice the worker applies (one for every tab, so a save in
 * another tab shows here too), else on what this tab saved or `/userPri` gave.
 */
export function AlarmSettings({ userId, stored }: AlarmSettingsProps) {
  const { t } = useTranslation();
  const source = useLiveSource();
  const inForce = useLiveEvent('alarm.types');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<AppliedChoice | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<PanelHandle>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  // A choice saved before this tab joined the worker is handed over once it has.
  const [unapplied, setUnapplied] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!source || unapplied === undefined) return;
    setUnapplied(undefined);
    void source.api.setAlarmTypes(unapplied);
  }, [source, unapplied]);
  const apply = useCallback((choice: AppliedChoice) => {
    setSaved(choice);
    setUnapplied(choice.typeIds);
  }, []);
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
          choiceId={saved?.id ?? stored?.id ?? 0}
          typeIds={inForce ?? saved?.typeIds ?? listInForce(stored?.alarmTypeIds)}
          onSaved={apply}
          onClose={close}
        />
      )}
    </div>
  );
}
