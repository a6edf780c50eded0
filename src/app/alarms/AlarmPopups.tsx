// The alarm pop-up list (shell spec §4): the worker's newest five, each rendered by type, dismissable, a click opens its alarm screen
// when the user's menu has it (a water-truck user gets alarms of screens outside their menu: read, not followed).
import { useCallback, useMemo, useState } from 'react';
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

interface AlarmPopupsProps {
  /** Whether the user's menu opens this path; a pop-up of a screen it does not open is not a link. */
  readonly canOpen: (path: string) => boolean;
}

export function AlarmPopups({ canOpen }: AlarmPopupsProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [, navigate] = useLocation();
  const popups = useLiveEvent('alarm.popups');
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const visible = useMemo(
    () => (popups ?? []).filter((alarm) => !dismissed.has(alarmKey(alarm))).slice(0, ALARM_POPUP_MAX),
    [popups, dismissed],
  );
  const dismiss = useCallback((alarm: LiveAlarm) => setDismissed((current) => new Set(current).add(alarmKey(alarm))), []);
  if (visible.length === 0) return null;
  return (
    <section className="alarm-popups" aria-label={t('alarmPopup.title')}>
      {visible.map((alarm) => {
        const lines = alarmPopupLines(alarm, lang).map((line) => (
          <span key={line.key} className="alarm-popup__line" data-line={line.key}>
            {line.text}
          </span>
        ));
        return (
          <article key={alarmKey(alarm)} className="alarm-popup" data-testid="alarm-popup" data-type={alarm.type}>
            {canOpen(alarmRoutePath(alarm.type)) ? (
              <button type="button" className="alarm-popup__body" aria-label={t('alarmPopup.open')} onClick={() => navigate(alarmPopupUrl({ type: alarm.type, signCode: alarm.signCode, startTime: toMillis(alarm.startTime) }, Date.now()))}>
                {lines}
              </button>
            ) : (
              <div className="alarm-popup__body">{lines}</div>
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
