// track_map: every truck the user may see on a map, live from the shared worker, coloured by status with its
// heading, clustered when zoomed out; filtered by status, company and plate (kept in the URL); a list of the trucks
// shown beside it, by keyboard too, and the chosen truck's status row; a link may name a truck to open focused on. As an engine: sprinkler_monitoring is the same
// map over the sprinklers (its own path and trucks, a column and a summary of its own).
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { STATUS_COLORS } from '../../../../domain/map/status-colors';
import type { RoutePath } from '../../../../domain/routes';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { TRUCK_STATUS_CODES, truckStatus, type TruckStatusCode } from '../../../../domain/truck-status';
import { WindowedTable, type WindowedColumn } from '../../../ui/WindowedTable';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { useMonitorMap } from '../map/use-monitor-map';
import { createFleetMap, type Drawn } from './fleet-map';
import { fleetFigures, sameList } from './fleet-figures';
import { useCanOpen } from '../../layout/use-can-open';
import { TruckCard } from './TruckCard';
import { useUrlFilters } from '../../filters/use-url-filters';
import { ALL_TRACK_FILTERS, focusedPlate, matchesTrack, TRACK_URL_FILTERS } from './track-filters';
import { useFleetTrucks } from './use-fleet-trucks';
import { TruckSearchBar } from '../live/TruckSearchBar';
import '../live/monitor-live.css';
import './track-map.css';

const PATH = '/monitor/track_map';
const LIST_HEIGHT = 420;

export interface TrackMapViewProps {
  /** The screen's route, whose filters the URL holds. */
  readonly path: string;
  /** The trucks this map shows (all for track_map). */
  readonly offers: (truck: TruckView) => boolean;
  /** Columns of the screen's own after the list's plate, status and speed. */
  readonly moreColumns?: readonly WindowedColumn<TruckView>[];
  /** A line of the screen's own over the list, about the trucks shown. */
  readonly summary?: (shown: readonly TruckView[]) => ReactNode;
  /** The screens the chosen truck's card leads to (playback, tanks, photos, video), each where the user may open it. */
  readonly truckScreens?: readonly RoutePath[];
  /** A ring round a truck's marker in this colour (spraying sprinklers), with its legend beside the map. */
  readonly ring?: { readonly of: (truck: TruckView) => string | undefined; readonly legend: ReactNode };
}

const TRUCK_SCREENS: readonly RoutePath[] = ['/monitor/playback_track', '/monitor/liquid_level', '/monitor/view_photos', '/monitor/real_video'];

const everyTruck = () => true;

export default function TrackMapScreen() {
  return <TrackMapView path={PATH} offers={everyTruck} />;
}

