// Which tabs are alive. Comlink's finalizers never fire for a shared worker, so a closed tab is noticed by its Web Lock
// being released, or, where there are no Web Locks (plain http on a LAN address), by its pings stopping. Also which tabs
// said they are visible and when a tab last reported input (someone at the console keeps the session alive), and which
// alarms a tab already claimed to show on the desktop: one notification per browser.
import type { TabLiveness } from './live-api';
import type { LiveClock } from './live-clock';

/** Desktop alerts remembered as claimed: far more than urgent alarms arrive while every tab is hidden. */
const CLAIMED_ALERTS_KEPT = 500;
/** How often a tab without Web Locks pings the worker. */
export const TAB_PING_MS = 10_000;
/** A pinging tab silent this long is taken for closed (three missed pings and some slack for a busy tab). */
export const TAB_SILENCE_MS = 35_000;

/** The part of the Web Locks API used: the callback runs once the lock is granted, that is once its holder is gone. */
export interface LockManagerLike {
  request(name: string, callback: () => unknown): Promise<unknown>;
}

interface Tab {
  liveness: TabLiveness;
  lastSeen: number;
  /** Until the tab says so, it counts as hidden: a missed desktop alert is worse than a duplicate one. */
  visible: boolean;
}

interface TabRegistryOptions {
  readonly clock: LiveClock;
  readonly locks: LockManagerLike | undefined;
  /** Called once per tab that is gone. */
  readonly onGone: (clientId: number) => void;
}

export class TabRegistry {
  private readonly tabs = new Map<number, Tab>();
  private readonly claimed = new Set<string>();
  private sweep: unknown;
  /** When a tab last reported that its user typed or clicked; kept for the browser, not per tab. */
  private lastInputAt: number | undefined;

  constructor(private readonly options: TabRegistryOptions) {}

  /** A port connected: until it says hello with a lock it is watched by pings, so even a tab that dies at once goes. */
  add(clientId: number): void {
    this.tabs.set(clientId, { liveness: 'ping', lastSeen: this.options.clock.now(), visible: false });
    this.scheduleSweep();
  }

  /** The tab holds `lockName` until it closes; asking for the same lock resolves then. */
  hello(clientId: number, lockName: string | undefined): TabLiveness {
    const tab = this.tabs.get(clientId);
    if (!tab) return 'ping';
    const { locks } = this.options;
    if (lockName === undefined || locks === undefined) return 'ping';
    tab.liveness = 'locks';
    locks.request(lockName, () => this.remove(clientId)).catch(() => this.remove(clientId));
    return 'locks';
  }

  ping(clientId: number): void {
    const tab = this.tabs.get(clientId);
    if (tab) tab.lastSeen = this.options.clock.now();
  }

  setVisible(clientId: number, visible: boolean): void {
    const tab = this.tabs.get(clientId);
    if (tab) tab.visible = visible;
  }

  /** True while some live tab last said it is visible. */
  anyVisible(): boolean {
    return [...this.tabs.values()].some((tab) => tab.visible);
  }

  /** A live tab's user typed or clicked. */
  noteInput(clientId: number): void {
    if (this.tabs.has(clientId)) this.lastInputAt = this.options.clock.now();
  }

  /** Someone is at the console: a live tab is visible, or a tab reported input at or after `since`. */
  inUse(since: number): boolean {
    return this.anyVisible() || (this.lastInputAt !== undefined && this.lastInputAt >= since);
  }

  /**
   * Whether the asking tab shows this alarm's desktop notification: only while no tab is visible (that tab shows the
   * alarm itself), and only the first tab to ask for an alarm. The memory of claimed alarms is bounded.
   */
  claimAlert(key: string): boolean {
    if (this.anyVisible() || this.claimed.has(key)) return false;
    this.claimed.add(key);
    // A Set iterates in insertion order, so its first key is the oldest.
    if (this.claimed.size > CLAIMED_ALERTS_KEPT) this.claimed.delete(this.claimed.values().next().value ?? key);
    return true;
  }

  remove(clientId: number): void {
    if (!this.tabs.delete(clientId)) return;
    this.options.onGone(clientId);
  }

  counts(): Record<TabLiveness, number> {
    const counts: Record<TabLiveness, number> = { locks: 0, ping: 0 };
    for (const tab of this.tabs.values()) counts[tab.liveness] += 1;
    return counts;
  }

  private scheduleSweep(): void {
    if (this.sweep !== undefined) return;
    this.sweep = this.options.clock.setTimeout(() => {
      this.sweep = undefined;
      const deadline = this.options.clock.now() - TAB_SILENCE_MS;
      for (const [clientId, tab] of [...this.tabs]) {
        if (tab.liveness === 'ping' && tab.lastSeen < deadline) this.remove(clientId);
      }
      if ([...this.tabs.values()].some((tab) => tab.liveness === 'ping')) this.scheduleSweep();
    }, TAB_PING_MS);
  }
}
