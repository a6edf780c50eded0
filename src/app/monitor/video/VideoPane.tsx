// One video pane: asks for its stream (a live channel or a recording), plays it in its own <video> element, muted, and
// says 无信号 with the reason whenever there is no picture: the server's reason, the stream failing, a backend without
// video. Retry asks again. Out of view or in a hidden tab it stops its stream and asks again once seen.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noSignalKey, type NoSignalReason, type StreamAnswer } from '../../../../domain/video/video-wire';
import { playHls, type PlayStream } from './hls-player';
import { usePaneVisible } from './use-pane-visible';
import { fetchClip, fetchLive, VideoRefusal, type Offered } from './video-calls';

/** What a pane shows: a truck's channel live, or one of its recordings. */
export type PaneSource =
  | { readonly kind: 'live'; readonly truckId: number; readonly plate: string; readonly channel: number }
  | { readonly kind: 'clip'; readonly truckId: number; readonly plate: string; readonly channel: number; readonly startTime: number; readonly endTime: number };

export type LoadStream = (source: PaneSource) => Promise<Offered<StreamAnswer>>;

const loadStream: LoadStream = (source) =>
  source.kind === 'live'
    ? fetchLive({ truckId: source.truckId, channel: source.channel })
    : fetchClip({ truckId: source.truckId, channel: source.channel, startTime: source.startTime, endTime: source.endTime });

type PaneState =
  | { readonly kind: 'empty' }
  | { readonly kind: 'paused' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'playing'; readonly playlist: string }
  | { readonly kind: 'noSignal'; readonly reason: NoSignalReason; readonly message?: string };

interface VideoPaneProps {
  /** 1-based, for the pane's name when it has no source. */
  readonly index: number;
  readonly source: PaneSource | undefined;
  /** The wall's chosen pane (video_monitor): drawn outlined, and pressed for assistive technology. */
  readonly selected?: boolean;
  readonly onSelect?: () => void;
  /** Native controls for recordings (seek); live panes have none. */
  readonly controls?: boolean;
  /** False on a backend without video: the pane says so and asks for nothing. */
  readonly offered?: boolean;
  /** Tests replace the calls and the player (happy-dom plays no video). */
  readonly load?: LoadStream;
  readonly play?: PlayStream;
}

const sourceKey = (source: PaneSource | undefined) => (source ? JSON.stringify(source) : '');

export function VideoPane({ index, source, selected, onSelect, controls = false, offered = true, load = loadStream, play = playHls }: VideoPaneProps) {
  const { t } = useTranslation();
  const figure = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const visible = usePaneVisible(figure);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PaneState>({ kind: 'empty' });
  const key = sourceKey(source);

  useEffect(() => {
    if (!offered) {
      setState({ kind: 'noSignal', reason: 'notOffered' });
      return undefined;
    }
    if (!source) {
      setState({ kind: 'empty' });
      return undefined;
    }
    if (!visible) {
      setState({ kind: 'paused' });
      return undefined;
    }
    let current = true;
    let player: { destroy(): void } | undefined;
    setState({ kind: 'loading' });
    const fail = (reason: NoSignalReason, message?: string) => current && setState({ kind: 'noSignal', reason, message });
    load(source).then(
      async (answer) => {
        if (!current) return;
        if (answer === 'notOffered') return fail('notOffered');
        if (answer.state === 'noSignal') return fail(answer.reason);
        const element = video.current;
        if (!element) return undefined;
        setState({ kind: 'playing', playlist: answer.playlist });
        try {
          const started = await play(element, answer.playlist, () => fail('failed'));
          if (current) player = started;
          else started.destroy();
        } catch {
          // hls.js not loaded (a flaky connection) or the player refused to start: no picture, so say so and offer retry.
          fail('failed');
        }
        return undefined;
      },
      (error: unknown) => fail(error instanceof VideoRefusal ? 'unknownTruck' : 'failed', error instanceof VideoRefusal ? error.message : undefined),
    );
    return () => {
      current = false;
      player?.destroy();
    };
    // The source is compared by value (`key`): a parent's new object for the same channel keeps the stream.
  }, [key, visible, attempt, offered, load, play]);

  const caption = source ? t('video.caption', { plate: source.plate, n: source.channel }) : t('video.pane', { n: index });
  const overlay = state.kind === 'noSignal' || state.kind === 'loading' || state.kind === 'empty' || state.kind === 'paused';
  return (
    <figure
      ref={figure}
      className="video-pane"
      aria-label={caption}
      data-state={state.kind}
      data-reason={state.kind === 'noSignal' ? state.reason : undefined}
      data-selected={selected === true}
    >
      <div className="video-pane__screen">
        {/* The element is always there, so the player attaches to the same node across retries. */}
        <video ref={video} className="video-pane__video" muted autoPlay playsInline controls={controls} hidden={state.kind !== 'playing'} />
        {overlay && (
          <div className="video-pane__overlay" role="status">
            {state.kind === 'noSignal' && (
              <>
                <strong className="video-pane__no-signal">{t('video.noSignal')}</strong>
                <span className="video-pane__reason">{state.message ?? t(noSignalKey(state.reason))}</span>
                {state.reason !== 'notOffered' && (
                  <button type="button" className="video-pane__retry" onClick={() => setAttempt((n) => n + 1)}>{t('video.retry')}</button>
                )}
              </>
            )}
            {state.kind === 'loading' && <span>{t('video.connecting')}</span>}
            {state.kind === 'empty' && <span>{t('video.emptyPane')}</span>}
            {state.kind === 'paused' && <span>{t('video.reason.hidden')}</span>}
          </div>
        )}
      </div>
      <figcaption className="video-pane__caption">
        {onSelect ? (
          <button type="button" className="video-pane__select" aria-pressed={selected === true} onClick={onSelect}>{caption}</button>
        ) : caption}
      </figcaption>
    </figure>
  );
}
