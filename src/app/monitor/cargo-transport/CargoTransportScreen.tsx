// cargo_transport: the loaded trucks (重车) live from the status socket through the shared worker, each with
// what it carries per compartment (product, Vt) and whether each seal is on; an open seal on a loaded truck stands out.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { roundVolume } from '../../../../domain/fuel';
import { displayDateTime } from '../../../../domain/format/time';
import { toLang } from '../../../../domain/i18n';
import { productCode } from '../../../../domain/map/tank-fill';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { TRUCK_STATUS } from '../../../../domain/truck-status';
import { WindowedTable, type WindowedColumn } from '../../../ui/WindowedTable';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { useFleetTrucks } from '../track-map/use-fleet-trucks';
import { TruckSearchBar } from '../live/TruckSearchBar';
import { byPlate, companiesOf, matchesSearch } from '../live/truck-search';
import { SCREEN_QUERY, useUrlFilters } from '../../filters/use-url-filters';
import '../live/monitor-live.css';

const PATH = '/monitor/cargo_transport';
const TABLE_HEIGHT = 560;

const openSeals = (truck: TruckView) => Object.values(truck.row.lastIventoryMap).filter((tank) => tank.vt > 0 && tank.sealed === false).length;

export default function CargoTransportScreen() {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [query, setQuery] = useUrlFilters(PATH, SCREEN_QUERY);
  const search = { company: query['company'] ?? '', plate: query['plate'] ?? '' };
  const fleet = useFleetTrucks();
  const loaded = useMemo(() => fleet.trucks.filter((truck) => truck.row.status === TRUCK_STATUS.loaded), [fleet.trucks]);
  const shown = useMemo(() => loaded.filter((truck) => matchesSearch(search, truck)).sort(byPlate), [loaded, search.company, search.plate]);
  const unsealed = shown.filter((truck) => openSeals(truck) > 0).length;

  const columns: readonly WindowedColumn<TruckView>[] = [
    { id: 'plate', header: t('live.table.plate'), width: '7em', cell: (truck) => truck.row.signCode },
    { id: 'organisation', header: t('live.table.organisation'), width: 'minmax(10em, 1fr)', cell: (truck) => truck.row.truckCompany },
    {
      id: 'cargo', header: t('cargoTransport.cargo'), width: 'minmax(16em, 2fr)',
      cell: (truck) => (
        <span className="cargo-tanks">
          {Object.entries(truck.row.lastIventoryMap).filter(([, tank]) => tank.vt > 0).map(([compartment, tank]) => (
            <span key={compartment} className={tank.sealed === false ? 'cargo-tank--open' : undefined}>
              {t('liquidLevel.compartment', { compartment })} {productCode(tank) ?? ''} {roundVolume(tank.vt)} L
              {tank.sealed === undefined ? '' : ` · ${t(tank.sealed ? 'liquidLevel.sealed' : 'liquidLevel.unsealed')}`}
            </span>
          ))}
        </span>
      ),
    },
    { id: 'speed', header: t('live.table.speed'), width: '4.5em', cell: (truck) => truck.row.speed },
    { id: 'area', header: t('live.table.area'), width: 'minmax(10em, 1.5fr)', cell: (truck) => truck.row.area },
    { id: 'gpsTime', header: t('live.table.gpsTime'), width: '11em', cell: (truck) => (truck.row.gpsTime === null ? '' : displayDateTime(truck.row.gpsTime, lang)) },
  ];

  return (
    <article className="page cargo-transport" data-screen={PATH}>
      <h1>{t(tabTitleKey(PATH))}</h1>
      <TruckSearchBar search={search} companies={companiesOf(loaded)} onChange={(next) => setQuery({ ...query, ...next })} />
      <p className="monitor-summary" role="status">
        {fleet.complete ? t('cargoTransport.summary', { count: shown.length, unsealed }) : t('trackMap.loading')}
      </p>
      <WindowedTable label={t('cargoTransport.list')} columns={columns} rows={shown} rowKey={(truck) => truck.key} maxHeight={TABLE_HEIGHT} rowHeight={34} empty={t('trackMap.none')} />
    </article>
  );
}
