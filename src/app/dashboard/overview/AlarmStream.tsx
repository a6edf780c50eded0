// The overview's newest open alarms: from the inbox (severity and where each stands), or on a backend without one the
// worker's latest alarms as the pop-ups have them. A row opens the alarm's report screen, filtered to that alarm.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { alarmPopupUrl, alarmRoutePath } from '../../../../domain/alarm-routes';
import { severityOf } from '../../../../domain/alarm-severity';
import { alarmTypeLabelKey } from '../../../../domain/alarm-types';
import { displayShortDateTime, toMillis } from '../../../../domain/format/time';
import { toLang } from '../../../../domain/i18n';
import type { AlarmState } from '../../../../domain/wire/alarm-inbox';
import { alarmKey, type LiveAlarm } from '../../../../domain/wire/live-alarm';
import { useCanOpen } from '../../layout/use-can-open';

interface StreamRow {
  readonly alarm: LiveAlarm;
  /** Where it stands, when the backend keeps an inbox. */
  readonly state?: AlarmState;
}

export function AlarmStream({ rows, total, now }: { readonly rows: readonly StreamRow[]; readonly total: number; readonly now: number }) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const canOpen = useCanOpen();
  return (
    <section className="overview__alarms" aria-labelledby="overview-alarms">
      <h2 id="overview-alarms">{t('overview.latestAlarms', { count: total })}</h2>
      {rows.length === 0 ? (
        <p className="overview__empty">{t('overview.noOpenAlarms')}</p>
      ) : (
        <ol className="overview__alarm-list">
          {rows.map(({ alarm, state }) => {
            const severity = severityOf(alarm.type);
            const report = alarmRoutePath(alarm.type);
            const body = (
              <>
                <span className={`kpi__dot kpi__dot--${severity}`} aria-hidden="true" />
                <span className="overview__alarm-type">{t(alarmTypeLabelKey(alarm.type))}</span>
                <span className="overview__alarm-plate">{alarm.signCode}</span>
                <time dateTime={new Date(toMillis(alarm.startTime)).toISOString()}>{displayShortDateTime(alarm.startTime, lang)}</time>
                {state && <span className={`overview__alarm-state overview__alarm-state--${state}`}>{t(`alarmState.${state}`)}</span>}
              </>
            );
            return (
              <li key={alarmKey(alarm)} data-severity={severity}>
                {canOpen(report) ? (
                  <Link href={alarmPopupUrl({ type: alarm.type, signCode: alarm.signCode, startTime: toMillis(alarm.startTime) }, now)}>{body}</Link>
                ) : (
                  <span>{body}</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
