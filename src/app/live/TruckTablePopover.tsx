// One badge's truck table in a popover: its status's trucks from the worker, focus moves in when it opens, Esc or the
// close button closes it.
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TRUCK_TABLE_MAX_HEIGHT } from '../../../domain/constants';
import { toLang } from '../../../domain/i18n';
import { truckStatus, type TruckStatusCode } from '../../../domain/truck-status';
import { WindowedTable } from '../../ui/WindowedTable';
import { truckColumns } from './truck-columns';
import { useStatusTrucks } from './use-live';

interface TruckTablePopoverProps {
  readonly id: string;
  readonly code: TruckStatusCode;
  readonly onClose: () => void;
}

export function TruckTablePopover({ id, code, onClose }: TruckTablePopoverProps) {
  const { t, i18n } = useTranslation();
  // Held here, not in the badges: a change to the table re-renders the popover alone.
  const trucks = useStatusTrucks(code);
  const lang = toLang(i18n.language);
  const panel = useRef<HTMLDivElement>(null);
  const columns = useMemo(() => truckColumns(code, t, lang), [code, t, lang]);
  const title = t('live.table.title', { status: t(truckStatus(code).labelKey) });
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      id={id}
      ref={panel}
      className="truck-popover"
      role="dialog"
      aria-label={title}
      tabIndex={-1}
      data-status={code}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="truck-popover__head">
        <strong>{title}</strong>
        <button type="button" className="truck-popover__close" aria-label={t('live.table.close')} onClick={onClose}>
          ×
        </button>
      </div>
      {trucks ? (
        <WindowedTable label={title} columns={columns} rows={trucks} rowKey={(truck) => truck.key} maxHeight={TRUCK_TABLE_MAX_HEIGHT} empty={t('live.table.empty')} />
      ) : (
        <p>{t('live.table.loading')}</p>
      )}
    </div>
  );
}
