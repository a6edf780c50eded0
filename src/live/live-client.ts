// The tab's side of the live worker: starts (or joins) it, wraps it with Comlink, and proves to it that this tab lives.
import * as Comlink from 'comlink';
import type { Endpoint, Remote } from 'comlink';
import type { LiveApi, LiveListening, Unsubscribe, WorkerHello } from '../../workers/live-api';
import { TAB_PING_MS, type LockManagerLike } from '../../workers/tab-registry';

/** Stops a listener from the tab: resolves once the worker dropped it and the listener's Comlink port is freed. */
export type TabUnsubscribe = () => Promise<void>;

/** LiveApi's listening calls as a tab makes them: a plain function in, a promised unsubscribe out. */
export type TabListening = LiveListening<Promise<TabUnsubscribe>>;

/** The tab's handle on the worker; it is the views' live source as it stands (`LiveSource` picks from it). */
export interface LiveClient extends TabListening {
  readonly api: Remote<LiveApi>;
  readonly hello: WorkerHello;
  /** Leaves the worker (the page is going away, or a test is done). */
  close(): void;
}

interface Started {
  readonly endpoint: Endpoint;
  readonly stop: () => void;
}

/** Vite bundles the worker only when `new URL(…, import.meta.url)` sits inside the constructor call, as here. */
function startWorker(): Started {
  if (typeof SharedWorker === 'function') {
    const worker = new SharedWorker(new URL('../../workers/live.worker.ts', import.meta.url), { type: 'module', name: 'fleet-live' });
    worker.port.start();
    return { endpoint: worker.port, stop: () => worker.port.close() };
  }
  const worker = new Worker(new URL('../../workers/live.worker.ts', import.meta.url), { type: 'module', name: 'fleet-live' });
  return { endpoint: worker, stop: () => worker.terminate() };
}

/** randomUUID needs a secure context; getRandomValues does not. */
function tabId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Holds a Web Lock for the tab's whole life; the worker asks for the same lock and is granted it when the tab is gone.
 * Resolves once the lock is held (before that, the worker would be granted it at once and drop a live tab).
 */
async function holdTabLock(locks: LockManagerLike): Promise<{ name: string; release: () => void }> {
  const name = `fleet-live-tab:${tabId()}`;
  let release: () => void = () => undefined;
  await new Promise<void>((granted) => {
    void locks.request(name, () => {
      granted();
      return new Promise<void>((resolve) => (release = resolve));
    });
  });
  return { name, release: () => release() };
}

/** The page's Web Locks; absent outside secure contexts (plain http on a LAN address). */
function pageLocks(): LockManagerLike | undefined {
  return typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
}

/** An unsubscribe from the worker that, once done, frees its own Comlink port. */
function releasing(unsubscribe: Remote<Unsubscribe>): TabUnsubscribe {
  return async () => {
    await unsubscribe();
    unsubscribe[Comlink.releaseProxy]();
  };
}

export interface LiveClientOptions {
  /** An existing port to the worker (tests use a MessageChannel); by default the worker is started here. */
  readonly endpoint?: Endpoint;
  readonly locks?: LockManagerLike;
  /**
   * Called with the worker's API as soon as the port is open, before the tab's lock is held and the hello answered
   * (on a busy boot that takes 100–200 ms): for one-shot reads only, nothing that registers the tab.
   */
  readonly onApi?: (api: Remote<LiveApi>) => void;
}

/** Joins the live worker from this tab. Where the tab has no Web Locks it pings the worker instead. */
export async function openLiveClient(options: LiveClientOptions = {}): Promise<LiveClient> {
  const started: Started = options.endpoint
    ? { endpoint: options.endpoint, stop: () => undefined }
    : startWorker();
  const api = Comlink.wrap<LiveApi>(started.endpoint);
  options.onApi?.(api);
  const locks = 'locks' in options ? options.locks : pageLocks();
  const lock = locks ? await holdTabLock(locks) : undefined;
  const hello = await api.hello(lock ? { lockName: lock.name } : {});
  const pinger = hello.liveness === 'ping' ? setInterval(() => void api.ping(), TAB_PING_MS) : undefined;
  let closed = false;
  return {
    api,
    hello,
    // A function cannot be cloned to the worker: each listener crosses as a Comlink proxy with a port of its own.
    subscribe: async (name, listener) => releasing(await api.subscribe(name, Comlink.proxy(listener))),
    watchTrucks: async (status, listener) => releasing(await api.watchTrucks(status, Comlink.proxy(listener))),
    close() {
      if (closed) return;
      closed = true;
      clearInterval(pinger);
      lock?.release();
      api[Comlink.releaseProxy]();
      started.stop();
    },
  };
}
