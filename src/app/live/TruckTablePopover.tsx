// One badge's truck table in a popover: focus moves in when it opens, Esc or the close button closes it.
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TruckView } from '../../../streams/truck-status.stream';
import { TRUCK_TABLE_MAX_HEIGHT } from '../../domain/constants';
import { toLang } from '../../domain/i18n';
import { truckStatus, type TruckStatusCode } from '../../domain/truck-status';
import { WindowedTable } from '../../ui/WindowedTable';
import { truckColumns } from './truck-columns';

export interface TruckTablePopoverProps {
  readonly id: string;
  readonly code: TruckStatusCode;
  /** Undefined while the worker's trucks are loading. */
  readonly trucks: ReadonlyMap<string, TruckView> | undefined;
  readonly onClose: () => void;
}

export function TruckTablePopover({ id, code, trucks, onClose }: TruckTablePopoverProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const panel = useRef<HTMLDivElement>(null);
  const columns = useMemo(() => truckColumns(code, t, lang), [code, t, lang]);
  const rows = useMemo(() => (trucks ? [...trucks.values()].filter((truck) => truck.row.status === code) : []), [trucks, code]);
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
        <WindowedTable label={title} columns={columns} rows={rows} rowKey={(truck) => truck.key} maxHeight={TRUCK_TABLE_MAX_HEIGHT} empty={t('live.table.empty')} />
      ) : (
        <p>{t('live.table.loading')}</p>
      )}
    </div>
  );
}
