// The status socket's feed: a full snapshot of the caller's trucks, then every `frequency` seconds what the contract's
// status frames say (ours: the rows that changed; the spec's: the full list). An account change adds a granted
// company's trucks in place; a company taken away closes the socket for a new snapshot.
import { parseTruckSocketOpen, type TruckSocketOpen } from '../../domain/wire/sockets';
import { grantedOutside, narrowCompanies, type AuthContext } from '../auth/context';
import type { Services } from '../services';
import { statusRows } from '../store/trucks';
import type { PublishedRow } from './hub';
import type { Feed, FeedSender } from './connection';
import { frequencyMs, type LiveLimits } from './socket-policy';

export function createTruckFeed(services: Services, limits: LiveLimits, sender: FeedSender): Feed<TruckSocketOpen> {
  const { wire } = services;
  /** Sent as the contract's row: the company code is the server's filter key, not part of the contract. */
  const send = (rows: Iterable<PublishedRow>) => sender.json(Array.from(rows, (published) => wire.statusRow(published.row)));
  /** The open message's userPri; undefined before one was applied. */
  let requested: readonly string[] | undefined;
  /** The user's companies when this socket last learned them. */
  let allowed: ReadonlySet<string> = new Set();
  let companies: ReadonlySet<string> = new Set();
  /** What the next periods send: changes by truck (a truck that changed twice is sent once, latest), or the full list. */
  const frames = wire.statusFrames();
  let unsubscribe: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let disposed = false;
  /** While granted companies' trucks are read, their changes wait in `frames` so they go out after the trucks. */
  let holding = false;

  const collect = (rows: readonly PublishedRow[]) => {
    for (const published of rows) if (companies.has(published.companyCode)) frames.changed(published);
  };

  const flush = () => {
    // A slow reader keeps its rows here (bounded by the fleet size) instead of in an ever-growing send buffer.
    if (holding || sender.backlog() > limits.maxBufferedBytes) return;
    const rows = frames.take();
    if (rows) send(rows);
  };

  return {
    parse: parseTruckSocketOpen,

    async open(message: TruckSocketOpen, auth: AuthContext) {
      requested = message.userPri.map((entry) => entry.key);
      allowed = new Set(auth.companyCodes);
      const codes = narrowCompanies(auth.companyCodes, requested);
      companies = new Set(codes);
      frames.keep(companies);
      clearInterval(timer);
      // Subscribed before the snapshot is read: a change racing the read is sent again at the next tick, never lost.
      unsubscribe ??= services.hub.onRows(collect);
      const snapshot = await statusRows(services.db, { companyCodes: codes });
      if (disposed) return;
      send(snapshot);
      frames.snapshot(snapshot);
      timer = setInterval(flush, frequencyMs(message.frequency, limits));
    },

    async refilter(auth: AuthContext) {
      if (!requested) return;
      const codes = narrowCompanies(auth.companyCodes, requested);
      // The console replaces its trucks only with the first frame after an open (a later frame is merged in), and the
      // contract has no removal: a socket that lost a company closes with a code the console reconnects on.
      // A grant the client could not name (it named its companies) also closes: it reads its privileges and asks again.
      if ([...companies].some((code) => !codes.includes(code)) || grantedOutside(requested, allowed, auth.companyCodes)) {
        return sender.close('accessChanged');
      }
      allowed = new Set(auth.companyCodes);
      const granted = codes.filter((code) => !companies.has(code));
      if (granted.length === 0) return;
      companies = new Set(codes);
      holding = true;
      try {
        const rows = await statusRows(services.db, { companyCodes: granted });
        if (!disposed && rows.length > 0) send(frames.granted(rows));
      } finally {
        holding = false;
      }
    },

    dispose() {
      disposed = true;
      clearInterval(timer);
      unsubscribe?.();
      frames.clear();
    },
  };
}
