// The poll notices of the shell (spec §6): pending fences and heartbeat overtime, one per browser, dismissed for every
// tab. A banner above the views shows a finding the user has not closed (the trucks behind it folded away); a closed
// one stays in the top bar's notification centre.
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { FenceNotice, HeartbeatNotice, NoticeKind } from '../../../workers/live-api';
import { displayDateTime } from '../../../domain/format/time';
import { toLang } from '../../../domain/i18n';
import { FENCE_APPROVAL_PATH, HEARTBEAT_NOTICE_ROWS, HEARTBEAT_OVERTIME_PATH } from '../../../domain/shell/polls';
import { useLiveSource } from '../live/LiveProvider';
import { useLiveEvent } from '../live/use-live';
import './notices.css';

interface NoticeProps<T> {
  readonly notice: T;
  readonly onDismiss: () => void;
}

/** Escape on a card's buttons closes it, as its 关闭 button does. */
const closeOnEscape = (onDismiss: () => void) => (event: KeyboardEvent<HTMLElement>) => {
  if (event.key !== 'Escape') return;
  event.stopPropagation();
  onDismiss();
};

function FencesNotice({ notice, onDismiss }: NoticeProps<FenceNotice>) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const open = () => {
    onDismiss();
    navigate(FENCE_APPROVAL_PATH);
  };
  return (
    <article className="live-notice" role="status" aria-labelledby="live-notice-fences" data-testid="notice-fences" onKeyDown={closeOnEscape(onDismiss)}>
      <h2 id="live-notice-fences" className="live-notice__title">{t('notice.fences.title')}</h2>
      <p className="live-notice__body">{t('notice.fences.body', { count: notice.pending })}</p>
      <div className="live-notice__actions">
        <button type="button" className="live-notice__primary" onClick={open}>
          {t('notice.fences.open')}
        </button>
        <button type="button" onClick={onDismiss}>
          {t('notice.dismiss')}
        </button>
      </div>
    </article>
  );
}

function HeartbeatOvertimeNotice({ notice, onDismiss }: NoticeProps<HeartbeatNotice>) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const lang = toLang(i18n.language);
  const open = () => {
    onDismiss();
    navigate(HEARTBEAT_OVERTIME_PATH);
  };
  const shown = notice.rows.slice(0, HEARTBEAT_NOTICE_ROWS);
  const more = notice.rows.length - shown.length;
  return (
    <article className="live-notice" role="status" aria-labelledby="live-notice-heartbeat" data-testid="notice-heartbeat" onKeyDown={closeOnEscape(onDismiss)}>
      <h2 id="live-notice-heartbeat" className="live-notice__title">{t('notice.heartbeat.title')}</h2>
      <p className="live-notice__body">{t('notice.heartbeat.body', { count: notice.rows.length })}</p>
      <details className="live-notice__details">
        <summary>{t('notice.heartbeat.details')}</summary>
        <table className="live-notice__table">
          <thead>
            <tr>
              <th scope="col">{t('notice.heartbeat.company')}</th>
              <th scope="col">{t('notice.heartbeat.plate')}</th>
              <th scope="col">{t('notice.heartbeat.heartTime')}</th>
              <th scope="col">{t('notice.heartbeat.gpsTime')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              <tr key={`${index}:${row.signCode}`}>
                <td>{row.companyName}</td>
                <td>{row.signCode}</td>
                <td>{displayDateTime(row.heartTime, lang)}</td>
                <td>{displayDateTime(row.gpsTime, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {more > 0 && <p className="live-notice__more">{t('notice.heartbeat.more', { count: more })}</p>}
      </details>
      <div className="live-notice__actions">
        <button type="button" className="live-notice__primary" onClick={open}>
          {t('notice.heartbeat.open')}
        </button>
        <button type="button" onClick={onDismiss}>
          {t('notice.dismiss')}
        </button>
      </div>
    </article>
  );
}

/** A notice whose card is to show: one the user has not closed. */
const fresh = <T extends { readonly dismissed: boolean }>(notice: T | null | undefined): T | undefined => (notice && !notice.dismissed ? notice : undefined);

/** Banners for the latest poll findings, in the page's flow; a dismissal goes to the worker, which clears the notice in every tab. */
export function LiveNotices() {
  const source = useLiveSource();
  const fences = fresh(useLiveEvent('notice.fences'));
  const heartbeat = fresh(useLiveEvent('notice.heartbeat'));
  if (!fences && !heartbeat) return null;
  const dismiss = (kind: NoticeKind) => () => void source?.api.dismissNotice(kind);
  return (
    <div className="live-notices">
      {fences && <FencesNotice notice={fences} onDismiss={dismiss('fences')} />}
      {heartbeat && <HeartbeatOvertimeNotice notice={heartbeat} onDismiss={dismiss('heartbeat')} />}
    </div>
  );
}
