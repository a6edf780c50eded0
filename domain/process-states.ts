// A tanker's process states (params spec §4): the ten, in the order a delivery walks them, with the codes event data
// stores and the label each shows in zh and en (`report.process.<code>`).
import type { LocaleKey } from './i18n';

/**
 * The codes, stable: stored in the `process` field of event data (docs/events.md), sent as the report filter's value.
 * `loading`, `unloading` and `transporting` keep the meaning they had when the console knew only those three, so rows
 * written then read as those states. "Loading (bottom/top)" is one state: the spec counts ten, and whether the arm
 * fills from the bottom or through the cover is the loading's mode (the `load` row's `mode`), not another state.
 */
export const PROCESS_STATES = [
  'initializing',
  'idle',
  'transporting',
  'loading_takeover',
  'loading',
  'loading_stopped',
  'unloading_takeover',
  'unloading',
  'unloading_stopped',
  'waiting_empty',
] as const;

export type ProcessState = (typeof PROCESS_STATES)[number];

/** The states in which compartments fill or empty: what a metered transfer (flow_change) can be stamped with. */
export type TransferProcess = Extract<ProcessState, 'loading' | 'unloading'>;

export function isProcessState(value: unknown): value is ProcessState {
  return typeof value === 'string' && (PROCESS_STATES as readonly string[]).includes(value);
}

/** The state's label; a state without one in zh.json does not compile. */
export function processLabelKey(state: ProcessState): LocaleKey {
  return `report.process.${state}` satisfies LocaleKey;
}
