// Fan-out of worker events to the tabs' listeners, per tab so a closed tab's subscriptions can all be dropped at once.
import type { LiveEventName, LiveEvents, LiveListener } from './live-api';

/**
 * Every event the worker publishes, by kind. A state event's new subscriber gets the latest value at once (a new tab
 * shows the current badges immediately); a stream event delivers only what happens after subscribing.
 */
const LIVE_EVENT_KINDS = {
  'fleet.status': 'state',
  'fleet.trucks': 'stream',
  'fleet.fillFailed': 'stream',
  'alarm.received': 'stream',
  'alarm.popups': 'state',
  'alarm.urgent': 'stream',
  'alarm.types': 'state',
  'link.state': 'state',
  'session.invalid': 'stream',
  'session.accessChanged': 'stream',
  'replay.progress': 'stream',
  'notice.fences': 'state',
  'notice.heartbeat': 'state',
  'data.changed': 'stream',
} as const satisfies Record<LiveEventName, 'state' | 'stream'>;

export function isLiveEventName(name: unknown): name is LiveEventName {
  return typeof name === 'string' && Object.hasOwn(LIVE_EVENT_KINDS, name);
}

const isStateEvent = (name: LiveEventName) => LIVE_EVENT_KINDS[name] === 'state';

type ListenerSets = { [K in LiveEventName]: Set<LiveListener<K>> };

function deliver<K extends LiveEventName>(listener: LiveListener<K>, payload: LiveEvents[K]): void {
  try {
    // Through Comlink a listener returns a promise, which rejects if its tab went away meanwhile.
    const result: unknown = listener(payload);
    if (result instanceof Promise) result.catch(() => undefined);
  } catch {
    // One tab's broken listener must not keep the event from the others.
  }
}

export class EventHub {
  private readonly listeners = Object.fromEntries(
    Object.keys(LIVE_EVENT_KINDS).map((name) => [name, new Set()]),
  ) as unknown as ListenerSets;
  private readonly latest: { [K in LiveEventName]?: LiveEvents[K] } = {};
  private readonly byClient = new Map<number, Set<() => void>>();

  /** Adds a listener for one tab; `release` runs when it is removed (Comlink proxies hold a port each). */
  subscribe<K extends LiveEventName>(clientId: number, name: K, listener: LiveListener<K>, release?: () => void): () => void {
    const set: Set<LiveListener<K>> = this.listeners[name];
    set.add(listener);
    const own = this.byClient.get(clientId) ?? new Set<() => void>();
    this.byClient.set(clientId, own);
    const unsubscribe = () => {
      if (!own.delete(unsubscribe)) return;
      set.delete(listener);
      release?.();
    };
    own.add(unsubscribe);
    const current = this.latest[name];
    if (isStateEvent(name) && current !== undefined) deliver(listener, current);
    return unsubscribe;
  }

  publish<K extends LiveEventName>(name: K, payload: LiveEvents[K]): void {
    if (isStateEvent(name)) this.latest[name] = payload;
    const set: Set<LiveListener<K>> = this.listeners[name];
    for (const listener of [...set]) deliver(listener, payload);
  }

  latestOf<K extends LiveEventName>(name: K): LiveEvents[K] | undefined {
    return this.latest[name];
  }

  /** Drops every subscription of a tab that closed. */
  dropClient(clientId: number): void {
    const own = this.byClient.get(clientId);
    this.byClient.delete(clientId);
    for (const unsubscribe of [...(own ?? [])]) unsubscribe();
  }

  listenerCount(): number {
    return Object.values(this.listeners).reduce((sum, set) => sum + set.size, 0);
  }
}
