// Renders the notice store: toasts at the top (offset 20, the spec's four types) and one alert dialog at a time.
// Both stay readable and usable over an open modal dialog, which makes the rest of the page inert: react-aria leaves
// its "top layer" out of that.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_OFFSET } from '../../domain/constants';
import { confirmAlert, currentNotices, dismissToast, subscribeNotices, type NoticeText } from './notify';
import './notices.css';

function useNoticeText(): (message: NoticeText) => string {
  const { t } = useTranslation();
  return (message) => ('key' in message ? t(message.key, message.values ?? {}) : message.text);
}

export function Toaster() {
  const { t } = useTranslation();
  const text = useNoticeText();
  const { toasts } = useSyncExternalStore(subscribeNotices, currentNotices);
  return (
    <div className="toasts" style={{ top: TOAST_OFFSET }} data-react-aria-top-layer="true">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'} data-type={toast.type}>
          <span className="toast__text">{text(toast.message)}</span>
          <button type="button" className="toast__close" onClick={() => dismissToast(toast.id)} aria-label={t('notify.close')}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

export function AlertHost() {
  const { t } = useTranslation();
  const text = useNoticeText();
  const [alert] = useSyncExternalStore(subscribeNotices, currentNotices).alerts;
  if (!alert) return null;
  const titleId = `alert-title-${alert.id}`;
  const bodyId = `alert-body-${alert.id}`;
  return (
    <div className="alert-backdrop" data-react-aria-top-layer="true">
      <div className="alert" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId}>
        <h2 id={titleId}>{t(alert.title)}</h2>
        <p id={bodyId}>{text(alert.message)}</p>
        <button type="button" autoFocus onClick={() => confirmAlert(alert.id)}>
          {t('error.confirm')}
        </button>
      </div>
    </div>
  );
}
