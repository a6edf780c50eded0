// Replay of recorded frames: paced by their recorded gaps divided by a speed, into whatever pipeline the caller gives.
import type { InboundFrame } from '../streams/frames';
import type { ReplayProgress } from './live-api';

/** Timers for the replay; the worker passes the same clock its links use. */
interface ReplayClock {
  setTimeout(fn: () => void, ms: number): unknown;
  now(): number;
}

interface ReplayOptions {
  readonly speed: number;
  readonly clock: ReplayClock;
  /** Checked before every frame: true stops the replay. */
  readonly stopped: () => boolean;
  readonly push: (frame: InboundFrame) => void;
}

/**
 * Pushes each frame at its offset from the first one divided by speed, measured from the start so a slow push does
 * not delay every later frame. Frames get replay-time receive times; the first status frame is the snapshot.
 * Resolves with the number of frames pushed.
 */
export async function replayFrames(frames: readonly InboundFrame[], options: ReplayOptions): Promise<number> {
  const { speed, clock } = options;
  if (!(speed > 0 && Number.isFinite(speed))) throw new Error(`speed must be a positive number, got ${speed}`);
  const first = frames[0];
  if (!first) return 0;
  const startedAt = clock.now();
  let offset = 0;
  let pushed = 0;
  let snapshotSent = false;
  for (const frame of frames) {
    offset = Math.max(offset, frame.t - first.t);
    const wait = startedAt + offset / speed - clock.now();
    if (wait > 0) await new Promise<void>((resolve) => clock.setTimeout(resolve, wait));
    if (options.stopped()) break;
    const snapshot: boolean = frame.socket === 'truck' && !snapshotSent;
    snapshotSent ||= snapshot;
    options.push({ socket: frame.socket, t: startedAt + offset / speed, text: frame.text, snapshot });
    pushed += 1;
  }
  return pushed;
}

interface PlayOptions {
  readonly recordingId: number;
  readonly frames: readonly InboundFrame[];
  readonly speed: number;
  readonly clock: ReplayClock;
  readonly push: (frame: InboundFrame) => void;
  /** False once another replay or stopReplay took over. */
  readonly playing: () => boolean;
  readonly report: (progress: ReplayProgress) => void;
}

/** Plays a recording, reporting its progress when it starts and when it ends (done, or stopped). */
export async function playRecording(options: PlayOptions): Promise<ReplayProgress> {
  const { recordingId, frames, speed } = options;
  let pushed = 0;
  options.report({ recordingId, state: 'running', pushed, total: frames.length, speed });
  await replayFrames(frames, {
    speed,
    clock: options.clock,
    stopped: () => !options.playing(),
    push: (frame) => {
      options.push(frame);
      pushed += 1;
    },
  });
  const progress: ReplayProgress = { recordingId, state: options.playing() ? 'done' : 'stopped', pushed, total: frames.length, speed };
  options.report(progress);
  return progress;
}
