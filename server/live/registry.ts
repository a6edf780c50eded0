// Every open live socket, by kind: counts and counters for diagnostics, the ping sweep, account reloads, replay fan-out, closeAll.
import type { SocketName } from '../../domain/wire/sockets';
import type { SocketRegistry } from '../services';
import type { LiveSocketHandle, SocketSession } from './connection';
import type { AccountChange, RawFrame } from './hub';

/** Whether a change concerns the account a socket streams for (a company's: its users and every superMan). */
function reaches(change: AccountChange, session: SocketSession): boolean {
  const companies = change.companyCodes ?? [];
  return (
    (change.userIds?.includes(session.userId) ?? false) ||
    (change.roleIds?.includes(session.roleId) ?? false) ||
    (companies.length > 0 && (session.superMan || companies.some((code) => session.companyCodes.includes(code))))
  );
}

export class LiveSocketRegistry implements SocketRegistry {
  private readonly open: Record<SocketName, Set<LiveSocketHandle>> = { truck: new Set(), alarm: new Set() };
  private sent = 0;
  private bad = 0;

  add(connection: LiveSocketHandle): void {
    this.open[connection.kind].add(connection);
  }

  remove(connection: LiveSocketHandle): void {
    this.open[connection.kind].delete(connection);
  }

  countSent(): void {
    this.sent += 1;
  }

  countBad(): void {
    this.bad += 1;
  }

  /** Connected sockets, including those still waiting for their open message. */
  openCounts(): { readonly truck: number; readonly alarm: number } {
    return { truck: this.open.truck.size, alarm: this.open.alarm.size };
  }

  /** Sockets whose open message was accepted: they receive data (the others still wait for one, or for its check). */
  streamingCounts(): { readonly truck: number; readonly alarm: number } {
    const streaming = (kind: SocketName) => [...this.open[kind]].filter((connection) => connection.isAuthenticated).length;
    return { truck: streaming('truck'), alarm: streaming('alarm') };
  }

  /** Data frames sent since start (snapshots, changes, alarms, replayed frames); `pong` answers are not counted. */
  framesSent(): number {
    return this.sent;
  }

  /** Malformed client frames ignored (or, above the payload limit, closed on) since start. */
  badFrames(): number {
    return this.bad;
  }

  closeAll(): number {
    const all = this.all();
    for (const connection of all) connection.close('maintenance');
    return all.length;
  }

  /**
   * Closes, with the final 4401, every socket that streams for a session matching `ended` (logout, password change,
   * expiry): a session that ends must stop receiving fleet data at once, not at its next open message.
   */
  closeSessions(ended: (session: { readonly tokenHash: string; readonly userId: number }) => boolean): number {
    const matching = this.all().filter((connection) => connection.session !== undefined && ended(connection.session));
    for (const connection of matching) connection.close('sessionExpired');
    return matching.length;
  }

  /**
   * Every socket streaming for an account the change reaches reloads it: closed (4401) when the user or its role is
   * disabled, re-filtered otherwise. Resolves once all of them have.
   */
  async refreshAccounts(change: AccountChange): Promise<void> {
    const affected = this.all().filter((connection) => connection.session !== undefined && reaches(change, connection.session));
    await Promise.all(affected.map((connection) => connection.refresh()));
  }

  /** Every streaming socket reloads its account (after a bus outage, when announced changes may have been missed). */
  async refreshAll(): Promise<void> {
    await Promise.all(this.all().map((connection) => connection.refresh()));
  }

  /** The distinct sessions the open sockets stream for. */
  sessions(): string[] {
    return [...new Set(this.all().flatMap((connection) => (connection.session ? [connection.session.tokenHash] : [])))];
  }

  /** One ping round over every socket (see LiveConnection.ping). */
  pingAll(): void {
    for (const connection of this.all()) connection.ping();
  }

  /** Replay mode: a recorded frame carries no company, so every authenticated socket of its kind gets it as it is. */
  broadcastRaw(frame: RawFrame): void {
    for (const connection of this.open[frame.socket]) connection.sendRaw(frame.data);
  }

  /** Server shutdown: timers and hub subscriptions go; @fastify/websocket closes the sockets themselves. */
  disposeAll(): void {
    for (const connection of this.all()) connection.dispose();
  }

  private all(): LiveSocketHandle[] {
    return [...this.open.truck, ...this.open.alarm];
  }
}
