// The plain-DOM badge bar a new tab shows before React: the labels and counts a visible shell stored, fresh counts only,
// and nothing without labels; React's first render into the same root replaces it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { initI18n, switchLang } from '../../src/app/i18n';
import { showBootBadges } from '../../src/app/live/boot-badges';
import { LiveSourceProvider } from '../../src/app/live/LiveProvider';
import { StatusBadges } from '../../src/app/live/StatusBadges';
import { clearStoredSession } from '../../src/app/session/session-storage';
import { fakeLiveSource, fakeTrucks, statusOf } from '../helpers/fake-live-source';

/** Renders the real badges, publishes the status of 23 trucks and lets them store labels and counts. */
async function shellShowsFleet(): Promise<void> {
  const source = fakeLiveSource();
  const trucks = fakeTrucks(23);
  source.setTrucks(trucks);
  render(
    <LiveSourceProvider source={source}>
      <StatusBadges />
    </LiveSourceProvider>,
  );
  await waitFor(() => expect(source.listeners('fleet.status')).toBeGreaterThan(0));
  act(() => source.publish('fleet.status', statusOf(trucks)));
  // The counts are written once a second while the tab is seen.
  await waitFor(() => expect(localStorage.getItem('badgeCounts')).toContain('"3":4'), { timeout: 3_000 });
  cleanup();
}

function bootBar(): { labels: string[]; counts: string[] } | undefined {
  const root = document.createElement('div');
  document.body.append(root);
  showBootBadges(root);
  const slot = root.querySelector('[data-slot="live-status"]');
  if (!slot) return undefined;
  return {
    labels: [...slot.querySelectorAll('.status-badge__label')].map((label) => label.textContent ?? ''),
    counts: [...slot.querySelectorAll('.status-badge__count')].map((count) => count.textContent ?? ''),
  };
}

describe('the boot badge bar', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    localStorage.clear();
    document.body.innerHTML = '';
    document.cookie = 'language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('shows nothing in a browser whose shell never showed the badges', () => {
    expect(bootBar()).toBeUndefined();
  });

  it('shows the labels and fresh counts the shell stored, in the order of the badges', async () => {
    await shellShowsFleet();
    expect(bootBar()).toEqual({ labels: ['报警', '重车', '空车', '停车', '离线'], counts: ['4', '5', '5', '4', '5'] });
  });

  it('shows dashes for counts older than five seconds: no tab has been showing the fleet', async () => {
    await shellShowsFleet();
    vi.useFakeTimers({ now: Date.now() + 6_000, toFake: ['Date'] });
    expect(bootBar()?.counts).toEqual(['–', '–', '–', '–', '–']);
  });

  it('shows nothing when the language chosen since is not the one of the stored labels', async () => {
    await shellShowsFleet();
    await switchLang('en');
    expect(bootBar()).toBeUndefined();
    await switchLang('zh');
  });

  it('forgets the counts at a logout: they were that session\'s fleet', async () => {
    await shellShowsFleet();
    clearStoredSession();
    expect(bootBar()?.counts).toEqual(['–', '–', '–', '–', '–']);
  });

  it("is replaced by React's first render into the same root", async () => {
    await shellShowsFleet();
    const root = document.createElement('div');
    document.body.append(root);
    showBootBadges(root);
    expect(root.querySelectorAll('.status-badge')).toHaveLength(5);
    const reactRoot = createRoot(root);
    act(() => reactRoot.render(<main>shell</main>));
    expect(root.querySelectorAll('.status-badge')).toHaveLength(0);
    expect(root.textContent).toBe('shell');
    act(() => reactRoot.unmount());
  });
});
