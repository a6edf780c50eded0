// liquid_level: every tanker's compartments drawn as tanks, live from the status socket through the shared
// worker: fill, product, Vt, V20, level, temperature and seal; searched by company and plate, optionally only trucks
// carrying product, a page of cards at a time (a fleet of thousands is not one page of drawings). As an engine:
// sprinkler_real_inventory is the same view over the sprinklers (its own path, trucks and texts).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../../domain/format/time';
import { toLang, type LocaleKey } from '../../../../domain/i18n';
import { STATUS_COLORS } from '../../../../domain/map/status-colors';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { truckStatus } from '../../../../domain/truck-status';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { useFleetTrucks } from '../track-map/use-fleet-trucks';
import { TankGauge } from '../tanks/TankGauge';
import { TruckSearchBar } from '../live/TruckSearchBar';
import { byPlate, companiesOf, matchesSearch } from '../live/truck-search';
import { SCREEN_QUERY, useUrlFilters } from '../../filters/use-url-filters';
import '../live/monitor-live.css';

const PATH = '/monitor/liquid_level';
export const LEVEL_PAGE_SIZE = 24;

const carries = (truck: TruckView) => truck.tanks.some((tank) => tank.volume > 0);
const hasTanks = (truck: TruckView) => Object.keys(truck.row.lastIventoryMap).length > 0;

export interface LiquidLevelViewProps {
  /** The screen's route, whose filters the URL holds. */
  readonly path: string;
  /** The trucks drawn (every truck with tanks for liquid_level). */
  readonly offers: (truck: TruckView) => boolean;
  /** "{{count}} tankers" and "loaded trucks only", in the screen's words. */
  readonly summaryKey: LocaleKey;
  readonly loadedOnlyKey: LocaleKey;
}

export default function LiquidLevelScreen() {
  return <LiquidLevelView path={PATH} offers={hasTanks} summaryKey="liquidLevel.summary" loadedOnlyKey="liquidLevel.loadedOnly" />;
}

export function LiquidLevelView({ path, offers, summaryKey, loadedOnlyKey }: LiquidLevelViewProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [query, setQuery] = useUrlFilters(path, SCREEN_QUERY);
  const search = { company: query['company'] ?? '', plate: query['plate'] ?? '' };
  const loadedOnly = query['loaded'] === '1';
  const fleet = useFleetTrucks();
  const tankers = useMemo(() => fleet.trucks.filter(offers), [fleet.trucks, offers]);
  const shown = useMemo(
    () => tankers.filter((truck) => matchesSearch(search, truck) && (!loadedOnly || carries(truck))).sort(byPlate),
    [tankers, search.company, search.plate, loadedOnly],
  );
  const pages = Math.max(1, Math.ceil(shown.length / LEVEL_PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number(query['page']) || 1));
  const onPage = shown.slice((page - 1) * LEVEL_PAGE_SIZE, page * LEVEL_PAGE_SIZE);
  const go = (next: number) => setQuery({ ...query, page: next === 1 ? '' : String(next) });

  return (
    <article className="page liquid-level" data-screen={path}>
      <h1>{t(tabTitleKey(path))}</h1>
      <TruckSearchBar search={search} companies={companiesOf(tankers)} onChange={(next) => setQuery({ ...query, ...next, page: '' })}>
        <label>
          <input type="checkbox" checked={loadedOnly} onChange={(event) => setQuery({ ...query, loaded: event.target.checked ? '1' : '', page: '' })} />
          {t(loadedOnlyKey)}
        </label>
      </TruckSearchBar>
      <p className="monitor-summary" role="status">{fleet.complete ? t(summaryKey, { count: shown.length }) : t('trackMap.loading')}</p>
      {fleet.complete && shown.length === 0 && <p>{t('trackMap.none')}</p>}
      <ul className="level-cards">
        {onPage.map(({ key, row }) => (
          <li key={key} className="level-card" aria-label={row.signCode}>
            <h2>
              {row.signCode}
              <span className="monitor-status"><i style={{ background: STATUS_COLORS[row.status] }} />{t(truckStatus(row.status).labelKey)}</span>
            </h2>
            <p>{row.truckCompany} · {row.area || '—'} · {row.gpsTime === null ? '—' : displayDateTime(row.gpsTime, lang)}</p>
            <div className="level-card__tanks">
              {Object.entries(row.lastIventoryMap).map(([compartment, tank]) => <TankGauge key={compartment} compartment={compartment} tank={tank} />)}
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="monitor-pager" aria-label={t('liquidLevel.pages')}>
          <button type="button" disabled={page <= 1} onClick={() => go(page - 1)}>{t('liquidLevel.previous')}</button>
          <span>{t('liquidLevel.page', { page, pages })}</span>
          <button type="button" disabled={page >= pages} onClick={() => go(page + 1)}>{t('liquidLevel.next')}</button>
        </nav>
      )}
    </article>
  );
}
