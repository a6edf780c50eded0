// The top bar's five truck-status badges (spec §2) with live counts; each opens its truck table. A failed status fetch
// (spec §7 getTruckBarData) is told here, where its counts are shown.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BADGE_ORDER, truckStatus, type TruckStatusCode } from '../../../domain/truck-status';
import { showToast } from '../../ui/notify';
import { TruckTablePopover } from './TruckTablePopover';
import { useFleetStatus, useLiveListener } from './use-live';
import '../layout/topbar.css';
import { BOOT_COUNTS_WRITE_MS, rememberBadgeCounts, rememberBadgeLabels } from './boot-badges';
import './live.css';

const popoverId = (code: TruckStatusCode) => `truck-table-${code}`;

/** The worker tells once per failure streak, so a backend that stays down is not a toast every 30 s. */
const toastFillFailed = () => void showToast('error', { key: 'error.truckStatusFailed' });

export function StatusBadges() {
  const { t, i18n } = useTranslation();
  const status = useFleetStatus();
  const labels = useMemo(
    () => Object.fromEntries(BADGE_ORDER.map((code) => [code, t(truckStatus(code).labelKey)])) as Record<TruckStatusCode, string>,
    [t],
  );
  // The next tab's boot bar shows these before its shell has loaded.
  useEffect(() => rememberBadgeLabels(i18n.language, labels), [i18n.language, labels]);
  // And the counts, while this tab is seen: kept fresh even when they do not change, so a new tab trusts them.
  const shown = useRef(status);
  shown.current = status;
  useEffect(() => {
    const write = () => {
      if (shown.current && document.visibilityState === 'visible') rememberBadgeCounts(shown.current.counts);
    };
    write();
    const timer = setInterval(write, BOOT_COUNTS_WRITE_MS);
    return () => clearInterval(timer);
  }, []);
  useLiveListener('fleet.fillFailed', toastFillFailed);
  const [open, setOpen] = useState<TruckStatusCode | undefined>(undefined);
  const buttons = useRef(new Map<TruckStatusCode, HTMLButtonElement>());
  const close = useCallback(() => {
    if (open !== undefined) buttons.current.get(open)?.focus();
    setOpen(undefined);
  }, [open]);
  return (
    <div className="status-badges" role="group" aria-label={t('live.badges.label')}>
      {BADGE_ORDER.map((code) => {
        const info = truckStatus(code);
        const label = labels[code];
        const count = status?.counts[code];
        return (
          <div key={code} className="status-badges__item">
            <button
              type="button"
              ref={(button) => {
                if (button) buttons.current.set(code, button);
                else buttons.current.delete(code);
              }}
              className={`status-badge status-badge--${info.name}`}
              data-status={info.name}
              aria-haspopup="dialog"
              aria-expanded={open === code}
              aria-controls={open === code ? popoverId(code) : undefined}
              aria-label={t('live.badges.open', { status: label, count: count ?? 0 })}
              onClick={() => setOpen((current) => (current === code ? undefined : code))}
            >
              <span className="status-badge__label">{label}</span>
              <span className="status-badge__count" data-testid={`badge-count-${info.name}`}>
                {count ?? '–'}
              </span>
            </button>
            {open === code && <TruckTablePopover id={popoverId(code)} code={code} onClose={close} />}
          </div>
        );
      })}
    </div>
  );
}
