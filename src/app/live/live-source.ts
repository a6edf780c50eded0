// What the console's views need of the live worker: typed event subscriptions and the current trucks (fakeable in tests).
import type { LiveEventName, LiveListener, NoticeKind } from '../../../workers/live-api';
import type { TruckView } from '../../../streams/truck-status.stream';
import type { LiveClient } from '../../live/live-client';

export interface LiveSource {
  /** Resolves with an unsubscribe; state events answer at once with their latest value. */
  subscribe<K extends LiveEventName>(name: K, listener: LiveListener<K>): Promise<() => Promise<void>>;
  /** Every truck the worker holds now (the badge tables start from it and follow `fleet.trucks`). */
  trucks(): Promise<readonly TruckView[]>;
  /** Changes the worker's alarm filter at once and reopens the alarm socket with the new `typeIds`. */
  setAlarmTypes(typeIds: string): Promise<void>;
  /** Clears a poll's notice in every tab of the browser. */
  dismissNotice(kind: NoticeKind): Promise<void>;
  /** Tells the worker whether this tab is visible now. */
  setVisible(visible: boolean): Promise<void>;
  /** True when some tab of this browser is visible. */
  anyTabVisible(): Promise<boolean>;
}

/** The worker client seen as a live source. */
export function clientSource(client: LiveClient): LiveSource {
  return {
    subscribe: (name, listener) => client.subscribe(name, listener),
    trucks: () => client.api.trucks(),
    setAlarmTypes: (typeIds) => client.api.setAlarmTypes(typeIds),
    dismissNotice: (kind) => client.api.dismissNotice(kind),
    setVisible: (visible) => client.api.setVisible(visible),
    anyTabVisible: () => client.api.anyTabVisible(),
  };
}
