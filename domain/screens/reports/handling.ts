// Unsealing handling on the wire: the states an operator may set (unconfirmed is only the absence of a handling).
export const HANDLING_STATES = [1, 2] as const;
export type HandlingState = (typeof HANDLING_STATES)[number];

/** POST body of a report's handling call; `ids` is the comma list of event ids (the rows' `id`). */
export interface HandlingBody {
  readonly ids: string;
  readonly state: HandlingState;
  /** Required for abnormal. */
  readonly description?: string;
}
