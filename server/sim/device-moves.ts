// How a simulated device answers a send (docs/device-sends.md), as a pure function of the send's row, the
// time and whether the truck is reachable: the next status of record, or none yet. Deterministic per send and
// attempt, so a test or a replay sees the same answers; the server restarting mid-send changes nothing, since every
// decision reads only the stored row.
import type { SendKind } from '../../domain/params/send-status';
import type { SendStatus } from '../sends/send-store';
import { hashSeed } from './random';

/** The row fields a move reads. */
interface SendState {
  readonly id: number;
  readonly kind: SendKind;
  readonly status: SendStatus;
  readonly step: number;
  readonly steps: number;
  readonly sendTimes: number;
  readonly actualAt: number | null;
  readonly updatedAt: number;
}

const DEVICE_TIMING = {
  /** A device picks a queued send up this long after it was queued, plus up to `pickupJitterMs`. */
  pickupMs: 300,
  pickupJitterMs: 900,
  /** One transfer packet (1 KB) takes this long over the mobile link. */
  packetMs: 250,
  /** A tank table is checked against the gauge, then confirmed in use, each this long after the previous step. */
  syncMs: 800,
  confirmMs: 800,
} as const;

/** Share of transfers that arrive corrupted (a CRC error), per attempt. */
const CRC_ERROR_RATE = 0.04;

/** What happens to a send now. `arrived`: the transfer completed and the device must judge the content. */
export type DeviceMove =
  | { readonly kind: 'none' }
  | { readonly kind: 'start' }
  | { readonly kind: 'progress'; readonly step: number }
  | { readonly kind: 'unreachable' }
  | { readonly kind: 'corrupted' }
  | { readonly kind: 'arrived' }
  | { readonly kind: 'synchronized' }
  | { readonly kind: 'confirmed' };

/** A number in [0, 1) fixed by the send, its attempt and what it decides. */
function unit(send: SendState, what: string): number {
  return hashSeed('device', send.id, send.sendTimes, what) / 2 ** 32;
}

export function nextMove(send: SendState, now: number, online: boolean, crcErrorRate = CRC_ERROR_RATE): DeviceMove {
  const waited = now - send.updatedAt;
  switch (send.status) {
    case 'notSent':
    case 'toBeSent':
      if (waited < DEVICE_TIMING.pickupMs + unit(send, 'pickup') * DEVICE_TIMING.pickupJitterMs) return { kind: 'none' };
      return online ? { kind: 'start' } : { kind: 'unreachable' };
    case 'sending': {
      if (!online) return { kind: 'unreachable' };
      const received = Math.min(send.steps, Math.floor((now - (send.actualAt ?? now)) / DEVICE_TIMING.packetMs));
      if (received < send.steps) return received > send.step ? { kind: 'progress', step: received } : { kind: 'none' };
      return unit(send, 'crc') < crcErrorRate ? { kind: 'corrupted' } : { kind: 'arrived' };
    }
    case 'synchronizing':
      return waited >= DEVICE_TIMING.syncMs ? { kind: 'synchronized' } : { kind: 'none' };
    case 'complete':
      return send.kind === 'tankTable' && waited >= DEVICE_TIMING.confirmMs ? { kind: 'confirmed' } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/** The status a failure leaves: a tank table's list has one 'failed' where a file's names the cause. */
export function failedStatus(kind: SendKind, cause: 'connectionFailed' | 'crcError' | 'dataError'): SendStatus {
  return kind === 'tankTable' ? 'failed' : cause;
}
