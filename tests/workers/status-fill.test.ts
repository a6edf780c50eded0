// Status counts over HTTP (spec §7 getTruckBarData): a first fill before the status socket answers, fills every 30 s
// while it is down and none while it is up, a socket frame winning over an older fill, one failure event per streak.
import { describe, expect, it } from 'vitest';
import type { SimulatedClock } from 'xstate';
import { SOCKET_CLOSE } from '../../domain/wire/sockets';
import type { LiveSession } from '../../workers/live-api';
import { STATUS_FILL_MS } from '../../workers/status-fill';
import { FakeLocks } from '../helpers/fake-locks';
import { legacyRow, statusRow, T0 } from '../helpers/live-frames';
import { fail, fakeFetch, ok, type FakeFetch } from './fake-fetch';
import { collect, harnesses, SESSION, waitFor, type Harness } from './harness';

const start = harnesses();
const BAR = '/truckatgsub/rest/truckData/getTruckBarData';
const OPERATOR: LiveSession = { ...SESSION, userPri: [{ key: 'C002' }] };

interface Filling {
  readonly harness: Harness;
  readonly clock: SimulatedClock;
  readonly http: FakeFetch;
  readonly locks: FakeLocks;
}

/** A worker on simulated time whose getTruckBarData answers `rows`, with tabs holding Web Locks. */
async function filling(rows: readonly unknown[] = [statusRow({ truckId: 1, status: 2 })]): Promise<Filling> {
  const http = fakeFetch();
  http.answer(BAR, ok(rows));
  const locks = new FakeLocks();
  const harness = await start({ fetch: http.fetch, locks });
  const clock = harness.simulated;
  if (!clock) throw new Error('needs simulated time');
  return { harness, clock, http, locks };
}

const fills = (http: FakeFetch) => http.calls(BAR).length;
const keysAndStatus = (harness: Harness) => harness.core.trucks().map((truck) => [truck.key, truck.row.status]);

/** Lets simulated time pass in steps, so the link machine's and the fill's timers run in their order. */
function pass(clock: SimulatedClock, ms: number, step = 1_000): void {
  for (let done = 0; done < ms; done += step) clock.increment(step);
}

