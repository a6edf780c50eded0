// A live source without a worker: events are pushed by the test, the trucks list is whatever the test holds, and the
// badge tables follow them as the worker's would (its own StatusTrucks over the published `fleet.trucks`).
import type { LiveDiagnostics, LiveEventName, LiveEvents, LiveListener, NoticeKind } from '../../workers/live-api';
import type { LiveSource } from '../../src/app/live/live-source';
import type { TabUnsubscribe } from '../../src/live/live-client';
import { normaliseRow, type TruckView } from '../../streams/truck-status.stream';
import { StatusTrucks } from '../../workers/status-trucks';
import { countByStatus, type TruckStatusCode } from '../../domain/truck-status';
import { fuelTotals } from '../../domain/fuel';
import type { TruckStatusRow } from '../../domain/wire/truck-row';

export interface FakeLiveSource extends LiveSource {
  publish<K extends LiveEventName>(name: K, payload: LiveEvents[K]): void;
  listeners(name: LiveEventName): number;
  /** The trucks a table starts from; changes after that come from publishing `fleet.trucks`. */
  setTrucks(trucks: readonly TruckView[]): void;
  /** Every `setAlarmTypes` call, oldest first. */
  readonly alarmTypeCalls: string[];
  /** Every `dismissNotice` call, oldest first. */
  readonly dismissed: NoticeKind[];
  /** Every `setVisible` call, oldest first. */
  readonly visibleCalls: boolean[];
  /** How many times the tab reported its user's input. */
  readonly inputReports: number;
  /** Whether another tab of the browser is visible (then no tab claims a desktop alert); false unless the test says so. */
  otherTabVisible: boolean;
  /** What `diagnostics()` answers from now on; before the first, it refuses (a worker that cannot answer). */
  setDiagnostics(diagnostics: LiveDiagnostics): void;
}

export function fakeLiveSource(): FakeLiveSource {
  const listeners = new Map<LiveEventName, Set<(payload: never) => void>>();
  let trucks: readonly TruckView[] = [];
  const alarmTypeCalls: string[] = [];
  const dismissed: NoticeKind[] = [];
  const claimedAlerts = new Set<string>();
  const visibleCalls: boolean[] = [];
  let inputReports = 0;
  let otherTabVisible = false;
  let diagnostics: LiveDiagnostics | undefined;
  let fences: LiveEvents['notice.fences'] = null;
  let heartbeat: LiveEvents['notice.heartbeat'] = null;
  function publish<K extends LiveEventName>(name: K, payload: LiveEvents[K]): void {
    if (name === 'notice.fences') fences = payload as LiveEvents['notice.fences'];
    if (name === 'notice.heartbeat') heartbeat = payload as LiveEvents['notice.heartbeat'];
    for (const listener of listeners.get(name) ?? []) (listener as (value: typeof payload) => void)(payload);
  }
  async function subscribe<K extends LiveEventName>(name: K, listener: LiveListener<K>): Promise<TabUnsubscribe> {
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set);
    const entry = listener as (payload: never) => void;
    set.add(entry);
    return async () => void set.delete(entry);
  }
  // Typed as the views' calls, so a call the views gain in LiveApi is a compile error here until the fake has it.
  const api: LiveSource['api'] = {
    async setAlarmTypes(typeIds) {
      alarmTypeCalls.push(typeIds);
    },
    /** As the worker does: the notice stays, closed, in every tab. */
    async dismissNotice(kind) {
      dismissed.push(kind);
      if (kind === 'fences' && fences) publish('notice.fences', { ...fences, dismissed: true });
      if (kind === 'heartbeat' && heartbeat) publish('notice.heartbeat', { ...heartbeat, dismissed: true });
    },
    async setVisible(visible) {
      visibleCalls.push(visible);
    },
    async reportInput() {
      inputReports += 1;
    },
    async claimDesktopAlert(key) {
      if (otherTabVisible || visibleCalls.at(-1) === true || claimedAlerts.has(key)) return false;
      claimedAlerts.add(key);
      return true;
    },
    async diagnostics() {
      if (!diagnostics) throw new Error('the fake has no diagnostics yet');
      return diagnostics;
    },
  };
  return {
    api,
    subscribe,
    async watchTrucks(status, listener) {
      const table = new StatusTrucks(status);
      for (const part of table.start(trucks)) listener(part);
      return subscribe('fleet.trucks', (changes) => {
        for (const part of table.apply(changes)) listener(part);
      });
    },
    alarmTypeCalls,
    dismissed,
    visibleCalls,
    get inputReports() {
      return inputReports;
    },
    get otherTabVisible() {
      return otherTabVisible;
    },
    set otherTabVisible(visible) {
      otherTabVisible = visible;
    },
    setDiagnostics(next) {
      diagnostics = next;
    },
    publish,
    listeners: (name) => listeners.get(name)?.size ?? 0,
    setTrucks(next) {
      trucks = next;
    },
  };
}

/** `n` trucks cycling through the statuses, with times, speeds and one tank each. */
export function fakeTrucks(n: number, status?: TruckStatusCode): TruckView[] {
  const base = Date.UTC(2026, 0, 2, 3, 4, 5);
  return Array.from({ length: n }, (_, i) => {
    const row: TruckStatusRow = {
      truckId: i + 1, signCode: `沪A${String(i).padStart(5, '0')}`, truckCompany: `公司${i % 7}`, alarm: '',
      status: status ?? (([0, 1, 2, 3, 4] as const)[i % 5] ?? 0), gpsTime: base + i * 1000, statusTime: base - 3_600_000,
      speed: i % 90, area: `地址${i}`, lastIventoryMap: { '1': { oilCode: i % 2 === 0 ? 92 : 0, vt: 100.2 } },
    };
    return normaliseRow(row);
  });
}

export function statusOf(trucks: readonly TruckView[], source: 'live' | 'hydrated' = 'live'): LiveEvents['fleet.status'] {
  const rows = trucks.map((truck) => truck.row);
  return { counts: countByStatus(rows), fuel: fuelTotals(rows), trucks: trucks.length, updatedAt: 1, source };
}
