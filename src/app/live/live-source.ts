// What the console's views need of the live worker: typed event subscriptions and the current trucks (fakeable in tests).
import type { LiveEventName, LiveListener } from '../../../workers/live-api';
import type { TruckView } from '../../../streams/truck-status.stream';
import type { LiveClient } from '../../live/live-client';

export interface LiveSource {
  /** Resolves with an unsubscribe; state events answer at once with their latest value. */
  subscribe<K extends LiveEventName>(name: K, listener: LiveListener<K>): Promise<() => Promise<void>>;
  /** Every truck the worker holds now (the badge tables start from it and follow `fleet.trucks`). */
  trucks(): Promise<readonly TruckView[]>;
  /** Changes the worker's alarm filter at once and reopens the alarm socket with the new `typeIds`. */
  setAlarmTypes(typeIds: string): Promise<void>;
}

/** The worker client seen as a live source. */
export function clientSource(client: LiveClient): LiveSource {
  return {
    subscribe: (name, listener) => client.subscribe(name, listener),
    trucks: async () => (await client.api.snapshot()).trucks,
    setAlarmTypes: (typeIds) => client.api.setAlarmTypes(typeIds),
  };
}
