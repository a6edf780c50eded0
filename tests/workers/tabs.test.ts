// Closed tabs: Comlink's finalizers never fire in a shared worker, so a released Web Lock, or silence, drops a tab.
import { describe, expect, it } from 'vitest';
import { TAB_PING_MS, TAB_SILENCE_MS } from '../../workers/tab-registry';
import { FakeLocks } from '../helpers/fake-locks';
import { liveAlarm } from '../helpers/live-frames';
import { collect, harnesses, SESSION, waitFor } from './harness';

const start = harnesses();

describe('tab liveness', () => {
  it('drops every subscription of a tab once its Web Lock is released, and keeps serving the others', async () => {
    const locks = new FakeLocks();
    const harness = await start({ locks });
    const closing = await harness.tab({ locks });
    const staying = await harness.tab({ locks });
    await collect(closing, 'alarm.received');
    await collect(closing, 'fleet.status');
    const received = await collect(staying, 'alarm.received');
    await staying.api.connect(SESSION);
    const listenersBefore = harness.core.hub.listenerCount();

    closing.close();
    await waitFor(() => harness.core.diagnostics().tabs.locks === 1, 'tab dropped');
    await waitFor(() => harness.alarm.connections.length === 1, 'alarm socket');
    harness.alarm.latest().send(liveAlarm({ seq: 1 }));
    await waitFor(() => received.length === 1, 'alarm in the staying tab');

    expect(closing.hello.liveness).toBe('locks');
    expect(listenersBefore - harness.core.hub.listenerCount()).toBe(2);
    expect(harness.core.diagnostics().tabs).toEqual({ locks: 1, ping: 0 });
  });

  it('drops a tab without Web Locks once its pings stop, and keeps a pinging one', async () => {
    const harness = await start();
    const silent = await harness.tab();
    const pinging = await harness.tab();
    await collect(silent, 'alarm.received');
    const clock = harness.simulated;
    if (!clock) throw new Error('needs simulated time');

    for (let elapsed = 0; elapsed <= TAB_SILENCE_MS + TAB_PING_MS; elapsed += TAB_PING_MS) {
      await pinging.api.ping();
      clock.increment(TAB_PING_MS);
    }

    expect(silent.hello.liveness).toBe('ping');
    expect(harness.core.diagnostics().tabs).toEqual({ locks: 0, ping: 1 });
    expect(harness.core.hub.listenerCount()).toBe(0);
  });
});
