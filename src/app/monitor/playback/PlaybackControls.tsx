// The playback's controls: play/pause, the position slider (a native range input: arrows step a minute, Page keys an
// hour, Home and End), the five speeds as a radio group, and following the truck.
import { useTranslation } from 'react-i18next';
import { BASE_RATE, PLAYBACK_SPEEDS, type PlaybackClock, type PlaybackSpeed } from '../../../../domain/playback/playback-clock';

interface PlaybackControlsProps {
  readonly clock: PlaybackClock;
  readonly range: { readonly start: number; readonly end: number };
  readonly follow: boolean;
  /** The time shown beside the slider. */
  readonly formatTime: (ms: number) => string;
  readonly onPlay: () => void;
  readonly onPause: () => void;
  readonly onSeek: (time: number) => void;
  readonly onSpeed: (speed: PlaybackSpeed) => void;
  readonly onFollow: (follow: boolean) => void;
  readonly disabled?: boolean;
}

/** A slider step: a minute of track, so the arrow keys move visibly at any range. */
const STEP_MS = 60_000;

export function PlaybackControls(props: PlaybackControlsProps) {
  const { clock, range, follow, formatTime, disabled = false } = props;
  const { t } = useTranslation();
  return (
    <div className="playback__controls" role="group" aria-label={t('playback.seek')}>
      <button
        type="button"
        className="playback__play"
        disabled={disabled}
        onClick={clock.playing ? props.onPause : props.onPlay}
        aria-label={clock.playing ? t('playback.pause') : t('playback.play')}
      >
        {clock.playing ? '❚❚' : '▶'} {clock.playing ? t('playback.pause') : t('playback.play')}
      </button>
      <input
        type="range"
        className="playback__slider"
        aria-label={t('playback.seek')}
        aria-valuetext={formatTime(clock.time)}
        min={range.start}
        max={Math.max(range.start, range.end)}
        step={STEP_MS}
        value={clock.time}
        disabled={disabled}
        onChange={(event) => props.onSeek(Number(event.target.value))}
      />
      <output className="playback__time" data-testid="playback-time">{formatTime(clock.time)}</output>
      <fieldset className="playback__speeds" disabled={disabled}>
        <legend>{t('playback.speed')}</legend>
        {PLAYBACK_SPEEDS.map((speed) => (
          <label key={speed} title={t('playback.speedTitle', { minutes: (speed * BASE_RATE) / 60 })}>
            <input type="radio" name="playback-speed" value={speed} checked={clock.speed === speed} onChange={() => props.onSpeed(speed)} />
            ×{speed}
          </label>
        ))}
        <span className="playback__speed-meaning">{t('playback.speedMeaning')}</span>
      </fieldset>
      <label className="playback__follow">
        <input type="checkbox" checked={follow} onChange={(event) => props.onFollow(event.target.checked)} />
        {t('playback.follow')}
      </label>
    </div>
  );
}
