// Inbound socket frames as the worker receives and records them; decoding with validation, and the tally of bad frames.
import { scan, type OperatorFunction } from 'rxjs';
import { DATA_CHANGED, isNoticeFrame, parseDataChangedFrame, type DataTopic } from '../domain/wire/data-notice';
import { ENTITY_CHANGED, parseEntityChangedFrame, type EntityChange } from '../domain/wire/entity-notice';
import { ALARM_STATE_CHANGED, parseAlarmStateFrame, type AlarmStanding } from '../domain/wire/alarm-inbox';
import { parseLiveAlarm, type LiveAlarm } from '../domain/wire/live-alarm';
import type { SocketName } from '../domain/wire/sockets';

export interface InboundFrame {
  readonly socket: SocketName;
  /** Receive time, epoch ms. */
  readonly t: number;
  /** The text frame as it arrived. */
  readonly text: string;
  /** The first status frame after an open is a full snapshot: trucks it lacks are gone. Later ones carry changes. */
  readonly snapshot?: boolean;
}

type BadFrameReason = 'notJson' | 'notRows' | 'notAlarm' | 'notNotice' | 'unreadable';

export type DecodedFrame =
  | {
      readonly kind: 'rows';
      readonly t: number;
      /** The rows unvalidated: the merge validates each row it does not already hold unchanged, and counts bad ones. */
      readonly values: readonly unknown[];
      readonly snapshot: boolean;
    }
  | { readonly kind: 'alarm'; readonly t: number; readonly alarm: LiveAlarm }
  /** The alarm socket's notice (our extension): stored data of this topic changed. */
  | { readonly kind: 'dataChanged'; readonly t: number; readonly topic: DataTopic }
  /** The alarm socket's notice (our extension): a master-data row was saved. */
  | { readonly kind: 'entityChanged'; readonly t: number; readonly change: EntityChange }
  /** The alarm socket's notice (our extension, the alarm inbox): alarms changed state, well-formed changes only. */
  | { readonly kind: 'alarmState'; readonly t: number; readonly changes: readonly AlarmStanding[] }
  | { readonly kind: 'bad'; readonly t: number; readonly socket: SocketName; readonly reason: BadFrameReason };

function bad(frame: InboundFrame, reason: BadFrameReason): DecodedFrame {
  return { kind: 'bad', t: frame.t, socket: frame.socket, reason };
}

/**
 * Parses one frame and validates its shape: a status frame must be an array (its rows are validated by the merge, which
 * can skip rows it already holds unchanged), an alarm frame a live alarm or a notice (an object with `notice`, which no
 * alarm has). Never throws: whatever is wrong is `bad`.
 */
export function decodeFrame(frame: InboundFrame): DecodedFrame {
  let value: unknown;
  try {
    value = JSON.parse(frame.text);
  } catch {
    return bad(frame, 'notJson');
  }
  try {
    if (frame.socket === 'truck') {
      if (!Array.isArray(value)) return bad(frame, 'notRows');
      return { kind: 'rows', t: frame.t, values: value, snapshot: frame.snapshot === true };
    }
    if (isNoticeFrame(value)) return decodeNotice(frame, value);
    const alarm = parseLiveAlarm(value);
    return alarm ? { kind: 'alarm', t: frame.t, alarm } : bad(frame, 'notAlarm');
  } catch {
    // The parsers read JSON values only; this guards against a parser bug taking the pipeline down.
    return bad(frame, 'unreadable');
  }
}

/** A notice by its name; an unknown name or a malformed notice is bad, and so is an alarm-state notice with no change to apply. */
function decodeNotice(frame: InboundFrame, value: unknown): DecodedFrame {
  const name = (value as { readonly notice?: unknown }).notice;
  if (name === DATA_CHANGED) {
    const notice = parseDataChangedFrame(value);
    if (notice) return { kind: 'dataChanged', t: frame.t, topic: notice.topic };
  } else if (name === ENTITY_CHANGED) {
    const change = parseEntityChangedFrame(value);
    if (change) return { kind: 'entityChanged', t: frame.t, change };
  } else if (name === ALARM_STATE_CHANGED) {
    const changes = parseAlarmStateFrame(value);
    if (changes && changes.length > 0) return { kind: 'alarmState', t: frame.t, changes };
  }
  return bad(frame, 'notNotice');
}

export interface FrameStats {
  readonly truckFrames: number;
  readonly alarmFrames: number;
  /** Notices on the alarm socket (data changed, entity changed, alarm state). */
  readonly noticeFrames: number;
  /** Frames dropped whole: not JSON, or not what their socket sends. */
  readonly badFrames: number;
  /** Rows dropped from status frames that were otherwise good. */
  readonly badRows: number;
  readonly lastBad?: { readonly t: number; readonly socket: SocketName; readonly reason: BadFrameReason };
}

/** What the tally counts: decoded frames, and the malformed rows the merge dropped from good status frames. */
export type TallyEvent = DecodedFrame | { readonly kind: 'badRows'; readonly count: number };

export const NO_FRAMES: FrameStats = { truckFrames: 0, alarmFrames: 0, noticeFrames: 0, badFrames: 0, badRows: 0 };

export function countFrame(stats: FrameStats, frame: TallyEvent): FrameStats {
  switch (frame.kind) {
    case 'rows':
      return { ...stats, truckFrames: stats.truckFrames + 1 };
    case 'badRows':
      return frame.count === 0 ? stats : { ...stats, badRows: stats.badRows + frame.count };
    case 'alarm':
      return { ...stats, alarmFrames: stats.alarmFrames + 1 };
    case 'dataChanged':
    case 'entityChanged':
    case 'alarmState':
      return { ...stats, noticeFrames: stats.noticeFrames + 1 };
    case 'bad':
      return {
        ...stats,
        badFrames: stats.badFrames + 1,
        lastBad: { t: frame.t, socket: frame.socket, reason: frame.reason },
      };
  }
}

/** The running tally of every decoded frame and dropped row. */
export function tallyFrames(seed: FrameStats = NO_FRAMES): OperatorFunction<TallyEvent, FrameStats> {
  return scan(countFrame, seed);
}
