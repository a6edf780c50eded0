// Simulator leadership on its own: who leads, what a failed start does, what closing does, on this layer's database.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLeadership, type Leadership, type LeadershipEvents } from '../../../server/sim/leadership';
import { openTestDatabase, TEST_DB_KIND, type OpenedTestDatabase } from '../../helpers/test-database';

const RETRY_MS = 100;
const quiet = { warn: () => undefined };

/** Events that record what happened, starting as `start` says (resolving by default). */
function recorder(start: () => Promise<void> = async () => undefined) {
  const seen: string[] = [];
  const events: LeadershipEvents = {
    async gained() {
      seen.push('gained');
      await start();
    },
    lost: () => void seen.push('lost'),
  };
  return { seen, events };
}

const opened: OpenedTestDatabase[] = [];
const leaderships: Leadership[] = [];
afterEach(async () => {
  await Promise.all(leaderships.splice(0).map((l) => l.close()));
  await Promise.all(opened.splice(0).map((d) => d.close()));
});

async function database(): Promise<OpenedTestDatabase> {
  const db = await openTestDatabase();
  opened.push(db);
  return db;
}

function lead(db: OpenedTestDatabase, events: LeadershipEvents, instanceId: string): Leadership {
  const leadership = startLeadership(db.driver, events, { retryMs: RETRY_MS, log: quiet, instanceId });
  leaderships.push(leadership);
  return leadership;
}

describe('simulator leadership', () => {
  it('leads at once when no other instance holds the lock, and stops simulating when closed', async () => {
    const db = await database();
    const { seen, events } = recorder();
    const leadership = lead(db, events, 'A');
    await leadership.ready;
    expect(leadership.role()).toBe('leader');
    await leadership.close();
    expect(leadership.role()).toBe('standby');
    expect(seen).toEqual(['gained', 'lost']);
  });

  it.runIf(TEST_DB_KIND === 'postgres')('keeps a second instance standing by until the leader closes, then hands over (PostgreSQL: SQLite always leads)', async () => {
    const db = await database();
    const first = recorder();
    const second = recorder();
    const a = lead(db, first.events, 'A');
    await a.ready;
    const b = lead(db, second.events, 'B');
    await b.ready;
    expect([a.role(), b.role()]).toEqual(['leader', 'standby']);
    // Several retries pass without B winning a lock A holds.
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3));
    expect(second.seen).toEqual([]);

    await a.close();
    await vi.waitFor(() => expect(b.role()).toBe('leader'), { timeout: RETRY_MS * 20, interval: 20 });
    expect(first.seen).toEqual(['gained', 'lost']);
    expect(second.seen).toEqual(['gained']);
  });

  it.runIf(TEST_DB_KIND === 'postgres')('gives the lock back when starting as leader fails, so another instance can lead (PostgreSQL)', async () => {
    const db = await database();
    const failing = recorder(async () => {
      throw new Error('no fleet');
    });
    const a = lead(db, failing.events, 'A');
    await a.ready;
    expect(a.role()).toBe('standby');
    expect(failing.seen).toEqual(['gained', 'lost']);
    const b = lead(db, recorder().events, 'B');
    await vi.waitFor(() => expect(b.role()).toBe('leader'), { timeout: RETRY_MS * 20, interval: 20 });
  });
});
