// Simulator leadership on PostgreSQL: a session advisory lock held on one dedicated connection, so the lock frees the
// moment the holder dies or its connection breaks, and a standby retrying every few seconds takes over.
import pg from 'pg';
import type { Leadership, LeadershipEvents, LeadershipOptions } from './leadership';

/** Under 5 s so a standby takes over well within 15 s of the leader's death. */
export const DEFAULT_RETRY_MS = 3_000;

/** An arbitrary constant naming the simulator's lock among the database's advisory locks (one fleet per database). */
const SIMULATOR_LOCK_KEY = 7_271_031_215;

/** The lock connection's application_name, so an operator (or a test) can find it in pg_stat_activity. */
export function lockConnectionName(instanceId: string): string {
  return `fleet-simulator-lock:${instanceId}`.slice(0, 63);
}

export function postgresLeadership(
  pool: pg.Pool,
  events: LeadershipEvents,
  options: LeadershipOptions,
): Leadership {
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const warn = (message: string) => (options.log ?? console).warn(message);
  let client: pg.Client | undefined;
  let leader = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function lose(reason: string): void {
    if (!leader) return;
    leader = false;
    events.lost();
    if (!closed) warn(`Simulator lock lost (${reason}): simulator stopped, standing by`);
  }

  function forget(broken: pg.Client, reason: string): void {
    if (client !== broken) return;
    client = undefined;
    lose(reason);
    broken.end().catch(() => undefined);
  }

  async function connect(): Promise<pg.Client> {
    const fresh = new pg.Client({ ...pool.options, application_name: lockConnectionName(options.instanceId ?? 'local') });
    // Unheard, a connection's 'error' would end the process; here it only means the hold (if any) is gone.
    fresh.on('error', (error) => forget(fresh, error.message));
    fresh.on('end', () => forget(fresh, 'connection closed'));
    try {
      await fresh.connect();
    } catch (error) {
      fresh.end().catch(() => undefined);
      throw error;
    }
    return fresh;
  }

  async function attempt(): Promise<void> {
    let current = client;
    try {
      if (!current) {
        current = await connect();
        if (closed) return void current.end().catch(() => undefined);
        client = current;
      }
      // A leader's round trip proves the hold is alive: a connection that broke silently fails here.
      if (leader) return void (await current.query('select 1'));
      const { rows } = await current.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [SIMULATOR_LOCK_KEY]);
      if (!rows[0]?.held || closed) return;
      leader = true;
      await events.gained().catch(async (error: unknown) => {
        warn(`Simulator failed to start as leader, giving the lock back: ${error instanceof Error ? error.message : String(error)}`);
        lose('start failed');
        await current?.query('select pg_advisory_unlock($1)', [SIMULATOR_LOCK_KEY]);
      });
    } catch (error) {
      if (current) forget(current, error instanceof Error ? error.message : String(error));
    }
  }

  let round = attempt();
  const first = round;
  const schedule = (): void => {
    if (closed) return;
    timer = setTimeout(() => {
      round = attempt().finally(schedule);
    }, retryMs);
    timer.unref();
  };
  void round.finally(schedule);

  return {
    role: () => (leader ? 'leader' : 'standby'),
    ready: first,
    async close() {
      closed = true;
      clearTimeout(timer);
      await round;
      // Stop simulating before the lock frees, so two simulators never overlap.
      lose('closing');
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
