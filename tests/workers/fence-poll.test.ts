// The fence poll on a backend without our shortcut (spec §6, §7): the not-approved list GET /fenceApproval is counted,
// by data.total when the answer has one, else by its rows; GET /fenceApproval/timer is used only when it says { pending }.
import { describe, expect, it } from 'vitest';
import type { SimulatedClock } from 'xstate';
import type { LiveEvents } from '../../workers/live-api';
import { FIRST_POLL_DELAY_MS } from '../../workers/poller';
import { FakeLocks } from '../helpers/fake-locks';
import { T0 } from '../helpers/live-frames';
import { fail, fakeFetch, ok, type FakeAnswer, type FakeFetch } from './fake-fetch';
import { API_BASE_URL, collect, harnesses, SESSION, waitFor } from './harness';

const start = harnesses();
const TIMER = '/fenceApproval/timer';
const LIST = '/fenceApproval';
const FIFTEEN_MINUTES = 900_000;
/** Rows as the list carries them; the poll only counts them. */
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `围栏${i + 1}`, approvalStatus: 0 }));

interface FencePoll {
  readonly clock: SimulatedClock;
  readonly http: FakeFetch;
  readonly notices: LiveEvents['notice.fences'][];
}

/** An administrator's worker whose shortcut answers `timer` and whose list answers `list`. */
async function fencePoll(timer: FakeAnswer, list: FakeAnswer): Promise<FencePoll> {
  const http = fakeFetch();
  http.answer(TIMER, timer);
  http.answer(LIST, list);
  const locks = new FakeLocks();
  const harness = await start({ fetch: http.fetch, locks });
  const clock = harness.simulated;
  if (!clock) throw new Error('needs simulated time');
  const tab = await harness.tab({ locks });
  const notices = await collect(tab, 'notice.fences');
  await tab.api.connect({ ...SESSION, polls: ['fences'] });
  clock.increment(FIRST_POLL_DELAY_MS);
  return { clock, http, notices };
}

describe('the fence poll without the shortcut', () => {
  it('asks the not-approved list when the backend has no timer call (HTTP 404), and counts data.total', async () => {
    const { http, notices } = await fencePoll({ status: 404 }, ok({ rows: rows(2), total: 7 }));
    await waitFor(() => notices.length === 1, 'the notice');
    expect(notices).toEqual([{ pending: 7, checkedAt: T0 + FIRST_POLL_DELAY_MS, dismissed: false }]);
    const [list] = http.calls(LIST);
    const query = new URL(list?.url ?? '').searchParams;
    expect(list?.url.startsWith(`${API_BASE_URL}${LIST}?`)).toBe(true);
    expect([query.get('approvalStatus'), query.get('page'), query.get('size')]).toEqual(['0', '1', '500']);
    expect(list?.headers['header-id']).toBe('token-1');
  });

  it('counts the rows when the list answers no total', async () => {
    const { notices } = await fencePoll(fail(404), ok({ rows: rows(3) }));
    await waitFor(() => notices.length === 1, 'the notice');
    expect(notices).toEqual([{ pending: 3, checkedAt: T0 + FIRST_POLL_DELAY_MS, dismissed: false }]);
  });

  it('falls back to the list when the timer answers something other than { pending }', async () => {
    const { notices } = await fencePoll(ok('已刷新'), ok({ rows: rows(1), total: null }));
    await waitFor(() => notices.length === 1, 'the notice');
    expect(notices).toEqual([{ pending: 1, checkedAt: T0 + FIRST_POLL_DELAY_MS, dismissed: false }]);
  });

  it('raises no notice, and clears one, when the list holds no not-approved fence', async () => {
    const { clock, http, notices } = await fencePoll({ status: 404 }, ok({ rows: rows(2) }));
    await waitFor(() => notices.length === 1, 'the notice');
    await http.settled();
    http.answer(LIST, ok({ rows: [], total: 0 }));
    clock.increment(FIFTEEN_MINUTES);
    await waitFor(() => notices.length === 2, 'the cleared notice');
    expect(notices[1]).toBeNull();
  });

  it('uses the shortcut alone when it answers { pending }', async () => {
    const { http, notices } = await fencePoll(ok({ pending: 4 }), ok({ rows: rows(9), total: 9 }));
    await waitFor(() => notices.length === 1, 'the notice');
    expect(notices).toEqual([{ pending: 4, checkedAt: T0 + FIRST_POLL_DELAY_MS, dismissed: false }]);
    expect(http.calls(LIST)).toEqual([]);
  });

  it('ends the session when the list answers 504', async () => {
    const http = fakeFetch();
    http.answer(TIMER, { status: 404 });
    http.answer(LIST, fail(504));
    const locks = new FakeLocks();
    const harness = await start({ fetch: http.fetch, locks });
    const tab = await harness.tab({ locks });
    const invalid = await collect(tab, 'session.invalid');
    await tab.api.connect({ ...SESSION, polls: ['fences'] });
    harness.simulated?.increment(FIRST_POLL_DELAY_MS);
    await waitFor(() => invalid.length === 1, 'session.invalid');
    expect(invalid).toEqual([{ poll: 'fences', code: 504 }]);
  });
});