describe('the status fill', () => {
  it('fills the counts once for the browser before the status socket answers: POST { userPri } as JSON at the host root', async () => {
    const { harness, http, locks } = await filling([statusRow({ truckId: 1, status: 2 }), statusRow({ truckId: 2, status: 3 })]);
    const [a, b] = [await harness.tab({ locks }), await harness.tab({ locks })];
    const statuses = await collect(b, 'fleet.status');
    await a.api.connect(OPERATOR);
    await b.api.connect(OPERATOR);
    await waitFor(() => statuses.some((status) => status.trucks === 2), 'the filled counts in the other tab');

    expect(http.calls(BAR)).toHaveLength(1);
    const [request] = http.calls(BAR);
    expect(request?.url).toBe(`http://console.test${BAR}`);
    expect(request?.method).toBe('POST');
    expect(request?.headers).toMatchObject({ 'header-id': 'token-1', 'content-type': 'application/json' });
    expect(JSON.parse(request?.body ?? '')).toEqual({ userPri: [{ key: 'C002' }] });
    expect(statuses.at(-1)).toMatchObject({ counts: { 0: 0, 1: 0, 2: 1, 3: 1, 4: 0 }, trucks: 2, source: 'live' });
    expect(harness.core.diagnostics().fills).toMatchObject({ calls: 1, applied: 1, failures: 0, lastFillAt: T0 });
  });

  it('fills every 30 s while the status socket is down and not while it is up', async () => {
    const { harness, clock, http, locks } = await filling();
    const tab = await harness.tab({ locks });
    await tab.api.connect(SESSION);
    await tab.api.setVisible(true);
    await waitFor(() => harness.core.diagnostics().links.truck.state === 'open', 'the status socket open');
    await http.settled();
    harness.truck.latest().send([statusRow({ truckId: 1, status: 1 })]);
    await waitFor(() => harness.core.diagnostics().links.truck.frames === 1, 'the first status frame');

    pass(clock, 3 * STATUS_FILL_MS);
    expect(fills(http)).toBe(1);

    harness.truck.latest().close(SOCKET_CLOSE.maintenance);
    await waitFor(() => harness.core.diagnostics().links.truck.state === 'waiting', 'the status socket down');
    expect(fills(http)).toBe(2);
    await http.settled();
    pass(clock, STATUS_FILL_MS);
    expect(fills(http)).toBe(3);
    // Reconnected meanwhile, but silent: still no live data, so the fills go on.
    await waitFor(() => harness.truck.connections.length === 2 && harness.core.diagnostics().links.truck.state === 'open', 'reopened');
    await http.settled();
    pass(clock, STATUS_FILL_MS);
    expect(fills(http)).toBe(4);

    await http.settled();
    harness.truck.latest().send([statusRow({ truckId: 1, status: 4 })]);
    await waitFor(() => harness.core.diagnostics().links.truck.frames === 2, 'the reopened socket answering');
    pass(clock, 3 * STATUS_FILL_MS);
    expect(fills(http)).toBe(4);
  });

  it('fills again only while someone is at the console, and at once when someone comes back', async () => {
    const { harness, clock, http, locks } = await filling();
    const tab = await harness.tab({ locks });
    await tab.api.connect(SESSION);
    await http.settled();
    pass(clock, 4 * STATUS_FILL_MS);
    expect(fills(http)).toBe(1);

    await tab.api.setVisible(true);
    expect(fills(http)).toBe(2);
    await http.settled();
    pass(clock, STATUS_FILL_MS);
    expect(fills(http)).toBe(3);
  });

  it('keeps a socket frame over a fill sent before it, and applies a fill sent after the last frame as a snapshot', async () => {
    const { harness, clock, http, locks } = await filling();
    http.answer(BAR, 'hold');
    const tab = await harness.tab({ locks });
    await tab.api.connect(SESSION);
    await tab.api.setVisible(true);
    await waitFor(() => harness.core.diagnostics().links.truck.state === 'open', 'the status socket open');
    harness.truck.latest().send([statusRow({ truckId: 1, status: 1 }), statusRow({ truckId: 2, status: 1 })]);
    await waitFor(() => harness.core.trucks().length === 2, 'the socket snapshot');
    http.release({ resultCode: 200, message: 'success', data: [statusRow({ truckId: 1, status: 3 })] });
    await http.settled();
    expect(keysAndStatus(harness)).toEqual([['id:1', 1], ['id:2', 1]]);
    expect(harness.core.diagnostics().fills).toMatchObject({ calls: 1, applied: 0, overtaken: 1 });

    http.answer(BAR, ok([statusRow({ truckId: 1, status: 3 })]));
    pass(clock, STATUS_FILL_MS);
    expect(fills(http)).toBe(1);
    harness.truck.latest().close(SOCKET_CLOSE.maintenance);
    await waitFor(() => harness.core.diagnostics().fills.applied === 1, 'the fill after the drop');
    expect(keysAndStatus(harness)).toEqual([['id:1', 3]]);
  });

  it('keys legacy rows without truckId by plate, so fills and socket frames hold one truck per plate', async () => {
    const { harness, clock, http, locks } = await filling([legacyRow({ signCode: '京A1', status: 1 }), legacyRow({ signCode: '京A2', status: 2 })]);
    const tab = await harness.tab({ locks });
    const changes = await collect(tab, 'fleet.trucks');
    await tab.api.connect(SESSION);
    await tab.api.setVisible(true);
    await waitFor(() => harness.core.trucks().length === 2, 'the legacy fill');
    expect(keysAndStatus(harness)).toEqual([['plate:京A1', 1], ['plate:京A2', 2]]);

    await waitFor(() => harness.core.diagnostics().links.truck.state === 'open', 'the status socket open');
    harness.truck.latest().send([legacyRow({ signCode: '京A1', status: 1 }), legacyRow({ signCode: '京A2', status: 2 })]);
    harness.truck.latest().send([legacyRow({ signCode: '京A2', status: 4 })]);
    await waitFor(() => harness.core.diagnostics().links.truck.frames === 2, 'both frames');
    await http.settled();
    http.answer(BAR, ok([legacyRow({ signCode: '京A1', status: 3 }), legacyRow({ signCode: '京A2', status: 4 })]));
    pass(clock, STATUS_FILL_MS);
    harness.truck.latest().close(SOCKET_CLOSE.maintenance);
    await waitFor(() => harness.core.diagnostics().fills.applied === 2, 'the fill after the drop');
    await waitFor(() => changes.length === 3, 'three changes in the tab');

    expect(keysAndStatus(harness)).toEqual([['plate:京A1', 3], ['plate:京A2', 4]]);
    // The socket's snapshot equal to the fill changed nothing; each later change names only the truck that changed.
    expect(changes.map((change) => change.changed.map((truck) => truck.key))).toEqual([
      ['plate:京A1', 'plate:京A2'], ['plate:京A2'], ['plate:京A1'],
    ]);
    expect(changes.every((change) => change.removed.length === 0)).toBe(true);
  });

  it('tells every tab once per failure streak, and again after a success', async () => {
    const { harness, clock, http, locks } = await filling();
    http.answer(BAR, fail(500));
    const [a, b] = [await harness.tab({ locks }), await harness.tab({ locks })];
    const inA = await collect(a, 'fleet.fillFailed');
    const inB = await collect(b, 'fleet.fillFailed');
    await a.api.connect(SESSION);
    await a.api.setVisible(true);
    await waitFor(() => inA.length === 1 && inB.length === 1, 'the failure in both tabs');
    expect(inA).toEqual([{ failedAt: T0 }]);

    for (const failure of ['network', { status: 502 }, ok({ rows: [] })] as const) {
      await http.settled();
      http.answer(BAR, failure);
      pass(clock, STATUS_FILL_MS);
    }
    await http.settled();
    expect(harness.core.diagnostics().fills).toMatchObject({ calls: 4, failures: 4 });
    http.answer(BAR, ok([statusRow()]));
    pass(clock, STATUS_FILL_MS);
    await http.settled();
    http.answer(BAR, fail(500));
    pass(clock, STATUS_FILL_MS);
    await waitFor(() => inA.length === 2 && inB.length === 2, 'the second streak in both tabs');
    expect(inA[1]).toEqual({ failedAt: T0 + 5 * STATUS_FILL_MS });
  });

  it('ends the session on resultCode 504 as a poll does: links stopped, no fill after', async () => {
    const { harness, clock, http, locks } = await filling();
    http.answer(BAR, fail(504));
    const tab = await harness.tab({ locks });
    const invalid = await collect(tab, 'session.invalid');
    await tab.api.connect(SESSION);
    await tab.api.setVisible(true);
    await waitFor(() => invalid.length === 1, 'session.invalid');
    expect(invalid).toEqual([{ poll: 'statusFill', code: 504 }]);
    const { links } = harness.core.diagnostics();
    expect([links.truck.state, links.alarm.state]).toEqual(['stopped', 'stopped']);
    pass(clock, 3 * STATUS_FILL_MS);
    expect(fills(http)).toBe(1);
  });
});
