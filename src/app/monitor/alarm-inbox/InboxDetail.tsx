// The detail pane of the focused alarm: plate, type, severity and state, the truck on a small map where the alarm
// started, a link to the report screen that lists it (as the pop-ups open it), and the history of its state.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { alarmPopupUrl, alarmRoutePath } from '../../../../domain/alarm-routes';
import { alarmTypeLabelKey } from '../../../../domain/alarm-types';
import { displayDateTime, toMillis } from '../../../../domain/format/time';
import { toLang } from '../../../../domain/i18n';
import type { AlarmStateChange, InboxAlarmDetail } from '../../../../domain/wire/alarm-inbox';
import { reportFailure } from '../../reactions';
import { fetchInboxDetail } from './inbox-calls';
import { SeverityBadge } from './SeverityBadge';
import type { AlarmSpot } from './alarm-map';

const AlarmMap = lazy(() => import('./AlarmMap'));

interface InboxDetailProps {
  readonly seq: number;
  /** Changes when the alarm's standing changed (here or in another console): the detail is fetched again. */
  readonly revision: number;
  /** Whether the user's menu opens a path: the report link is offered only then. */
  readonly canOpen: (path: string) => boolean;
  readonly onClose: () => void;
}

type Load = { readonly kind: 'loading' } | { readonly kind: 'failed' } | { readonly kind: 'loaded'; readonly detail: InboxAlarmDetail };

export function InboxDetail({ seq, revision, canOpen, onClose }: InboxDetailProps) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [shownSeq, setShownSeq] = useState(seq);

  useEffect(() => {
    let current = true;
    fetchInboxDetail(seq).then(
      (detail) => {
        if (!current) return;
        setShownSeq(seq);
        setLoad({ kind: 'loaded', detail });
      },
      (error: unknown) => {
        if (!current) return;
        reportFailure(error);
        setLoad({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [seq, revision]);

  // Another alarm's detail stays shown (not a flash of "loading") until the focused one's comes.
  const detail = load.kind === 'loaded' ? load.detail : undefined;
  return (
    <section className="inbox-detail" aria-label={t('alarmInbox.detail.title')} data-testid="inbox-detail" data-seq={shownSeq} aria-busy={load.kind === 'loading' || shownSeq !== seq}>
      <header className="inbox-detail__head">
        <h2>{detail ? detail.row.alarm.signCode : t('alarmInbox.detail.title')}</h2>
        <button type="button" className="inbox-detail__close" aria-label={t('alarmInbox.detail.close')} onClick={onClose}>
          ×
        </button>
      </header>
      {load.kind === 'failed' && <p className="inbox-muted">{t('alarmInbox.detail.failed')}</p>}
      {load.kind === 'loading' && !detail && <p className="inbox-muted">{t('alarmInbox.loading')}</p>}
      {detail && <DetailBody detail={detail} canOpen={canOpen} />}
    </section>
  );
}

function DetailBody({ detail, canOpen }: { readonly detail: InboxAlarmDetail; readonly canOpen: (path: string) => boolean }) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const { row, position, history } = detail;
  const { alarm } = row;
  const spot = useMemo<AlarmSpot | undefined>(
    () => (position ? { lat: position.lat, lng: position.lng, severity: row.severity, label: alarm.signCode } : undefined),
    [position, row.severity, alarm.signCode],
  );
  const reportPath = alarmRoutePath(alarm.type);
  return (
    <div className="inbox-detail__content">
      <dl className="facts inbox-detail__facts">
        <dt>{t('alarmInbox.column.type')}</dt>
        <dd>{t(alarmTypeLabelKey(alarm.type))}</dd>
        <dt>{t('alarmInbox.column.severity')}</dt>
        <dd><SeverityBadge severity={row.severity} /></dd>
        <dt>{t('alarmInbox.column.state')}</dt>
        <dd className={`inbox-state inbox-state--${row.state}`} data-testid="inbox-detail-state">{t(`alarmState.${row.state}`)}</dd>
        <dt>{t('alarmInbox.column.startTime')}</dt>
        <dd>{displayDateTime(alarm.startTime, lang)}</dd>
        <dt>{t('alarmInbox.column.company')}</dt>
        <dd>{row.companyName}</dd>
        <dt>{t('alarmInbox.column.assignee')}</dt>
        <dd>{row.assignee ?? t('alarmInbox.unassigned')}</dd>
      </dl>
      {canOpen(reportPath) && (
        <Link className="inbox-detail__report" href={alarmPopupUrl({ type: alarm.type, signCode: alarm.signCode, startTime: toMillis(alarm.startTime) }, Date.now())}>
          {t('alarmInbox.detail.openReport')}
        </Link>
      )}
      <div className="inbox-detail__where">
        {spot ? (
          <Suspense fallback={<div className="inbox-detail__map" />}>
            <AlarmMap spot={spot} />
          </Suspense>
        ) : (
          <p className="inbox-muted">{t('alarmInbox.detail.noPosition')}</p>
        )}
      </div>
      <div className="inbox-detail__history">
        <h3>{t('alarmInbox.detail.history')}</h3>
        {history.length === 0 ? (
          <p className="inbox-muted">{t('alarmInbox.detail.historyEmpty')}</p>
        ) : (
          <ol className="inbox-history" data-testid="inbox-history">
            {history.map((step, index) => <HistoryStep key={index} step={step} />)}
          </ol>
        )}
      </div>
    </div>
  );
}

function HistoryStep({ step }: { readonly step: AlarmStateChange }) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const at = toMillis(step.at);
  return (
    <li className="inbox-history__step">
      <span className={`inbox-state inbox-state--${step.state}`}>{t(`alarmState.${step.state}`)}</span>
      <span>{step.by}</span>
      <time dateTime={Number.isNaN(at) ? undefined : new Date(at).toISOString()}>{displayDateTime(step.at, lang)}</time>
      {step.assignee !== null && <span className="inbox-history__assignee">{t('alarmInbox.detail.assignedTo', { assignee: step.assignee })}</span>}
      {step.note !== '' && <q className="inbox-history__note">{step.note}</q>}
    </li>
  );
}
