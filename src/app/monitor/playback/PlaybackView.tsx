// Track playback (docs/playback.md) as an engine: a truck and a range of at most 3 days, its track on the map
// with its marks, played at ×1…×20 with the truck followed, a speed chart whose cursor follows the playback and seeks on
// click, and the trip figures. Which trucks it offers, and which marks the track carries, are the caller's: the
// sprinkler playback offers the sprinklers and asks for their spraying runs, drawn as coloured stretches of the track.
import { useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { alarmType, isAlarmTypeId } from '../../../../domain/alarm-types';
import { toLang, type LocaleKey } from '../../../../domain/i18n';
import { displayDateTime, displayShortDateTime } from '../../../../domain/format/time';
import { positionAt } from '../../../../domain/playback/playback-clock';
import { trackRangeProblem } from '../../../../domain/playback/track-range';
import type { MarkKind, TrackAnswer, TrackMark, TrackMarkSet } from '../../../../domain/playback/track-wire';
import { haversineKm, tripFigures, type TripFigures as Figures } from '../../../../domain/playback/trip-math';
import { tabTitleKey } from '../../../../domain/shell/titles';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { CallError } from '../../../api/client';
import { useMonitorMap } from '../map/use-monitor-map';
import { useFleetTrucks } from '../track-map/use-fleet-trucks';
import { useUrlFilters } from '../../filters/use-url-filters';
import { fetchTrack } from './playback-calls';
import { PLAYBACK_URL_FILTERS } from './playback-filters';
import { createPlaybackMap, MARK_COLORS, stretchOf, type PlacedMark } from './playback-map';
import { PlaybackControls } from './PlaybackControls';
import { PlaybackFilters } from './PlaybackFilters';
import { SpeedChart } from './SpeedChart';
import { TripFigures } from './TripFigures';
import { usePlaybackClock } from './use-playback-clock';
import { useSamePlates } from './use-same-plates';
import './playback.css';

interface PlaybackViewProps {
  /** The screen's route, whose filters the URL holds. */
  readonly path: string;
  /** The trucks this playback offers (all for the oil-truck playback). */
  readonly offers: (truck: TruckView) => boolean;
  /** The marks asked of GET /track ('truck' when absent). */
  readonly marks?: TrackMarkSet;
}

/** The legend of each set of marks, in the order drawn. */
const LEGENDS: Readonly<Record<TrackMarkSet, readonly MarkKind[]>> = { truck: ['stop', 'cover', 'alarm'], sprinkler: ['stop', 'spray', 'alarm'] };
const MARK_LABEL_KEYS: Readonly<Record<MarkKind, LocaleKey>> = {
  stop: 'playback.mark.stop', cover: 'playback.mark.cover', alarm: 'playback.mark.alarm', spray: 'sprinkler.mark.spray',
};

type Load = { readonly kind: 'idle' } | { readonly kind: 'loading' } | { readonly kind: 'failed'; readonly message: string } | { readonly kind: 'loaded'; readonly track: TrackAnswer };

export function PlaybackView({ path, offers, marks: markSet = 'truck' }: PlaybackViewProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [filters, setFilters] = useUrlFilters(path, PLAYBACK_URL_FILTERS);
  const fleet = useFleetTrucks();
  const offered = useMemo(() => fleet.trucks.filter(offers), [fleet.trucks, offers]);
  // The same plates keep the same list at each status frame, so the plate choice is not drawn again.
  const plates = useSamePlates(offered);
  const truckId = useMemo(() => offered.find((truck) => truck.row.signCode === filters.plate)?.row.truckId, [offered, filters.plate]);
  const problem = trackRangeProblem(filters.startTime, filters.endTime);

  const [load, setLoad] = useState<Load>({ kind: 'idle' });
  useEffect(() => {
    if (problem !== undefined || truckId === undefined) {
      setLoad({ kind: 'idle' });
      return undefined;
    }
    let current = true;
    setLoad({ kind: 'loading' });
    fetchTrack({ truckId, startTime: filters.startTime, endTime: filters.endTime, ...(markSet === 'truck' ? {} : { marks: markSet }) }).then(
      (track) => current && setLoad({ kind: 'loaded', track }),
      (error: unknown) => current && setLoad({ kind: 'failed', message: error instanceof CallError && !error.shown ? error.message : '' }),
    );
    return () => {
      current = false;
    };
  }, [truckId, filters.startTime, filters.endTime, problem, markSet]);

  const track = load.kind === 'loaded' ? load.track : undefined;
  const fixes = track?.fixes;
  const range = useMemo(
    () => (fixes && fixes.time.length > 0 ? { start: fixes.time[0] ?? 0, end: fixes.time[fixes.time.length - 1] ?? 0 } : { start: filters.startTime, end: filters.startTime }),
    [fixes, filters.startTime],
  );
  const { clock, play, pause, seek, setSpeed } = usePlaybackClock(range);
  const [follow, setFollow] = useState(true);
  const figures = useMemo(() => (fixes ? tripFigures(fixes) : undefined), [fixes]);
  const position = useMemo(() => (fixes ? positionAt(fixes, clock.time) : undefined), [fixes, clock.time]);

  const { container, map } = useMonitorMap((element, setup) => createPlaybackMap(element, setup.config, setup.base));

  const marks = useMemo(() => (track && figures ? placeMarks(track, figures, t) : []), [track, figures, t]);
  useEffect(() => map?.setTrack(fixes ?? { time: [], lat: [], lng: [], speed: [], heading: [] }, marks), [map, fixes, marks]);
  useEffect(() => map?.moveTruck(position, follow), [map, position, follow]);

  const empty = track !== undefined && track.fixes.time.length === 0;
  const formatTime = (ms: number) => displayDateTime(ms, lang);
  return (
    <article className="page playback" data-screen={path} data-playing={clock.playing} data-speed={clock.speed} data-follow={follow}>
      <h1>{t(tabTitleKey(path))}</h1>
      <PlaybackFilters plates={plates} filters={filters} onChange={setFilters} problem={problem} />
      <p className="playback__status" role="status">
        {problem === undefined && filters.plate === '' ? t('playback.chooseTruck') : ''}
        {load.kind === 'loading' ? t('playback.loading') : ''}
        {load.kind === 'failed' ? load.message : ''}
        {empty ? t('error.noLocation') : ''}
      </p>
      <PlaybackControls
        clock={clock} range={range} follow={follow} formatTime={formatTime} disabled={!fixes || fixes.time.length === 0}
        onPlay={play} onPause={pause} onSeek={seek} onSpeed={setSpeed} onFollow={setFollow}
      />
      <div className="playback__body">
        <div
          ref={container}
          className="playback__map"
          role="region"
          aria-label={t('playback.map')}
          data-fixes={fixes?.time.length ?? 0}
          data-marks={marks.length}
          data-truck={position ? `${position.lat.toFixed(5)},${position.lng.toFixed(5)}` : ''}
        />
        <aside className="playback__side">
          {fixes && fixes.time.length > 0 && (
            <SpeedChart
              fixes={fixes} time={clock.time} label={t('playback.chart')} speedLabel={t('playback.speedAxis')}
              formatTick={(ms) => displayShortDateTime(ms, lang)} onSeek={seek}
            />
          )}
          {position && <p className="playback__now">{t('playback.now', { time: formatTime(clock.time), speed: Math.round(position.speed) })}</p>}
          {figures && fixes && fixes.time.length > 0 && <TripFigures figures={figures} fixes={fixes.time.length} />}
          <ul className="playback__legend" aria-label={t('playback.legend')}>
            {LEGENDS[markSet].map((kind) => (
              <li key={kind} data-mark={kind}><i style={{ background: MARK_COLORS[kind] }} />{t(MARK_LABEL_KEYS[kind])} ({marks.filter((mark) => mark.kind === kind).length})</li>
            ))}
          </ul>
        </aside>
      </div>
    </article>
  );
}

type Translate = TFunction;

/** The distance along the fixes a lasting mark covers, km with one decimal. */
function stretchKm(track: TrackAnswer, mark: TrackMark): number {
  const points = stretchOf(track.fixes, mark.startTime, mark.endTime ?? mark.startTime);
  let km = 0;
  for (let i = 1; i < points.length; i += 1) {
    const [lat1, lng1] = points[i - 1] ?? [0, 0];
    const [lat2, lng2] = points[i] ?? [0, 0];
    km += haversineKm(lat1, lng1, lat2, lng2);
  }
  return Math.round(km * 10) / 10;
}

function markText(track: TrackAnswer, mark: TrackMark, t: Translate): string {
  if (mark.kind === 'spray') return t('sprinkler.markSpray', { volume: Math.round(mark.detail), km: stretchKm(track, mark), area: mark.area });
  if (mark.kind === 'cover') return t('playback.markCover', { compartment: mark.detail, area: mark.area });
  const type: string = isAlarmTypeId(mark.detail) ? t(alarmType(mark.detail).labelKey) : String(mark.detail);
  return t('playback.markAlarm', { type, area: mark.area });
}

/**
 * Each mark where the truck was at its start; a spraying run also as the stretch it covers. The stops are the ones the
 * trip figures count (from the fixes, gaps included), so the legend and the figures agree; a parking event the device
 * reported over one lends it its area.
 */
function placeMarks(track: TrackAnswer, figures: Figures, t: Translate): PlacedMark[] {
  const reported = track.marks.filter((mark) => mark.kind !== 'stop');
  const parkings = track.marks.filter((mark) => mark.kind === 'stop');
  const stops = figures.stops.map((stop): PlacedMark => {
    const minutes = Math.round((stop.endTime - stop.startTime) / 60_000);
    const area = parkings.find((mark) => mark.startTime < stop.endTime && (mark.endTime ?? mark.startTime) > stop.startTime)?.area ?? '';
    const text = area === '' ? t('playback.markStopOnly', { minutes }) : t('playback.markStop', { minutes, area });
    return { kind: 'stop', lat: stop.lat, lng: stop.lng, text };
  });
  const placed = reported.flatMap((mark): PlacedMark[] => {
    const at = positionAt(track.fixes, mark.startTime);
    if (!at) return [];
    const text = markText(track, mark, t);
    const span = mark.kind === 'spray' && mark.endTime !== null ? { startTime: mark.startTime, endTime: mark.endTime } : undefined;
    return [span ? { kind: mark.kind, lat: at.lat, lng: at.lng, text, span } : { kind: mark.kind, lat: at.lat, lng: at.lng, text }];
  });
  return [...stops, ...placed];
}
