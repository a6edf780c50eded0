// The live map's filters (track_map): statuses shown, a company, part of a plate; kept in the URL query so a
// link or a reload shows the same trucks. Pure: the screen and its tests share it.
import { TRUCK_STATUS_CODES, isTruckStatusCode, type TruckStatusCode } from '../../../../domain/truck-status';
import type { TruckView } from '../../../../streams/truck-status.stream';
import type { UrlFilters } from '../../filters/use-url-filters';

interface TrackFilters {
  /** The statuses shown; all of them when the query names none. */
  readonly statuses: ReadonlySet<TruckStatusCode>;
  /** A company by its name as the status rows carry it ('' for all). */
  readonly company: string;
  /** Part of a plate ('' for all). */
  readonly plate: string;
}

export const ALL_TRACK_FILTERS: TrackFilters = { statuses: new Set(TRUCK_STATUS_CODES), company: '', plate: '' };

/** Every status unticked: the query says so, since no `status` at all means every status. */
const NO_STATUS = 'none';

export function readTrackFilters(search: string): TrackFilters {
  const query = new URLSearchParams(search);
  if (query.get('status') === NO_STATUS) return { statuses: new Set(), company: query.get('company')?.trim() ?? '', plate: query.get('plate')?.trim() ?? '' };
  const named = (query.get('status') ?? '').split(',').filter((part) => part !== '').map(Number).filter(isTruckStatusCode);
  return {
    statuses: named.length > 0 ? new Set(named) : ALL_TRACK_FILTERS.statuses,
    company: query.get('company')?.trim() ?? '',
    plate: query.get('plate')?.trim() ?? '',
  };
}

/** The query of these filters; '' for the defaults, so the plain path means every truck. */
export function trackFiltersSearch(filters: TrackFilters): string {
  const query = new URLSearchParams();
  if (filters.statuses.size === 0) query.set('status', NO_STATUS);
  else if (filters.statuses.size < TRUCK_STATUS_CODES.length) query.set('status', TRUCK_STATUS_CODES.filter((code) => filters.statuses.has(code)).join(','));
  if (filters.company !== '') query.set('company', filters.company);
  if (filters.plate !== '') query.set('plate', filters.plate);
  return query.toString();
}

/** The live maps, in the order an alarm's "show on map" picks the first the user's menu opens. */
export const LIVE_MAP_PATHS = ['/monitor/track_map', '/monitor/sprinkler_monitoring'] as const;

/** The query parameter naming the plate a live map opens focused on (its card open, the map on it); not a filter. */
const FOCUS_PARAM = 'truck';

/** A live map focused on one truck, every filter at its default so the truck is shown. */
export function truckOnMapUrl(mapPath: string, plate: string): string {
  return `${mapPath}?${new URLSearchParams({ [FOCUS_PARAM]: plate }).toString()}`;
}

/** The plate a query asks the map to focus on; undefined when none. */
export function focusedPlate(search: string): string | undefined {
  const plate = new URLSearchParams(search).get(FOCUS_PARAM)?.trim();
  return plate === undefined || plate === '' ? undefined : plate;
}

export const TRACK_URL_FILTERS: UrlFilters<TrackFilters> = { read: readTrackFilters, write: trackFiltersSearch };

export function matchesTrack(filters: TrackFilters, truck: TruckView): boolean {
  const { row } = truck;
  return (
    filters.statuses.has(row.status) &&
    (filters.company === '' || row.truckCompany === filters.company) &&
    (filters.plate === '' || row.signCode.toLowerCase().includes(filters.plate.toLowerCase()))
  );
}

/** Where a truck is: its last fix from the status row (our extension); none from a backend that sends no position. */
export function positionOf(truck: TruckView): { readonly lat: number; readonly lng: number; readonly heading: number } | undefined {
  const { lat, lng, heading } = truck.row;
  return lat === undefined || lng === undefined ? undefined : { lat, lng, heading: heading ?? 0 };
}
