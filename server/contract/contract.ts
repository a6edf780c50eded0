// Which contract the server speaks (CONTRACT): ours with its extensions, or exactly the spec's (docs/api.md, Legacy mode).
import type { LoginAnswer } from '../../domain/wire/entities';
import type { LiveAlarm } from '../../domain/wire/live-alarm';
import type { FenceApprovalTimerAnswer } from '../../domain/wire/records';
import type { TruckStatusRow } from '../../domain/wire/truck-row';
import type { PublishedAlarm, PublishedRow, RawFrame } from '../live/hub';
import type { NoticeFrame } from '../live/notices';
import { changedRows, fullList, type StatusFrames } from '../live/status-frames';
import { specAlarm, specLoginAnswer, specRawFrame, specSocketOpen, specStatusRow } from './shapes';

export const CONTRACTS = ['ours', 'legacy'] as const;
export type Contract = (typeof CONTRACTS)[number];

export function isContract(value: string): value is Contract {
  return (CONTRACTS as readonly string[]).includes(value);
}

/**
 * Everything that differs between the contracts, one entry per difference, applied where the message is made.
 * Routes and feeds call these steps and never ask which contract is on.
 */
export interface WireContract {
  readonly name: Contract;
  /** Our own calls beyond the spec: the operations routes and POST /verifyPwd. */
  readonly extensionRoutes: boolean;
  /** A login needs a challenge the server issued after repeated failures; the spec's login takes name and password alone. */
  readonly loginChallenge: boolean;
  /** What the status socket sends each period after its snapshot. */
  readonly statusFrames: () => StatusFrames;
  /** An alarm as the alarm socket and GET /alarmInfo send it. */
  alarm(alarm: PublishedAlarm['alarm']): LiveAlarm;
  /** A status row as the status socket, getTruckBarData and GET /onlineTruck send it. */
  statusRow(row: PublishedRow['row']): TruckStatusRow;
  loginAnswer(answer: LoginAnswer): LoginAnswer;
  /** GET /fenceApproval/timer's data. */
  fenceTimer(pending: number): FenceApprovalTimerAnswer | null;
  /** A socket's open message as this contract reads it, before it is parsed. */
  socketOpen(message: unknown): unknown;
  /** A replayed frame (npm run replay) as this contract's sockets send it; undefined: not sent. */
  rawFrame(frame: RawFrame): RawFrame | undefined;
  /** A notice of changed data as the alarm socket sends it; undefined where the contract has none (nothing is sent). */
  notice(frame: NoticeFrame): NoticeFrame | undefined;
}

const same = <T>(value: T): T => value;

export const WIRE_CONTRACTS: Readonly<Record<Contract, WireContract>> = {
  ours: {
    name: 'ours',
    extensionRoutes: true,
    loginChallenge: true,
    statusFrames: changedRows,
    alarm: same,
    statusRow: same,
    loginAnswer: same,
    fenceTimer: (pending) => ({ pending }),
    socketOpen: same,
    rawFrame: same,
    notice: same,
  },
  legacy: {
    name: 'legacy',
    extensionRoutes: false,
    loginChallenge: false,
    statusFrames: fullList,
    alarm: specAlarm,
    statusRow: specStatusRow,
    loginAnswer: specLoginAnswer,
    // The spec shows no answer; ours is an extension, so a console that relies on `{ pending }` finds none.
    fenceTimer: () => null,
    socketOpen: specSocketOpen,
    rawFrame: specRawFrame,
    // The spec's alarm socket carries alarms only: its consoles see others' changes when they fetch again.
    notice: () => undefined,
  },
};
