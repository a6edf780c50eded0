// Fan-out of worker events to the tabs' listeners, per tab so a closed tab's subscriptions can all be dropped at once.
import type { LiveEventName, LiveEvents, LiveListener } from './live-api';

/** State events: a new subscriber gets the latest value at once (a new tab shows the current badges immediately). */
const STATE_EVENTS: ReadonlySet<LiveEventName> = new Set<LiveEventName>([
  'fleet.status', 'alarm.popups', 'link.state', 'notice.fences', 'notice.heartbeat',
]);

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
  private readonly listeners: ListenerSets = {
    'fleet.status': new Set(),
    'fleet.trucks': new Set(),
    'alarm.received': new Set(),
    'alarm.popups': new Set(),
    'alarm.urgent': new Set(),
    'link.state': new Set(),
    'session.invalid': new Set(),
    'replay.progress': new Set(),
    'notice.fences': new Set(),
    'notice.heartbeat': new Set(),
  };
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
    if (STATE_EVENTS.has(name) && current !== undefined) deliver(listener, current);
    return unsubscribe;
  }

  publish<K extends LiveEventName>(name: K, payload: LiveEvents[K]): void {
    if (STATE_EVENTS.has(name)) this.latest[name] = payload;
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
