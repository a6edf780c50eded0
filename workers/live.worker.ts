// The live worker's entry: a SharedWorker serving every tab, or, where SharedWorker is missing, one dedicated worker per tab.
import type { Endpoint } from 'comlink';
import { API_BASE, HOST_ROOT } from './backend-address';
import { exposeClient } from './client-api';
import { LiveDb } from './db';
import { LiveCore } from './live-core';
import { hostBaseOf } from './session-request';
import { browserSocketFactory, socketBase } from './socket-factory';
import type { LockManagerLike } from './tab-registry';

/** The one member of SharedWorkerGlobalScope used here (the DOM lib has no worker scopes). */
interface SharedWorkerScope {
  onconnect: ((event: MessageEvent) => void) | null;
}

function isSharedWorkerScope(scope: object): scope is SharedWorkerScope {
  return 'onconnect' in scope;
}

/** A dedicated worker's global is its port to the tab. */
function isEndpoint(scope: object): scope is Endpoint {
  return 'postMessage' in scope && 'addEventListener' in scope && 'removeEventListener' in scope;
}

// Web Locks exist only in secure contexts; without them tabs prove they live by pinging.
const locks: LockManagerLike | undefined = 'locks' in navigator ? navigator.locks : undefined;
const scope: object = globalThis;
const shared = isSharedWorkerScope(scope);

const core = new LiveCore({
  db: new LiveDb(),
  socketBase: socketBase(HOST_ROOT, location),
  socketFactory: browserSocketFactory(WebSocket),
  mode: shared ? 'shared' : 'dedicated',
  ...(locks ? { locks } : {}),
  // Unbound, `fetch` throws "Illegal invocation" in some browsers.
  fetch: (url, init) => fetch(url, init),
  apiBase: new URL(API_BASE, location.href).href,
  hostBase: hostBaseOf(HOST_ROOT, location.origin),
});

if (isSharedWorkerScope(scope)) {
  scope.onconnect = (event) => {
    const port = event.ports[0];
    if (port) exposeClient(core, port);
  };
} else if (isEndpoint(scope)) {
  exposeClient(core, scope);
}
