// Recordings of live frames (NDJSON `{"t","socket","data"}`): parsing with line-numbered problems, and replay timing.
import { parseLiveAlarm } from '../../domain/wire/live-alarm';
import { parseRecordingLines, type ParsedLines, type RecordingLine } from '../../domain/wire/recording-lines';
import { parseTruckStatusRows } from '../../domain/wire/truck-row';
import type { RawFrame } from './hub';

/** One received frame; `t` is its receive time in ms, absolute or relative to the recording's start. */
type RecordedFrame = RecordingLine;

type ParsedRecording = ParsedLines<RecordedFrame>;

/** Why a frame's data is not what that socket sends, or undefined when it is (a replay must not feed the console junk). */
function dataProblem(socket: RawFrame['socket'], data: unknown): string | undefined {
  if (socket === 'truck') {
    const parsed = parseTruckStatusRows(data);
    if (!parsed) return 'truck data is not an array of status rows';
    return parsed.invalid > 0 ? `${parsed.invalid} malformed status row(s)` : undefined;
  }
  return parseLiveAlarm(data) ? undefined : 'alarm data is not a live alarm';
}

/** Every line of an NDJSON recording; lines whose data the sockets would never send are reported too. */
export function parseRecording(text: string): ParsedRecording {
  return parseRecordingLines(text, (line) => dataProblem(line.socket, line.data) ?? line);
}

/** Time as the replay sees it; tests pass a fake one. */
export interface ReplayClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const systemClock: ReplayClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

interface ReplayOptions {
  /** 2 replays twice as fast; default 1. */
  readonly speed?: number;
  readonly clock?: ReplayClock;
  readonly signal?: AbortSignal;
}

/**
 * Publishes each frame at its recorded offset from the first one, divided by speed. Offsets are measured from the
 * start rather than slept gap by gap, so a slow publish does not push every later frame back. A `t` earlier than its
 * predecessor's is sent right after it, keeping file order. Resolves with the number of frames published.
 */
export async function replayRecording(
  frames: readonly RecordedFrame[],
  publish: (frame: RawFrame) => void,
  options: ReplayOptions = {},
): Promise<number> {
  const speed = options.speed ?? 1;
  if (!(speed > 0 && Number.isFinite(speed))) throw new Error(`speed must be a positive number, got ${speed}`);
  const clock = options.clock ?? systemClock;
  const first = frames[0];
  if (!first) return 0;
  const startedAt = clock.now();
  let offset = 0;
  let published = 0;
  for (const frame of frames) {
    offset = Math.max(offset, frame.t - first.t);
    const wait = startedAt + offset / speed - clock.now();
    if (wait > 0) await clock.sleep(wait);
    if (options.signal?.aborted) break;
    publish({ socket: frame.socket, data: frame.data });
    published += 1;
  }
  return published;
}

interface ReplayArgs {
  readonly file: string;
  readonly speed: number;
}

/** `FILE [--speed N]` (also `--speed=N`); a string is the usage problem. */
export function parseReplayArgs(argv: readonly string[]): ReplayArgs | string {
  let file: string | undefined;
  let speed = 1;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const inline = /^--speed=(.*)$/.exec(arg);
    if (arg === '--speed' || inline) {
      const value = inline ? inline[1] : argv[(i += 1)];
      speed = Number(value);
      if (value === undefined || value === '' || !(speed > 0 && Number.isFinite(speed))) return `--speed needs a positive number, got "${value ?? ''}"`;
    } else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else if (file === undefined) file = arg;
    else return `only one recording file, got "${file}" and "${arg}"`;
  }
  return file === undefined ? 'usage: npm run replay -- FILE [--speed N]' : { file, speed };
}
