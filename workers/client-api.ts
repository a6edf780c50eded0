// One tab's view of the worker: the LiveApi object Comlink exposes on that tab's port, its subscriptions kept per tab.
import * as Comlink from 'comlink';
import type { Endpoint } from 'comlink';
import { isLiveEventName } from './event-hub';
import type { LiveCore } from './live-core';
import type { LiveApi } from './live-api';


/** A listener that came through Comlink holds a port of its own; releasing it frees that port in both contexts. */
function releaseRemote(listener: unknown): void {
  if (typeof listener !== 'function') return;
  const release: unknown = Reflect.get(listener, Comlink.releaseProxy);
  if (typeof release === 'function') Reflect.apply(release, listener, []);
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
    trucks: () => core.trucks(),
    dismissNotice: (kind) => core.dismissNotice(kind),
    setVisible: (visible) => core.tabs.setVisible(clientId, visible === true),
    anyTabVisible: () => core.tabs.anyVisible(),
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
