// What the console's views need of the live worker: typed event subscriptions and one status's trucks (fakeable in tests).
import type { LiveDiagnostics, LiveEventName, LiveListener, NoticeKind, TruckChanges } from '../../../workers/live-api';
import type { TruckStatusCode } from '../../domain/truck-status';
import type { LiveClient } from '../../live/live-client';

export interface LiveSource {
  /** Resolves with an unsubscribe; state events answer at once with their latest value. */
  subscribe<K extends LiveEventName>(name: K, listener: LiveListener<K>): Promise<() => Promise<void>>;
  /**
   * Follows one status's trucks (a badge table): the listener gets that status's trucks now, in one or more parts,
   * then every change that touches the status. Resolves with an unsubscribe.
   */
  watchTrucks(status: TruckStatusCode, listener: (part: TruckChanges) => void): Promise<() => Promise<void>>;
  /** Changes the worker's alarm filter at once and reopens the alarm socket with the new `typeIds`. */
  setAlarmTypes(typeIds: string): Promise<void>;
  /** Clears a poll's notice in every tab of the browser. */
  dismissNotice(kind: NoticeKind): Promise<void>;
  /** Tells the worker whether this tab is visible now. */
  setVisible(visible: boolean): Promise<void>;
  /** Tells the worker this tab's user typed or clicked (the tab sends it at most once a minute). */
  reportInput(): Promise<void>;
  /** True when this tab is to show the alarm on the desktop: no tab is visible, and no other tab claimed it first. */
  claimDesktopAlert(key: string): Promise<boolean>;
  /** What the worker knows of its links and pipeline now (the personal centre's live connection section). */
  diagnostics(): Promise<LiveDiagnostics>;
}

/** The worker client seen as a live source. */
export function clientSource(client: LiveClient): LiveSource {
  return {
    subscribe: (name, listener) => client.subscribe(name, listener),
    // The client module is loaded by the time a client exists; importing it here, not statically, keeps it (and
    // Comlink) out of the first chunk, as LiveProvider's lazy load intends.
    watchTrucks: (status, listener) => import('../../live/live-client').then((module) => module.watchTrucks(client, status, listener)),
    setAlarmTypes: (typeIds) => client.api.setAlarmTypes(typeIds),
    dismissNotice: (kind) => client.api.dismissNotice(kind),
    setVisible: (visible) => client.api.setVisible(visible),
    reportInput: () => client.api.reportInput(),
    claimDesktopAlert: (key) => client.api.claimDesktopAlert(key),
    diagnostics: () => client.api.diagnostics(),
  };
}
