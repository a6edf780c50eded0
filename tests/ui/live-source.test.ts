// The views' live source is derived from LiveApi: a worker client is one as it stands, and a fake missing a call fails
// to type-check (`npm run typecheck` checks the @ts-expect-error lines below).
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { LiveSource } from '../../src/app/live/live-source';
import type { LiveClient } from '../../src/live/live-client';
import type { FleetStatus, LiveDiagnostics, TruckChanges } from '../../workers/live-api';
import { fakeLiveSource } from '../helpers/fake-live-source';

describe('the live source', () => {
  it('is what a worker client is, so the views run on the worker with no adapter between', () => {
    expectTypeOf<LiveClient>().toExtend<LiveSource>();
  });

  it('answers each call the views make with a promise of what the worker returns', () => {
    expectTypeOf<LiveSource['api']['claimDesktopAlert']>().returns.toEqualTypeOf<Promise<boolean>>();
    expectTypeOf<LiveSource['api']['diagnostics']>().returns.toEqualTypeOf<Promise<LiveDiagnostics>>();
  });

  it('hands each listener the payload of the event it subscribed to', async () => {
    const source = fakeLiveSource();
    const seen: FleetStatus[] = [];
    const parts: TruckChanges[] = [];
    await source.subscribe('fleet.status', (status) => void seen.push(status));
    await source.watchTrucks(1, (part) => void parts.push(part));
    expect([seen, parts]).toEqual([[], [{ changed: [], removed: [] }]]);
  });

  it('is no live source without every call and listening call the views use', () => {
    const { api, subscribe, watchTrucks } = fakeLiveSource();
    const { diagnostics, ...withoutDiagnostics } = api;
    // @ts-expect-error a fake without `diagnostics` is no live source
    const missingCall: LiveSource = { api: withoutDiagnostics, subscribe, watchTrucks };
    // @ts-expect-error nor is one without `watchTrucks`
    const missingListen: LiveSource = { api, subscribe };
    expect([missingCall, missingListen, diagnostics]).toHaveLength(3);
  });
});
