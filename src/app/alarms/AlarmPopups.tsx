// The alarm pop-up list (shell spec §4): the worker's newest five, each rendered by type, dismissable; a click opens its
// alarm screen when the user's menu has it (a water-truck user gets alarms of screens outside their menu: read, not
// followed). Each also acknowledges its alarm (a session with the inbox; it then goes) and shows its truck on the live
// map. While the operator is busy (a modal open, typing) the list keeps out of sight and the top bar counts what waits.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { alarmPopupUrl, alarmRoutePath } from '../../../domain/alarm-routes';
import { toMillis } from '../../../domain/format/time';
import { alarmPopupLines } from '../../../domain/alarm-popup';
import { alarmKey } from '../../../domain/wire/live-alarm';
import { ALARM_POPUP_MAX } from '../../../domain/constants';
import { toLang } from '../../../domain/i18n';
import type { LiveAlarm } from '../../../domain/wire/live-alarm';
import { useLiveEvent } from '../live/use-live';
import { LIVE_MAP_PATHS, truckOnMapUrl } from '../monitor/track-map/track-filters';
import { useAlarmInbox } from './inbox-status';
import { useOperatorBusy } from './operator-busy';

interface AlarmPopupsProps {
  /** Whether the user's menu opens this path; a pop-up of a screen it does not open is not a link. */
  readonly canOpen: (path: string) => boolean;
  /** A dialog of the shell is open that the page does not show yet (the urgent dialog): the pop-ups wait for it too. */
  readonly yieldTo?: boolean;
}

export function AlarmPopups({ canOpen, yieldTo = false }: AlarmPopupsProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [, navigate] = useLocation();
  const popups = useLiveEvent('alarm.popups');
  const inbox = useAlarmInbox();
  const { setHeld, acknowledge } = inbox;
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const visible = useMemo(
    () => (popups ?? []).filter((alarm) => !dismissed.has(alarmKey(alarm))).slice(0, ALARM_POPUP_MAX),
    [popups, dismissed],
  );
  const busy = useOperatorBusy(visible.length > 0) || yieldTo;
  const held = busy ? visible.length : 0;
  useEffect(() => setHeld(held), [held, setHeld]);
  useEffect(() => () => setHeld(0), [setHeld]);
  const dismiss = useCallback((alarm: LiveAlarm) => setDismissed((current) => new Set(current).add(alarmKey(alarm))), []);
  // A refused or failed acknowledgement (the client has said why) brings the pop-up back.
  const undismiss = useCallback((alarm: LiveAlarm) => setDismissed((current) => {
    const next = new Set(current);
    next.delete(alarmKey(alarm));
    return next;
  }), []);
  const mapPath = LIVE_MAP_PATHS.find(canOpen);
  if (visible.length === 0 || busy) return null;
  return (
    <section className="alarm-popups" aria-label={t('alarmPopup.title')}>
      {visible.map((alarm) => {
        const lines = alarmPopupLines(alarm, lang).map((line) => (
          <span key={line.key} className="alarm-popup__line" data-line={line.key}>
            {line.text}
          </span>
        ));
        const { seq } = alarm;
        return (
          <article key={alarmKey(alarm)} className="alarm-popup" data-testid="alarm-popup" data-type={alarm.type} data-seq={seq}>
            {canOpen(alarmRoutePath(alarm.type)) ? (
              <button type="button" className="alarm-popup__body" aria-label={t('alarmPopup.open')} onClick={() => navigate(alarmPopupUrl({ type: alarm.type, signCode: alarm.signCode, startTime: toMillis(alarm.startTime) }, Date.now()))}>
                {lines}
              </button>
            ) : (
              <div className="alarm-popup__body">{lines}</div>
            )}
            {(mapPath !== undefined || (inbox.available === true && seq !== undefined)) && (
              <div className="alarm-popup__actions">
                {mapPath !== undefined && (
                  <button type="button" aria-label={t('alarmPopup.showOnMapLabel', { plate: alarm.signCode })} onClick={() => navigate(truckOnMapUrl(mapPath, alarm.signCode))}>
                    {t('alarmPopup.showOnMap')}
                  </button>
                )}
                {inbox.available === true && seq !== undefined && (
                  <button type="button" className="alarm-popup__primary" aria-label={t('alarmPopup.acknowledgeLabel')} onClick={() => {
                    dismiss(alarm);
                    void acknowledge([seq]).catch(() => undismiss(alarm));
                  }}>
                    {t('alarmPopup.acknowledge')}
                  </button>
                )}
              </div>
            )}
            <button type="button" className="alarm-popup__dismiss" aria-label={t('alarmPopup.dismiss')} onClick={() => dismiss(alarm)}>
              ×
            </button>
          </article>
        );
      })}
    </section>
  );
}
