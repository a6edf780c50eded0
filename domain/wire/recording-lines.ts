// Recordings of live frames as NDJSON, one `{"t","socket","data"}` object per line: the line rules the server's replay
// tool and the worker's import share. What `data` must hold is each reader's own check.
import { isFiniteNumber, isRecord } from './guards';
import type { SocketName } from './sockets';

/** One recorded frame as the file holds it; `t` is its receive time in ms, absolute or relative to the start. */
export interface RecordingLine {
  readonly t: number;
  readonly socket: SocketName;
  readonly data: unknown;
}

interface RecordingProblem {
  /** 1-based, as an editor shows it. */
  readonly line: number;
  readonly reason: string;
}

export interface ParsedLines<T> {
  readonly frames: readonly T[];
  readonly problems: readonly RecordingProblem[];
}

/** Parses one line; a string is the reason it was rejected. */
export function parseRecordingLine(text: string): RecordingLine | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (!isRecord(value)) return 'not a JSON object';
  const { t, socket, data } = value;
  if (!isFiniteNumber(t) || t < 0) return 't must be a non-negative number of milliseconds';
  if (socket !== 'truck' && socket !== 'alarm') return 'socket must be "truck" or "alarm"';
  if (data === undefined) return 'data is missing';
  return { t, socket, data };
}

/**
 * Every line of an NDJSON recording; blank lines are skipped, bad ones reported with their line number. `accept` turns
 * a well-formed line into the reader's frame, or gives the reason its data is refused.
 */
export function parseRecordingLines<T>(text: string, accept: (line: RecordingLine) => T | string): ParsedLines<T> {
  const frames: T[] = [];
  const problems: RecordingProblem[] = [];
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === '') return;
    const line = parseRecordingLine(trimmed);
    const frame = typeof line === 'string' ? line : accept(line);
    if (typeof frame === 'string') problems.push({ line: index + 1, reason: frame });
    else frames.push(frame);
  });
  return { frames, problems };
}
