// history_video: a truck, a channel and a range of at most a day (the range rule under the field before any call); the
// camera's recordings in it, listed; the one chosen plays in the pane with the video's own controls to seek. The
// filters live in the URL (`plate`, `channel`, `from`, `to`), so a link or a reload lists the same recordings.
import type { CallLoad } from '../../../api/call-load';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../../../domain/format/time';
import { toLang } from '../../../../domain/i18n';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { MAX_CHANNELS, noSignalKey, recordingsRangeProblem, type Recording, type RecordingsAnswer } from '../../../../domain/video/video-wire';
import { DateTimeRangePicker, PlateComboBox } from '../../../ui/filters';
import { SCREEN_QUERY, useUrlFilters } from '../../filters/use-url-filters';
import { startOfZonedDay } from '../../../../domain/format/zone';
import { NotOffered } from './NotOffered';
import { useVideoOffered, useVideoTrucks } from './use-video-trucks';
import { fetchRecordings, VideoRefusal } from './video-calls';
import { VideoPane } from './VideoPane';
import './video.css';

const PATH = '/monitor/history_video';
const PRESETS = ['today', 'yesterday'] as const;

type Load = CallLoad<RecordingsAnswer>;

const readTime = (value: string | undefined, fallback: number) => {
  const ms = Number(value);
  return value !== undefined && value !== '' && Number.isSafeInteger(ms) ? ms : fallback;
};

export function HistoryVideoView() {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [query, setQuery] = useUrlFilters(PATH, SCREEN_QUERY);
  const trucks = useVideoTrucks();
  const [now] = useState(() => Date.now());
  const plate = query['plate'] ?? '';
  const channel = Math.min(MAX_CHANNELS, Math.max(1, readTime(query['channel'], 1)));
  const startTime = readTime(query['from'], startOfZonedDay(now));
  const endTime = readTime(query['to'], now);
  const truckId = trucks.truckIdOf(plate);
  const problem = recordingsRangeProblem(startTime, endTime);
  const probed = useVideoOffered(truckId);
  const set = (next: Readonly<Record<string, string | number>>) =>
    setQuery({ ...query, from: String(startTime), to: String(endTime), channel: String(channel), ...Object.fromEntries(Object.entries(next).map(([k, v]) => [k, String(v)])) });

  const [load, setLoad] = useState<Load>({ kind: 'idle' });
  const [playing, setPlaying] = useState<Recording | undefined>();
  useEffect(() => {
    setPlaying(undefined);
    if (truckId === undefined || problem !== undefined) {
      setLoad({ kind: 'idle' });
      return undefined;
    }
    let current = true;
    setLoad({ kind: 'loading' });
    fetchRecordings({ truckId, channel, startTime, endTime }).then(
      (answer) => current && setLoad(answer === 'notOffered' ? { kind: 'notOffered' } : { kind: 'loaded', answer }),
      (error: unknown) => current && setLoad({ kind: 'failed', message: error instanceof VideoRefusal ? error.message : '' }),
    );
    return () => {
      current = false;
    };
  }, [truckId, channel, startTime, endTime, problem]);

  const answer = load.kind === 'loaded' ? load.answer : undefined;
  const offered = probed && load.kind !== 'notOffered';
  const source = useMemo(
    () => (playing && truckId !== undefined ? { kind: 'clip' as const, truckId, plate, channel, ...playing } : undefined),
    [playing, truckId, plate, channel],
  );
  const status = problem === undefined && plate === '' ? t('video.chooseTruck')
    : load.kind === 'loading' ? t('video.loading')
      : load.kind === 'failed' ? load.message
        : answer?.reason ? `${t('video.noSignal')}：${t(noSignalKey(answer.reason))}`
          : answer && answer.recordings.length === 0 ? t('video.noRecordings')
            : answer && !playing ? t('video.chooseRecording') : '';

  return (
    <article className="page video video-history" data-screen={PATH}>
      <h1>{t(tabTitleKey(PATH))}</h1>
      {!offered && <NotOffered />}
      <div className="video__filters" role="group" aria-label={t('video.recordings')}>
        <PlateComboBox plates={trucks.plates} value={plate} onChange={(next) => set({ plate: next })} />
        <label className="video__channel">
          {t('video.channel', { n: '' }).trim()}
          <select value={channel} onChange={(event) => set({ channel: event.target.value })}>
            {Array.from({ length: MAX_CHANNELS }, (_, i) => <option key={i} value={i + 1}>{t('video.channel', { n: i + 1 })}</option>)}
          </select>
        </label>
        <div className="video__range">
          <DateTimeRangePicker value={{ startTime, endTime }} presets={PRESETS} onChange={(range) => set({ from: range.startTime, to: range.endTime })} />
          {problem && <p className="video__error" role="alert" data-testid="range-error">{t(problem)}</p>}
        </div>
      </div>
      <p className="video__status" role="status">{status}</p>
      <div className="video-history__body">
        <div className="video-history__player">
          <VideoPane index={1} source={source} offered={offered} controls />
        </div>
        <section className="video-history__side">
          <h2 className="video-history__title">{t('video.recordings')}{answer ? ` (${answer.recordings.length})` : ''}</h2>
          <ol className="video-history__list" aria-label={t('video.recordings')}>
            {answer?.recordings.map((recording) => {
              const chosen = playing?.startTime === recording.startTime && playing.endTime === recording.endTime;
              return (
                <li key={recording.startTime}>
                  <button type="button" aria-pressed={chosen} onClick={() => setPlaying(recording)}>
                    {t('video.recordingAt', { start: displayDateTime(recording.startTime, lang), end: displayDateTime(recording.endTime, lang).slice(-8) })}
                  </button>
                </li>
              );
            })}
          </ol>
        </section>
      </div>
    </article>
  );
}
