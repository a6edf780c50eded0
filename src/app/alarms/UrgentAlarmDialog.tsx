// The urgent-alarm dialog (shell spec §4): rows of plate and start time, the icon lit from the machine's blink, close, enable
// sound, the desktop-alert permission (asked only on its click), and confirm: acknowledges the alarms shown and closes.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { UrgentAlarmMachine } from '../../../machines/urgent-alarm.machine';
import { alarmKey } from '../../../domain/wire/live-alarm';
import { displayDateTime, toMillis } from '../../../domain/format/time';
import { toLang } from '../../../domain/i18n';
import type { LiveAlarm } from '../../../domain/wire/live-alarm';
import { soundNeedsGesture } from './alarm-sound';
import { desktopPermission, requestDesktopPermission, type DesktopEnv } from './desktop-alert';

interface UrgentAlarmDialogProps {
  readonly actor: ActorRefFrom<UrgentAlarmMachine>;
  /** A row click: the alarm's start in ms; without it (the user's menu lacks the urgent screen) rows are plain text. */
  readonly onOpenRow?: ((startMs: number) => void) | undefined;
  /** The desktop notifications; without it (or without the API) the dialog offers none. */
  readonly desktop?: DesktopEnv | undefined;
  /** Acknowledges alarms by seq (the inbox, else POST /alarmCue); offered while a row has a seq (a legacy alarm has none). */
  readonly onAcknowledge?: ((seqs: readonly number[]) => void) | undefined;
}

/** A button that asks for the desktop permission on click; once answered, what the browser decided. */
function DesktopAlertControl({ desktop }: { readonly desktop: DesktopEnv }) {
  const { t } = useTranslation();
  const [permission, setPermission] = useState(() => desktopPermission(desktop));
  if (permission === 'unsupported') return null;
  if (permission === 'granted') return <span className="urgent-alarm__desktop" role="status">{t('notice.desktopOn')}</span>;
  if (permission === 'denied') return <span className="urgent-alarm__desktop" role="status">{t('notice.desktopBlocked')}</span>;
  return (
    <button type="button" onClick={() => void requestDesktopPermission(desktop).then(setPermission)}>
      {t('notice.enableDesktop')}
    </button>
  );
}

export function UrgentAlarmDialog({ actor, onOpenRow, desktop, onAcknowledge }: UrgentAlarmDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const open = useSelector(actor, (snapshot) => snapshot.matches('open'));
  const iconOn = useSelector(actor, (snapshot) => snapshot.context.iconOn);
  const rows = useSelector(actor, (snapshot) => snapshot.context.rows);
  if (!open) return null;
  const seqs = rows.flatMap((alarm) => (alarm.seq === undefined ? [] : [alarm.seq]));
  const openRow = (alarm: LiveAlarm, open: (startMs: number) => void) => {
    actor.send({ type: 'urgent.close' });
    open(toMillis(alarm.startTime));
  };
  return (
    <div className="urgent-alarm__backdrop">
      <div className="dialog urgent-alarm" role="dialog" aria-modal="true" aria-labelledby="urgent-alarm-title">
        <h2 id="urgent-alarm-title">
          <span className={`urgent-alarm__icon${iconOn ? ' urgent-alarm__icon--on' : ''}`} data-testid="urgent-icon" data-lit={iconOn} aria-hidden="true">
            ⚠
          </span>
          {t('urgentAlarm.title')}
        </h2>
        <table className="urgent-alarm__table">
          <thead>
            <tr>
              <th scope="col">{t('urgentAlarm.plate')}</th>
              <th scope="col">{t('urgentAlarm.startTime')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((alarm) => (
              <tr key={alarmKey(alarm)}>
                <td>
                  {onOpenRow ? (
                    <button type="button" className="urgent-alarm__row" aria-label={t('urgentAlarm.open', { plate: alarm.signCode })} onClick={() => openRow(alarm, onOpenRow)}>
                      {alarm.signCode}
                    </button>
                  ) : (
                    alarm.signCode
                  )}
                </td>
                <td>{displayDateTime(alarm.startTime, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="dialog__actions">
          {desktop && <DesktopAlertControl desktop={desktop} />}
          {soundNeedsGesture() && (
            <button type="button" onClick={() => actor.send({ type: 'urgent.playSound' })}>
              {t('urgentAlarm.enableSound')}
            </button>
          )}
          <button type="button" onClick={() => actor.send({ type: 'urgent.close' })}>
            {t('urgentAlarm.close')}
          </button>
          {onAcknowledge && seqs.length > 0 && (
            <button type="button" className="urgent-alarm__confirm" onClick={() => {
              actor.send({ type: 'urgent.close' });
              onAcknowledge(seqs);
            }}>
              {t('urgentAlarm.acknowledge')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
