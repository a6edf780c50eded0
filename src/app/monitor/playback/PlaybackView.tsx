// Track playback (issue 16; docs/playback.md) as an engine: a truck and a range of at most 3 days, its track on the map
// with its marks, played at ×1…×20 with the truck followed, a speed chart whose cursor follows the playback and seeks on
// click, and the trip figures. Which trucks it offers is the caller's (the sprinkler playback will offer its own).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { alarmType, isAlarmTypeId } from '../../../domain/alarm-types';
import { toLang } from '../../../domain/i18n';
import type { BaseMap, MapConfig } from '../../../domain/map/base-map';
import { displayDateTime, displayShortDateTime } from '../../../domain/format/time';
import { positionAt } from '../../../domain/playback/playback-clock';
import { trackRangeProblem } from '../../../domain/playback/track-range';
import type { TrackAnswer, TrackMark } from '../../../domain/playback/track-wire';
import { tripFigures } from '../../../domain/playback/trip-math';
import { tabTitleKey } from '../../../domain/shell/titles';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { CallError } from '../../../api/client';
import { fetchBaseMap, fetchMapConfig, GRID_ONLY } from '../map/map-calls';
import { useFleetTrucks } from '../track-map/use-fleet-trucks';
import { fetchTrack } from './playback-calls';
import { createPlaybackMap, MARK_COLORS, type PlacedMark, type PlaybackMap } from './playback-map';
import { PlaybackControls } from './PlaybackControls';
import { PlaybackFilters } from './PlaybackFilters';
import { SpeedChart } from './SpeedChart';
import { TripFigures } from './TripFigures';
import { usePlaybackClock } from './use-playback-clock';
import { usePlaybackFilters } from './use-playback-filters';
import './playback.css';

export interface PlaybackViewProps {
  /** The screen's route, whose filters the URL holds. */
  readonly path: string;
  /** The trucks this playback offers (all for the oil-truck playback). */
  readonly offers: (truck: TruckView) => boolean;
}

type Load = { readonly kind: 'idle' } | { readonly kind: 'loading' } | { readonly kind: 'failed'; readonly message: string } | { readonly kind: 'loaded'; readonly track: TrackAnswer };

async function loadSetup(): Promise<{ readonly config: MapConfig; readonly base: BaseMap | undefined }> {
  const config = await fetchMapConfig();
  if (!config) return { config: GRID_ONLY, base: undefined };
  return { config, base: config.tileUrl === null ? await fetchBaseMap() : undefined };
}

export function PlaybackView({ path, offers }: PlaybackViewProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [filters, setFilters] = usePlaybackFilters(path);
  const fleet = useFleetTrucks();
  const offered = useMemo(() => fleet.trucks.filter(offers), [fleet.trucks, offers]);
  const plates = useMemo(() => offered.map((truck) => ({ signCode: truck.row.signCode, companyName: truck.row.truckCompany })), [offered]);
  const truckId = offered.find((truck) => truck.row.signCode === filters.plate)?.row.truckId;
  const problem = trackRangeProblem(filters.startTime, filters.endTime);

  const [load, setLoad] = useState<Load>({ kind: 'idle' });
  useEffect(() => {
    if (problem !== undefined || truckId === undefined) {
      setLoad({ kind: 'idle' });
      return undefined;
    }
    let current = true;
    setLoad({ kind: 'loading' });
    fetchTrack({ truckId, startTime: filters.startTime, endTime: filters.endTime }).then(
      (track) => current && setLoad({ kind: 'loaded', track }),
      (error: unknown) => current && setLoad({ kind: 'failed', message: error instanceof CallError && !error.shown ? error.message : '' }),
    );
    return () => {
      current = false;
    };
  }, [truckId, filters.startTime, filters.endTime, problem]);

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

  const container = useRef<HTMLDivElement>(null);
  const [setup, setSetup] = useState<Awaited<ReturnType<typeof loadSetup>> | undefined>(undefined);
  const [map, setMap] = useState<PlaybackMap | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void loadSetup().then((loaded) => current && setSetup(loaded));
    return () => {
      current = false;
    };
  }, []);
  useEffect(() => {
    if (!setup || !container.current) return undefined;
    const created = createPlaybackMap(container.current, setup.config, setup.base);
    setMap(created);
    return () => {
      setMap(undefined);
      created.destroy();
    };
  }, [setup]);

  const marks = useMemo(() => (track ? placeMarks(track, t) : []), [track, t]);
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
            {(['stop', 'cover', 'alarm'] as const).map((kind) => (
              <li key={kind}><i style={{ background: MARK_COLORS[kind] }} />{t(`playback.mark.${kind}`)} ({marks.filter((mark) => mark.kind === kind).length})</li>
            ))}
          </ul>
        </aside>
      </div>
    </article>
  );
}

type Translate = TFunction;

function markText(mark: TrackMark, t: Translate): string {
  if (mark.kind === 'stop') return t('playback.markStop', { minutes: mark.detail, area: mark.area });
  if (mark.kind === 'cover') return t('playback.markCover', { compartment: mark.detail, area: mark.area });
  const type: string = isAlarmTypeId(mark.detail) ? t(alarmType(mark.detail).labelKey) : String(mark.detail);
  return t('playback.markAlarm', { type, area: mark.area });
}

/** Each mark where the truck was at its start. */
function placeMarks(track: TrackAnswer, t: Translate): PlacedMark[] {
  return track.marks.flatMap((mark) => {
    const at = positionAt(track.fixes, mark.startTime);
    return at ? [{ kind: mark.kind, lat: at.lat, lng: at.lng, text: markText(mark, t) }] : [];
  });
}
