// The worker's fence and heartbeat polls (shell spec §6, §9): once per browser, soon after connect, then every 15 minutes.
import { describe, expect, it } from 'vitest';
import type { SimulatedClock } from 'xstate';
import { REQUEST_TIMEOUT_MS } from '../../domain/constants';
import type { HeartbeatOvertimeRow } from '../../domain/wire/records';
import type { LiveSession } from '../../workers/live-api';
import { FIRST_POLL_DELAY_MS } from '../../workers/poller';
import { FakeLocks } from '../helpers/fake-locks';
import { T0 } from '../helpers/live-frames';
import { fail, fakeFetch, ok, type FakeFetch } from './fake-fetch';
import { API_BASE_URL, collect, harnesses, SESSION, waitFor, type Harness } from './harness';

const start = harnesses();
const FENCES = '/fenceApproval/timer';
const FENCE_LIST = '/fenceApproval';
const HEARTBEAT = '/heartBeatInfo/overtime';
/** The status fill (getTruckBarData) runs beside the polls; these tests count the polls' own requests. */
const TRUCK_BAR = '/getTruckBarData';
const polled = (http: FakeFetch) => http.requests.filter((request) => !request.url.endsWith(TRUCK_BAR));
const FIFTEEN_MINUTES = 900_000;
const ADMIN: LiveSession = { ...SESSION, polls: ['fences', 'heartbeat'] };
const ROWS: HeartbeatOvertimeRow[] = [
  { companyName: '一公司', signCode: '沪A00001', heartTime: T0 - 3_600_000, gpsTime: T0 - 3_500_000 },
  { companyName: '二公司', signCode: '沪A00002', heartTime: '2025-12-31 10:00:00', gpsTime: '2025-12-31 09:59:00' },
];

interface Polling {
  readonly harness: Harness;
  readonly clock: SimulatedClock;
  readonly http: FakeFetch;
  readonly locks: FakeLocks;
}

/** A worker on simulated time whose tabs hold Web Locks (pinging tabs would be dropped as silent over 15 minutes). */
async function polling(): Promise<Polling> {
  const http = fakeFetch();
  http.answer(FENCES, ok({ pending: 3 }));
  http.answer(HEARTBEAT, ok(ROWS));
  const locks = new FakeLocks();
  const harness = await start({ fetch: http.fetch, locks });
  const clock = harness.simulated;
  if (!clock) throw new Error('needs simulated time');
  return { harness, clock, http, locks };
}

