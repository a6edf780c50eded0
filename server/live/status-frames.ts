// What the status socket keeps between its periodic sends and what each period sends: our changed rows, or the spec's full list.
import type { PublishedRow } from './hub';

export interface StatusFrames {
  /** The open message's snapshot, just sent. */
  snapshot(rows: readonly PublishedRow[]): void;
  /** A live change of one of the socket's trucks. */
  changed(published: PublishedRow): void;
  /** A newly granted company's trucks were read: what to send at once. */
  granted(rows: readonly PublishedRow[]): readonly PublishedRow[];
  /** Forgets the trucks of companies the socket no longer streams. */
  keep(companies: ReadonlySet<string>): void;
  /** This period's frame; undefined sends nothing. */
  take(): readonly PublishedRow[] | undefined;
  clear(): void;
}

const truckIdOf = (published: PublishedRow) => published.row.truckId;

function forget(rows: Map<number, PublishedRow>, companies: ReadonlySet<string>): void {
  for (const [truckId, published] of rows) if (!companies.has(published.companyCode)) rows.delete(truckId);
}

/**
 * Our contract: after the snapshot only the rows that changed since the last send, each truck once in its latest
 * version, and nothing when nothing changed. A granted company's trucks go out at once as a change.
 */
export function changedRows(): StatusFrames {
  const pending = new Map<number, PublishedRow>();
  return {
    snapshot() {},
    changed: (published) => void pending.set(truckIdOf(published), published),
    granted: (rows) => rows,
    keep: (companies) => forget(pending, companies),
    take() {
      if (pending.size === 0) return undefined;
      const rows = [...pending.values()];
      pending.clear();
      return rows;
    },
    clear: () => pending.clear(),
  };
}

/**
 * The spec's status socket: every period the full list of the caller's trucks, which a client reads as its whole
 * fleet. The list lives here, kept current by the live changes, so a period costs no database read.
 */
export function fullList(): StatusFrames {
  let latest = new Map<number, PublishedRow>();
  return {
    /** In the snapshot's order (by plate); a live change that came in during the read is newer than it and stays. */
    snapshot(rows) {
      const held = latest;
      latest = new Map(rows.map((published) => [truckIdOf(published), held.get(truckIdOf(published)) ?? published]));
      for (const [truckId, published] of held) if (!latest.has(truckId)) latest.set(truckId, published);
    },
    changed: (published) => void latest.set(truckIdOf(published), published),
    granted(rows) {
      for (const published of rows) if (!latest.has(truckIdOf(published))) latest.set(truckIdOf(published), published);
      return [...latest.values()];
    },
    keep: (companies) => forget(latest, companies),
    take: () => [...latest.values()],
    clear: () => latest.clear(),
  };
}
