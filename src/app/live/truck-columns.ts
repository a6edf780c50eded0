// The badge tables' columns (spec §2): organisation, plate, status, GPS time, status time where it applies, speed, address.
import type { TFunction } from 'i18next';
import type { TruckView } from '../../../streams/truck-status.stream';
import type { Lang } from '../../../domain/i18n';
import { displayDateTime } from '../../../domain/format/time';
import { statusTimeShown, truckStatus, type TruckStatusCode } from '../../../domain/truck-status';
import type { WindowedColumn } from '../../ui/WindowedTable';

const time = (value: string | number | null, lang: Lang) => (value === null ? '' : displayDateTime(value, lang));

/** The columns of one status's table; the status-time column only for alarm, stopped and offline. */
export function truckColumns(code: TruckStatusCode, t: TFunction, lang: Lang): WindowedColumn<TruckView>[] {
  const columns: (WindowedColumn<TruckView> | false)[] = [
    { id: 'organisation', header: t('live.table.organisation'), width: 'minmax(11em, 1.2fr)', cell: (truck) => truck.row.truckCompany },
    { id: 'plate', header: t('live.table.plate'), width: '7em', cell: (truck) => truck.row.signCode },
    { id: 'status', header: t('live.table.status'), width: '6em', cell: (truck) => t(truckStatus(truck.row.status).labelKey) },
    { id: 'gpsTime', header: t('live.table.gpsTime'), width: '12em', cell: (truck) => time(truck.row.gpsTime, lang) },
    statusTimeShown(code) && {
      id: 'statusTime', header: t('live.table.statusTime'), width: '12em', cell: (truck) => time(truck.row.statusTime, lang),
    },
    { id: 'speed', header: t('live.table.speed'), width: '5em', cell: (truck) => truck.row.speed },
    { id: 'area', header: t('live.table.area'), width: 'minmax(10em, 2fr)', cell: (truck) => truck.row.area },
  ];
  return columns.filter((column) => column !== false);
}
