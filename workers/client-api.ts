// One tab's view of the worker: the LiveApi object Comlink exposes on that tab's port, its subscriptions kept per tab.
import * as Comlink from 'comlink';
import type { Endpoint } from 'comlink';
import { isPollName } from '../domain/shell/polls';
import { isTruckStatusCode } from '../domain/truck-status';
import { isLiveEventName } from './event-hub';
import type { LiveCore } from './live-core';
import type { LiveApi, TruckChanges } from './live-api';
import { StatusTrucks } from './status-trucks';

/** A listener that came through Comlink holds a port of its own; releasing it frees that port in both contexts. */
function releaseRemote(listener: unknown): void {
  if (typeof listener !== 'function') return;
  const release: unknown = Reflect.get(listener, Comlink.releaseProxy);
  if (typeof release === 'function') Reflect.apply(release, listener, []);
}

/** Through Comlink a listener returns a promise, which rejects if its tab went away meanwhile. */
function sendPart(listener: (part: TruckChanges) => void, part: TruckChanges): void {
  try {
    const result: unknown = listener(part);
    if (result instanceof Promise) result.catch(() => undefined);
  } catch {
    // As the event hub does: a broken listener costs its own tab only.
  }
}

export function clientApi(core: LiveCore, clientId: number): LiveApi {
  return {
    hello: (tab) => ({
      clientId,
      mode: core.mode,
      liveness: core.tabs.hello(clientId, typeof tab.lockName === 'string' ? tab.lockName : undefined),
    }),
    ping: () => core.tabs.ping(clientId),
    connect: (session) => core.connect(session),
    logout: () => core.logout(),
    subscribe(name, listener) {
      if (!isLiveEventName(name)) throw new Error(`no live event ${String(name)}`);
      return Comlink.proxy(core.hub.subscribe(clientId, name, listener, () => releaseRemote(listener)));
    },
    snapshot: () => core.snapshot(),
    fleetStatus: () => core.hub.latestOf('fleet.status'),
    trucks: () => core.trucks(),
    watchTrucks(status, listener) {
      if (!isTruckStatusCode(status)) throw new Error(`no truck status ${String(status)}`);
      const table = new StatusTrucks(status);
      const send = (parts: readonly TruckChanges[]) => {
        for (const part of parts) sendPart(listener, part);
      };
      // Sent before subscribing, in the same task: no change can fall between the current trucks and the first change.
      send(table.start(core.trucks()));
      return Comlink.proxy(core.hub.subscribe(clientId, 'fleet.trucks', (changes) => send(table.apply(changes)), () => releaseRemote(listener)));
    },
    dismissNotice(kind) {
      if (!isPollName(kind)) throw new Error(`no notice ${String(kind)}`);
      core.dismissNotice(kind);
    },
    setVisible: (visible) => core.setVisible(clientId, visible === true),
    reportInput: () => core.noteInput(clientId),
    claimDesktopAlert: (key) => typeof key === 'string' && core.tabs.claimAlert(key),
    setAlarmTypes: (typeIds) => core.setAlarmTypes(typeIds),
    startRecording: (name) => core.recorder.start(name),
    stopRecording: () => core.recorder.stop(),
    recordings: () => core.recordings.list(),
    exportRecording: (recordingId) => core.recordings.exportNdjson(recordingId),
    importRecording: (ndjson, name) => core.recordings.importNdjson(ndjson, name),
    deleteRecording: (recordingId) => core.recordings.delete(recordingId),
    replay: (recordingId, options) => core.replay(recordingId, options.speed),
    stopReplay: () => core.stopReplay(),
    diagnostics: () => core.diagnostics(),
  };
}

/** Serves one tab on its port (a SharedWorker connection, or a dedicated worker's own scope). */
export function exposeClient(core: LiveCore, port: Endpoint & { close?(): void }): number {
  const clientId = core.addClient(() => port.close?.());
  Comlink.expose(clientApi(core, clientId), port);
  return clientId;
}
