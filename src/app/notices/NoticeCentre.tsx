// The notification centre in the top bar: the poll notices in force, closed cards included, with their counts and the
// screen each leads to. Closing a card only moves it here; a notice leaves when a poll finds nothing of its kind.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { FENCE_APPROVAL_PATH, HEARTBEAT_OVERTIME_PATH } from '../../../domain/shell/polls';
import { PopupMenu } from '../../ui/PopupMenu';
import { useLiveEvent } from '../live/use-live';
import './notices.css';

export function NoticeCentre() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const fences = useLiveEvent('notice.fences');
  const heartbeat = useLiveEvent('notice.heartbeat');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const count = (fences ? 1 : 0) + (heartbeat ? 1 : 0);
  if (count === 0) return null;
  const go = (path: string) => () => {
    setOpen(false);
    navigate(path);
  };
  return (
    <div className="notice-centre">
      <button ref={button} type="button" className="notice-centre__button" aria-haspopup="menu" aria-expanded={open}
        aria-label={t('noticeCentre.label', { count })} onClick={() => setOpen((was) => !was)}>
        {t('noticeCentre.button')} <span className="notice-centre__count">{count}</span>
      </button>
      {open && (
        <PopupMenu label={t('noticeCentre.menu')} onClose={close} className="popup notice-centre__menu">
          {fences && (
            <button type="button" role="menuitem" className="notice-centre__item" onClick={go(FENCE_APPROVAL_PATH)}>
              <strong>{t('notice.fences.title')}</strong>
              <span>{t('notice.fences.body', { count: fences.pending })}</span>
            </button>
          )}
          {heartbeat && (
            <button type="button" role="menuitem" className="notice-centre__item" onClick={go(HEARTBEAT_OVERTIME_PATH)}>
              <strong>{t('notice.heartbeat.title')}</strong>
              <span>{t('notice.heartbeat.body', { count: heartbeat.rows.length })}</span>
            </button>
          )}
        </PopupMenu>
      )}
    </div>
  );
}
