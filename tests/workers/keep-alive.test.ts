// The session keep-alive: once per browser while a tab is visible or its user typed lately, nothing while
// nobody is at the console, one call at once when someone comes back, and a 504 ends the session as a poll's does.
import { describe, expect, it } from 'vitest';
import type { SimulatedClock } from 'xstate';
import type { LiveSession } from '../../workers/live-api';
import { FakeLocks } from '../helpers/fake-locks';
import { fail, fakeFetch, ok, type FakeFetch } from './fake-fetch';
import { API_BASE_URL, collect, harnesses, SESSION, waitFor, type Harness } from './harness';

const start = harnesses();
const USER_PRI = '/userPri';
/** Without an advertised idle limit (the legacy backend): every 5 minutes. */
const PERIOD = 300_000;
const MINUTE = 60_000;

interface Watched {
  readonly harness: Harness;
  readonly clock: SimulatedClock;
  readonly http: FakeFetch;
  readonly locks: FakeLocks;
}

/** A worker on simulated time whose tabs hold Web Locks (pinging tabs would be dropped as silent over the periods). */
async function watched(): Promise<Watched> {
  const http = fakeFetch();
  http.answer(USER_PRI, ok({ userPri: [{ key: 'C002' }], stUserAlarm: null }));
  const locks = new FakeLocks();
  const harness = await start({ fetch: http.fetch, locks });
  const clock = harness.simulated;
  if (!clock) throw new Error('needs simulated time');
  return { harness, clock, http, locks };
}

const keepAlives = (http: FakeFetch) => http.calls(USER_PRI).length;

describe('the session keep-alive', () => {
  it('calls GET /userPri once a period for the browser while one of several tabs is visible', async () => {
    const { harness, clock, http, locks } = await watched();
    const [a, b, c] = [await harness.tab({ locks }), await harness.tab({ locks }), await harness.tab({ locks })];
    for (const tab of [a, b, c]) await tab.api.connect(SESSION);
    await a.api.setVisible(false);
    await b.api.setVisible(true);
    await c.api.setVisible(false);

    clock.increment(PERIOD - 1);
    expect(keepAlives(http)).toBe(0);
    clock.increment(1);
    expect(http.calls(USER_PRI).map((request) => [request.url, request.headers['header-id']])).toEqual([[`${API_BASE_URL}${USER_PRI}`, 'token-1']]);
    for (let period = 0; period < 4; period += 1) {
      await http.settled();
      clock.increment(PERIOD);
    }
    expect(keepAlives(http)).toBe(5);
  });

  it('calls nothing while every tab is hidden and nobody typed, so the server idles the session out', async () => {
    const { harness, clock, http, locks } = await watched();
    const [a, b] = [await harness.tab({ locks }), await harness.tab({ locks })];
    await a.api.connect(SESSION);
    await a.api.setVisible(true);
    clock.increment(PERIOD);
    expect(keepAlives(http)).toBe(1);

    await a.api.setVisible(false);
    await b.api.setVisible(false);
    for (let period = 0; period < 6; period += 1) clock.increment(PERIOD);
    expect(keepAlives(http)).toBe(1);
  });

  it('counts a visible tab only while it lives: a closed one leaves the session to idle out', async () => {
    const { harness, clock, http, locks } = await watched();
    const [a, b] = [await harness.tab({ locks }), await harness.tab({ locks })];
    await a.api.connect(SESSION);
    await b.api.setVisible(true);
    b.close();
    await waitFor(() => harness.core.diagnostics().tabs.locks === 1, 'the closed tab dropped');
    for (let period = 0; period < 3; period += 1) clock.increment(PERIOD);
    expect(keepAlives(http)).toBe(0);
  });

  it('keeps the session for input reported within the last period, and no longer', async () => {
    const { harness, clock, http, locks } = await watched();
    const [a, b] = [await harness.tab({ locks }), await harness.tab({ locks })];
    await a.api.connect(SESSION);
    await a.api.setVisible(false);
    await b.api.setVisible(false);
    clock.increment(PERIOD - MINUTE);
    await b.api.reportInput();
    expect(keepAlives(http)).toBe(0);

    clock.increment(MINUTE);
    expect(keepAlives(http)).toBe(1);
    await http.settled();
    clock.increment(PERIOD);
    expect(keepAlives(http)).toBe(1);
  });

  it('calls at once when a tab becomes visible after a quiet spell, then a period after that', async () => {
    const { harness, clock, http, locks } = await watched();
    const [a, b] = [await harness.tab({ locks }), await harness.tab({ locks })];
    await a.api.connect(SESSION);
    await a.api.setVisible(false);
    clock.increment(PERIOD * 2 + MINUTE);
    expect(keepAlives(http)).toBe(0);

    await b.api.setVisible(true);
    expect(keepAlives(http)).toBe(1);
    await http.settled();
    clock.increment(PERIOD - 1);
    expect(keepAlives(http)).toBe(1);
    clock.increment(1);
    expect(keepAlives(http)).toBe(2);
  });

  it('adds no call for a tab shown again before a quiet turn passed', async () => {
    const { harness, clock, http, locks } = await watched();
    const tab = await harness.tab({ locks });
    await tab.api.connect(SESSION);
    await tab.api.setVisible(true);
    clock.increment(PERIOD);
    await http.settled();
    await tab.api.setVisible(false);
    clock.increment(MINUTE);
    await tab.api.setVisible(true);
    expect(keepAlives(http)).toBe(1);
    clock.increment(PERIOD - MINUTE);
    expect(keepAlives(http)).toBe(2);
  });

  it('runs every third of the idle limit the server advertised', async () => {
    const { harness, clock, http, locks } = await watched();
    const tab = await harness.tab({ locks });
    const session: LiveSession = { ...SESSION, sessionIdleMs: 90_000 };
    await tab.api.connect(session);
    await tab.api.setVisible(true);
    clock.increment(29_999);
    expect(keepAlives(http)).toBe(0);
    clock.increment(1);
    expect(keepAlives(http)).toBe(1);
    await http.settled();
    clock.increment(30_000);
    await http.settled();
    clock.increment(30_000);
    expect(keepAlives(http)).toBe(3);
  });

  it('ends the session on resultCode 504 as a poll does: sockets stop, every tab hears, no more calls', async () => {
    const { harness, clock, http, locks } = await watched();
    http.answer(USER_PRI, fail(504));
    const [a, b] = [await harness.tab({ locks }), await harness.tab({ locks })];
    const invalid = await Promise.all([collect(a, 'session.invalid'), collect(b, 'session.invalid')]);
    await a.api.connect(SESSION);
    await a.api.setVisible(true);
    await waitFor(() => harness.core.diagnostics().links.truck.state === 'open', 'the status socket open');
    clock.increment(PERIOD);
    await waitFor(() => invalid.every((received) => received.length === 1), 'session.invalid in both tabs');
    for (const received of invalid) expect(received).toEqual([{ poll: 'keepAlive', code: 504 }]);
    const { links } = harness.core.diagnostics();
    expect([links.truck.state, links.alarm.state]).toEqual(['stopped', 'stopped']);

    await b.api.setVisible(true);
    clock.increment(PERIOD * 3);
    expect(keepAlives(http)).toBe(1);
  });

  it('stops at logout', async () => {
    const { harness, clock, http, locks } = await watched();
    const tab = await harness.tab({ locks });
    await tab.api.connect(SESSION);
    await tab.api.setVisible(true);
    await tab.api.logout();
    clock.increment(PERIOD * 3);
    expect(keepAlives(http)).toBe(0);
  });
});