export function TrackMapView({ path, offers, moreColumns = [], summary, truckScreens = TRUCK_SCREENS, ring }: TrackMapViewProps) {
  const { t } = useTranslation();
  const canOpen = useCanOpen();
  const links = truckScreens.filter(canOpen).map((screen) => ({ path: screen, label: t(tabTitleKey(screen)) }));
  const [filters, setFilters] = useUrlFilters(path, TRACK_URL_FILTERS);
  const live = useFleetTrucks();
  // Still in plate order, as the fleet comes. Each list of 10,000 trucks is walked as few times as may be, with no
  // object built per truck: this runs at every status frame.
  const fleet = useMemo(() => ({ complete: live.complete, trucks: offers === everyTruck ? live.trucks : live.trucks.filter(offers) }), [live, offers]);
  const [drawn, setDrawn] = useState<Drawn>({ trucks: 0, clusters: 0, zoom: 0, ringed: 0 });
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const { container, map } = useMonitorMap((element, setup) => createFleetMap(element, { ...setup, onChoose: setChosen, onDrawn: setDrawn, ringOf: ring?.of }));

  const everyShown = filters.company === '' && filters.plate === '' && filters.statuses.size === ALL_TRACK_FILTERS.statuses.size;
  const shown = useMemo(() => (everyShown ? fleet.trucks : fleet.trucks.filter((truck) => matchesTrack(filters, truck))), [fleet.trucks, filters, everyShown]);
  useEffect(() => map?.setTrucks(shown), [map, shown]);
  const figures = useMemo(() => fleetFigures(fleet.trucks), [fleet.trucks]);
  const placed = useMemo(() => (shown === fleet.trucks ? figures.placed : fleetFigures(shown).placed), [shown, fleet.trucks, figures]);
  const { counts } = figures;
  // The same companies keep the same list, so the search bar is not drawn again at each update.
  const [companies, setCompanies] = useState<readonly string[]>([]);
  const nextCompanies = figures.companies;
  if (!sameList(companies, nextCompanies)) setCompanies(nextCompanies);
  const chosenTruck = chosen === undefined ? undefined : fleet.trucks.find((truck) => truck.key === chosen);

  const choose = (key: string) => {
    setChosen(key);
    map?.focus(key);
  };
  // A link naming a truck (an alarm pop-up's "show on map") chooses it once it is on the map, once per link.
  const [location] = useLocation();
  const search = useSearch();
  const focus = location === path ? focusedPlate(search) : undefined;
  const focusedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!map || focus === undefined || focusedFor.current === search) return;
    const truck = shown.find((candidate) => candidate.row.signCode === focus);
    if (!truck) return;
    focusedFor.current = search;
    setChosen(truck.key);
    map.focus(truck.key);
  }, [map, focus, search, shown]);
  const toggle = (code: TruckStatusCode) => {
    const statuses = new Set(filters.statuses);
    if (statuses.has(code)) statuses.delete(code);
    else statuses.add(code);
    setFilters({ ...filters, statuses });
  };

  const columns: readonly WindowedColumn<TruckView>[] = [
    {
      id: 'plate', header: t('live.table.plate'), width: '1fr',
      cell: (truck) => (
        <button type="button" className="track-map__plate" aria-current={truck.key === chosen ? 'true' : undefined} onClick={() => choose(truck.key)}>
          {truck.row.signCode}
        </button>
      ),
    },
    {
      id: 'status', header: t('live.table.status'), width: '5em',
      cell: (truck) => (
        <span className="track-map__status"><i style={{ background: STATUS_COLORS[truck.row.status] }} />{t(truckStatus(truck.row.status).labelKey)}</span>
      ),
    },
    { id: 'speed', header: t('live.table.speed'), width: '4.5em', cell: (truck) => truck.row.speed },
    ...moreColumns,
  ];

  return (
    <article className="page track-map" data-screen={path}>
      <h1>{t(tabTitleKey(path))}</h1>
      <TruckSearchBar
        search={filters}
        companies={companies}
        onChange={(next) => setFilters({ ...filters, ...next })}
        // Enter goes to the first truck found, as a search box would.
        onPlateEnter={() => shown[0] && choose(shown[0].key)}
        leading={(
          <fieldset className="track-map__statuses">
            <legend>{t('trackMap.status')}</legend>
            {TRUCK_STATUS_CODES.map((code) => (
              <label key={code}>
                <input type="checkbox" checked={filters.statuses.has(code)} onChange={() => toggle(code)} />
                <i style={{ background: STATUS_COLORS[code] }} />
                {t(truckStatus(code).labelKey)} ({counts.get(code) ?? 0})
              </label>
            ))}
          </fieldset>
        )}
      />
      <div className="track-map__body">
        <div
          ref={container}
          className="track-map__map"
          role="region"
          aria-label={t('trackMap.map')}
          data-trucks={drawn.trucks}
          data-clusters={drawn.clusters}
          data-zoom={drawn.zoom}
          data-ringed={ring ? drawn.ringed : undefined}
        />
        <aside className="track-map__side">
          {chosenTruck && <TruckCard truck={chosenTruck} links={links} onClose={() => setChosen(undefined)} />}
          {ring && <p className="track-map__legend">{ring.legend}</p>}
          <p className="track-map__summary" role="status">
            {fleet.complete ? t('trackMap.shown', { count: shown.length, placed }) : t('trackMap.loading')}
          </p>
          {fleet.complete && summary?.(shown)}
          <WindowedTable label={t('trackMap.list')} columns={columns} rows={shown} rowKey={(truck) => truck.key} maxHeight={LIST_HEIGHT} empty={t('trackMap.none')} />
        </aside>
      </div>
    </article>
  );
}