describe('the worker polls', () => {
  it('polls once for the browser however many tabs connect: soon after connect, then every 15 minutes', async () => {
    const { harness, clock, http, locks } = await polling();
    const tabs = [await harness.tab({ locks }), await harness.tab({ locks }), await harness.tab({ locks })];
    const notices = await Promise.all(tabs.map((tab) => collect(tab, 'notice.fences')));
    const heartbeats = await Promise.all(tabs.map((tab) => collect(tab, 'notice.heartbeat')));
    for (const tab of tabs) await tab.api.connect(ADMIN);

    clock.increment(FIRST_POLL_DELAY_MS - 1);
    expect(polled(http)).toHaveLength(0);
    clock.increment(1);
    expect(http.calls(FENCES)).toHaveLength(1);
    expect(http.calls(HEARTBEAT)).toHaveLength(1);
    expect(polled(http).map((request) => request.url).sort()).toEqual([`${API_BASE_URL}${FENCES}`, `${API_BASE_URL}${HEARTBEAT}`]);
    expect(polled(http).map((request) => request.headers['header-id'])).toEqual(['token-1', 'token-1']);
    await waitFor(() => notices.every((received) => received.length === 1), 'the fence notice in every tab');
    await waitFor(() => heartbeats.every((received) => received.length === 1), 'the heartbeat notice in every tab');
    for (const received of notices) expect(received).toEqual([{ pending: 3, checkedAt: T0 + FIRST_POLL_DELAY_MS, dismissed: false }]);
    for (const received of heartbeats) expect(received).toEqual([{ rows: ROWS, checkedAt: T0 + FIRST_POLL_DELAY_MS, dismissed: false }]);

    const late = await harness.tab({ locks });
    const lateNotices = await collect(late, 'notice.fences');
    await late.api.connect(ADMIN);
    clock.increment(FIFTEEN_MINUTES - 1);
    expect(polled(http)).toHaveLength(2);
    clock.increment(1);
    expect(http.calls(FENCES)).toHaveLength(2);
    expect(http.calls(HEARTBEAT)).toHaveLength(2);
    await http.settled();
    clock.increment(FIFTEEN_MINUTES);
    expect(polled(http)).toHaveLength(6);
    await waitFor(() => lateNotices.length === 3, 'the latest notice and two more polls in the late tab');
    expect(lateNotices[0]).toEqual({ pending: 3, checkedAt: T0 + FIRST_POLL_DELAY_MS, dismissed: false });
  });

  it('runs only the polls of the session: none without the roles, only fences for an administrator without superMan', async () => {
    const { harness, clock, http, locks } = await polling();
    const tab = await harness.tab({ locks });
    await tab.api.connect(SESSION);
    clock.increment(FIFTEEN_MINUTES * 2);
    expect(polled(http)).toHaveLength(0);

    await tab.api.connect({ ...SESSION, token: 'token-2', polls: ['fences'] });
    clock.increment(FIRST_POLL_DELAY_MS);
    await http.settled();
    clock.increment(FIFTEEN_MINUTES);
    expect(http.calls(FENCES).map((request) => request.headers['header-id'])).toEqual(['token-2', 'token-2']);
    expect(http.calls(HEARTBEAT)).toHaveLength(0);
  });

  it('refuses a session whose polls are not known names', async () => {
    const { harness, locks } = await polling();
    const tab = await harness.tab({ locks });
    await expect(tab.api.connect({ ...SESSION, polls: ['alarms'] } as unknown as LiveSession)).rejects.toThrow(/connect needs/);
  });

  it('publishes session.invalid on resultCode 504, stops both sockets for good and polls no more', async () => {
    const { harness, clock, http, locks } = await polling();
    http.answer(FENCES, fail(504));
    const tab = await harness.tab({ locks });
    const invalid = await collect(tab, 'session.invalid');
    await tab.api.connect(ADMIN);
    await waitFor(() => harness.core.diagnostics().links.truck.state === 'open', 'the status socket open');
    clock.increment(FIRST_POLL_DELAY_MS);
    await waitFor(() => invalid.length === 1, 'session.invalid');
    expect(invalid).toEqual([{ poll: 'fences', code: 504 }]);
    const { links } = harness.core.diagnostics();
    expect([links.truck.state, links.alarm.state]).toEqual(['stopped', 'stopped']);

    clock.increment(FIFTEEN_MINUTES * 3);
    expect(polled(http)).toHaveLength(2);
  });

  it('keeps the last notice when a poll fails and tries again only at the next turn', async () => {
    const { harness, clock, http, locks } = await polling();
    const tab = await harness.tab({ locks });
    const notices = await collect(tab, 'notice.fences');
    await tab.api.connect({ ...SESSION, polls: ['fences'] });
    clock.increment(FIRST_POLL_DELAY_MS);
    await waitFor(() => notices.length === 1, 'the first notice');

    // The shortcut failing sends the poll to the list; with both failing the turn raises nothing.
    http.answer(FENCE_LIST, 'network');
    for (const failure of ['network', fail(500), { status: 502 }, ok({ pending: 'many' })] as const) {
      http.answer(FENCES, failure);
      const before = polled(http).length;
      for (let minute = 0; minute < 15; minute += 1) clock.increment(60_000);
      await http.settled();
      expect(polled(http).slice(before).map((request) => request.url.split('?')[0])).toEqual([
        `${API_BASE_URL}${FENCES}`, `${API_BASE_URL}${FENCE_LIST}`,
      ]);
    }
    expect(notices).toEqual([{ pending: 3, checkedAt: T0 + FIRST_POLL_DELAY_MS, dismissed: false }]);

    http.answer(FENCES, ok({ pending: 0 }));
    clock.increment(FIFTEEN_MINUTES);
    await waitFor(() => notices.length === 2, 'the cleared notice');
    expect(notices[1]).toBeNull();
  });

  it('gives up a request after the request timeout, so the next turn asks again', async () => {
    const { harness, clock, http, locks } = await polling();
    http.answer(FENCES, 'hang');
    const tab = await harness.tab({ locks });
    await tab.api.connect({ ...SESSION, polls: ['fences'] });
    clock.increment(FIRST_POLL_DELAY_MS);
    expect(polled(http)[0]?.signal.aborted).toBe(false);
    clock.increment(REQUEST_TIMEOUT_MS);
    expect(polled(http)[0]?.signal.aborted).toBe(true);
    await http.settled();
    clock.increment(FIFTEEN_MINUTES - REQUEST_TIMEOUT_MS);
    // The shortcut given up, the turn asked the list instead; the next turn starts with the shortcut again.
    expect(polled(http).map((request) => request.url.split('?')[0])).toEqual([
      `${API_BASE_URL}${FENCES}`, `${API_BASE_URL}${FENCE_LIST}`, `${API_BASE_URL}${FENCES}`,
    ]);
  });

  it('closes a dismissed notice in every tab and keeps it closed while polls find nothing new', async () => {
    const { harness, clock, http, locks } = await polling();
    const [a, b] = [await harness.tab({ locks }), await harness.tab({ locks })];
    const inA = await collect(a, 'notice.heartbeat');
    const inB = await collect(b, 'notice.heartbeat');
    await a.api.connect(ADMIN);
    clock.increment(FIRST_POLL_DELAY_MS);
    await waitFor(() => inA.length === 1 && inB.length === 1, 'the notice in both tabs');

    await b.api.dismissNotice('heartbeat');
    await waitFor(() => inA.length === 2 && inB.length === 2, 'the dismissal in both tabs');
    const closed = { rows: ROWS, checkedAt: T0 + FIRST_POLL_DELAY_MS, dismissed: true };
    expect([inA[1], inB[1]]).toEqual([closed, closed]);
    const later = await harness.tab({ locks });
    const inLater = await collect(later, 'notice.heartbeat');
    await waitFor(() => inLater.length === 1, 'the latest value in a new tab');
    expect(inLater).toEqual([closed]);

    // The same overdue trucks, and fewer of them, are no news: the card stays closed.
    clock.increment(FIFTEEN_MINUTES);
    await waitFor(() => inA.length === 3, 'the next poll');
    expect(inA[2]).toEqual({ rows: ROWS, checkedAt: T0 + FIRST_POLL_DELAY_MS + FIFTEEN_MINUTES, dismissed: true });
    http.answer(HEARTBEAT, ok(ROWS.slice(1)));
    clock.increment(FIFTEEN_MINUTES);
    await waitFor(() => inA.length === 4, 'the poll after');
    expect(inA[3]).toEqual({ rows: ROWS.slice(1), checkedAt: T0 + FIRST_POLL_DELAY_MS + 2 * FIFTEEN_MINUTES, dismissed: true });

    // A truck the notice did not list is news.
    const third = { companyName: '三公司', signCode: '沪A00003', heartTime: T0, gpsTime: T0 };
    http.answer(HEARTBEAT, ok([...ROWS, third]));
    clock.increment(FIFTEEN_MINUTES);
    await waitFor(() => inA.length === 5, 'the poll with a new truck');
    expect(inA[4]).toMatchObject({ rows: [...ROWS, third], dismissed: false });
  });

  it('keeps a dismissed notice closed after the worker starts again on the same IndexedDB, for the same user only', async () => {
    const first = await polling();
    const tab = await first.harness.tab({ locks: first.locks });
    const fences = await collect(tab, 'notice.fences');
    await tab.api.connect(ADMIN);
    first.clock.increment(FIRST_POLL_DELAY_MS);
    await waitFor(() => fences.length === 1, 'the notice');
    await tab.api.dismissNotice('fences');
    await waitFor(() => fences.length === 2, 'the dismissal');
    await first.harness.core.idle();

    // A reload: a new worker on the browser's IndexedDB.
    const again = await start({ fetch: first.http.fetch, locks: first.locks, idb: first.harness.idb });
    const clock = again.simulated ?? expect.unreachable('simulated time');
    const reloaded = await again.tab({ locks: first.locks });
    const afterReload = await collect(reloaded, 'notice.fences');
    await reloaded.api.connect(ADMIN);
    clock.increment(FIRST_POLL_DELAY_MS);
    await waitFor(() => afterReload.length === 1, 'the notice after the reload');
    expect(afterReload[0]).toMatchObject({ pending: 3, dismissed: true });

    // Another user of the browser (their login clears the first user's data) has dismissed nothing.
    const other = await start({ fetch: first.http.fetch, locks: first.locks, idb: first.harness.idb });
    const otherClock = other.simulated ?? expect.unreachable('simulated time');
    const otherTab = await other.tab({ locks: first.locks });
    const forOther = await collect(otherTab, 'notice.fences');
    await otherTab.api.connect({ ...ADMIN, token: 'token-2', userName: 'manager' });
    otherClock.increment(FIRST_POLL_DELAY_MS);
    await waitFor(() => forOther.length === 1, "the other user's notice");
    expect(forOther[0]).toMatchObject({ pending: 3, dismissed: false });
  });

  it('shows a fence notice again when more fences wait than when it was dismissed, and after a poll found none', async () => {
    const { harness, clock, http, locks } = await polling();
    const tab = await harness.tab({ locks });
    const fences = await collect(tab, 'notice.fences');
    await tab.api.connect({ ...SESSION, polls: ['fences'] });
    clock.increment(FIRST_POLL_DELAY_MS);
    await waitFor(() => fences.length === 1, 'the notice');
    await tab.api.dismissNotice('fences');
    await waitFor(() => fences.length === 2, 'the dismissal');

    http.answer(FENCES, ok({ pending: 4 }));
    clock.increment(FIFTEEN_MINUTES);
    await waitFor(() => fences.length === 3, 'a poll with one more');
    expect(fences[2]).toMatchObject({ pending: 4, dismissed: false });
    await tab.api.dismissNotice('fences');
    await waitFor(() => fences.length === 4, 'the second dismissal');

    http.answer(FENCES, ok({ pending: 0 }));
    clock.increment(FIFTEEN_MINUTES);
    await waitFor(() => fences.length === 5, 'a poll with none');
    expect(fences[4]).toBeNull();
    http.answer(FENCES, ok({ pending: 2 }));
    clock.increment(FIFTEEN_MINUTES);
    await waitFor(() => fences.length === 6, 'a poll with some again');
    expect(fences[5]).toMatchObject({ pending: 2, dismissed: false });
  });

  it('stops polling and clears the notices at logout', async () => {
    const { harness, clock, http, locks } = await polling();
    const tab = await harness.tab({ locks });
    const fences = await collect(tab, 'notice.fences');
    await tab.api.connect(ADMIN);
    clock.increment(FIRST_POLL_DELAY_MS);
    await waitFor(() => fences.length === 1, 'the notice');

    await tab.api.logout();
    await waitFor(() => fences.length === 2, 'the cleared notice');
    expect(fences[1]).toBeNull();
    clock.increment(FIFTEEN_MINUTES * 2);
    expect(polled(http)).toHaveLength(2);
  });

  it('drops an answer that arrives after logout', async () => {
    const { harness, clock, http, locks } = await polling();
    http.answer(FENCES, 'hold');
    const tab = await harness.tab({ locks });
    const fences = await collect(tab, 'notice.fences');
    await tab.api.connect({ ...SESSION, polls: ['fences'] });
    clock.increment(FIRST_POLL_DELAY_MS);
    expect(polled(http)).toHaveLength(1);

    await tab.api.logout();
    expect(polled(http)[0]?.signal.aborted).toBe(true);
    http.release({ resultCode: 200, message: 'success', data: { pending: 9 } });
    await http.settled();
    // A call after the answer was handled travels the same port: whatever the answer raised would come first.
    await tab.api.dismissNotice('fences');
    await tab.api.diagnostics();
    expect(fences).toEqual([]);
  });
});
