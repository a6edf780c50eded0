// The playback clock on screen: the domain's pure clock (playback-clock.ts) advanced by requestAnimationFrame with
// the real time between frames, so ×20 is ×20 whatever the frame rate. A new range starts the clock over, paused.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  advance, pause as paused, play as playing, seek as seeked, setSpeed as withSpeed, startClock,
  type ClockRange, type PlaybackClock, type PlaybackSpeed,
} from '../../../../domain/playback/playback-clock';

interface PlaybackClockControls {
  readonly clock: PlaybackClock;
  play(): void;
  pause(): void;
  seek(time: number): void;
  setSpeed(speed: PlaybackSpeed): void;
}

export function usePlaybackClock(range: ClockRange): PlaybackClockControls {
  const { start, end } = range;
  const [clock, setClock] = useState<PlaybackClock>(() => startClock(range));
  const latestRange = useRef(range);
  latestRange.current = range;

  useEffect(() => setClock((now) => ({ ...startClock({ start, end }), speed: now.speed })), [start, end]);

  useEffect(() => {
    if (!clock.playing) return undefined;
    let last: number | undefined;
    let frame = requestAnimationFrame(function tick(at: number) {
      const elapsed = last === undefined ? 0 : at - last;
      last = at;
      setClock((now) => advance(now, elapsed, latestRange.current));
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [clock.playing]);

  const play = useCallback(() => setClock((now) => playing(now, latestRange.current)), []);
  const pause = useCallback(() => setClock(paused), []);
  const seek = useCallback((time: number) => setClock((now) => seeked(now, time, latestRange.current)), []);
  const setSpeed = useCallback((speed: PlaybackSpeed) => setClock((now) => withSpeed(now, speed)), []);
  return { clock, play, pause, seek, setSpeed };
}
