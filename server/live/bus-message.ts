// The live bus's messages on Redis: one JSON object per publish, `{ from, kind, ... }`, `from` naming the sending instance.
import type { AccountChange, EndedSessions, Notice, PublishedAlarm, PublishedRow, RawFrame } from './hub';
import { parseNotice } from './notices';
import type { SimAlarmRequest, SimAnswer, SimBusMessage } from './sim-requests';

export type BusMessage =
  | { readonly kind: 'rows'; readonly rows: readonly PublishedRow[] }
  | { readonly kind: 'alarm'; readonly alarm: PublishedAlarm }
  | { readonly kind: 'raw'; readonly frame: RawFrame }
  | { readonly kind: 'accounts'; readonly change: AccountChange }
  | { readonly kind: 'sessions'; readonly ended: EndedSessions }
  | { readonly kind: 'notice'; readonly notice: Notice }
  /** The sender was cut off from the bus: alarms after `afterSeq` and anything else it published may be missing. */
  | { readonly kind: 'resync'; readonly afterSeq: number }
  | SimBusMessage;

interface BusEnvelope {
  readonly from: string;
  readonly message: BusMessage;
}

export function encodeBusMessage(from: string, message: BusMessage): string {
  return JSON.stringify({ from, ...message });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The bus is ours (only server instances publish on its channel), so only the shape the receiver relies on is checked:
 * a stray or truncated message is dropped instead of throwing inside the subscriber's event handler.
 */
export function decodeBusMessage(text: string): BusEnvelope | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || typeof value.from !== 'string') return undefined;
  const { from } = value;
  switch (value.kind) {
    case 'rows':
      return Array.isArray(value.rows) ? { from, message: { kind: 'rows', rows: value.rows as PublishedRow[] } } : undefined;
    case 'alarm':
      return isObject(value.alarm) && isObject(value.alarm.alarm) && typeof value.alarm.alarm.seq === 'number'
        ? { from, message: { kind: 'alarm', alarm: value.alarm as unknown as PublishedAlarm } }
        : undefined;
    case 'raw':
      return isObject(value.frame) ? { from, message: { kind: 'raw', frame: value.frame as unknown as RawFrame } } : undefined;
    case 'accounts':
      return isObject(value.change) ? { from, message: { kind: 'accounts', change: value.change as AccountChange } } : undefined;
    case 'sessions':
      return isObject(value.ended) ? { from, message: { kind: 'sessions', ended: value.ended as EndedSessions } } : undefined;
    case 'notice': {
      const notice = parseNotice(value.notice);
      return notice ? { from, message: { kind: 'notice', notice } } : undefined;
    }
    case 'resync':
      return typeof value.afterSeq === 'number' ? { from, message: { kind: 'resync', afterSeq: value.afterSeq } } : undefined;
    case 'simRequest':
      return typeof value.id === 'string' && isObject(value.request) && typeof value.request.type === 'number'
        ? { from, message: { kind: 'simRequest', id: value.id, request: value.request as unknown as SimAlarmRequest } }
        : undefined;
    case 'simAnswer':
      return typeof value.id === 'string' && typeof value.to === 'string' && isObject(value.answer)
        ? { from, message: { kind: 'simAnswer', id: value.id, to: value.to, answer: value.answer as unknown as SimAnswer } }
        : undefined;
    default:
      return undefined;
  }
}
