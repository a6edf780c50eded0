// A new tab of a logged-in browser shows the fleet's badge counts before React and the shell have arrived and run
// (0.3–0.5 s on a control-room PC): a plain-DOM top bar in #root with the badges' markup and styles, which React's first
// render replaces. Its labels are the ones the shell last rendered in the same language; its first counts those a
// visible tab of this browser showed at most BOOT_COUNTS_MAX_AGE_MS ago (both kept in local storage), then the live
// worker's own. Without labels (a browser whose shell never rendered) the tab waits for the shell as before.
import { BADGE_ORDER, truckStatus, type TruckStatusCode } from '../../../domain/truck-status';
import { LANGUAGE_COOKIE, readCookie } from '../cookies';
import '../layout/topbar.css';
import { earlyFleetStatus, subscribeEarlyStatus } from './early-join';

const LABELS_KEY = 'badgeLabels';
const COUNTS_KEY = 'badgeCounts';
/** Older counts are not shown: no tab of this browser has been showing the fleet lately. */
const BOOT_COUNTS_MAX_AGE_MS = 5_000;
/** A visible tab writes its counts at most this often (each write is a storage event in every other tab). */
export const BOOT_COUNTS_WRITE_MS = 1_000;

interface StoredCounts {
  readonly at: number;
  readonly counts: Readonly<Record<string, number>>;
}

function readCounts(): Readonly<Record<string, number>> | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(COUNTS_KEY) ?? 'null') as StoredCounts | null;
    if (!stored || typeof stored.at !== 'number' || Math.abs(Date.now() - stored.at) > BOOT_COUNTS_MAX_AGE_MS) return undefined;
    return BADGE_ORDER.every((code) => typeof stored.counts[code] === 'number') ? stored.counts : undefined;
  } catch {
    return undefined;
  }
}

/** The counts were this session's fleet: a logout forgets them. */
export function forgetBadgeCounts(): void {
  localStorage.removeItem(COUNTS_KEY);
}

/** A visible shell keeps the counts it shows, for a tab about to open. */
export function rememberBadgeCounts(counts: Readonly<Record<TruckStatusCode, number>>): void {
  localStorage.setItem(COUNTS_KEY, JSON.stringify({ at: Date.now(), counts } satisfies StoredCounts));
}

interface StoredLabels {
  readonly lang: string;
  readonly labels: Readonly<Record<string, string>>;
}

function readLabels(lang: string): Readonly<Record<string, string>> | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(LABELS_KEY) ?? 'null') as StoredLabels | null;
    if (stored?.lang !== lang || typeof stored.labels !== 'object') return undefined;
    return BADGE_ORDER.every((code) => typeof stored.labels[code] === 'string') ? stored.labels : undefined;
  } catch {
    return undefined;
  }
}

/** The shell keeps the labels it rendered, for the next tab's boot bar. */
export function rememberBadgeLabels(lang: string, labels: Readonly<Record<TruckStatusCode, string>>): void {
  const text = JSON.stringify({ lang, labels } satisfies StoredLabels);
  if (localStorage.getItem(LABELS_KEY) !== text) localStorage.setItem(LABELS_KEY, text);
}

/** Shows the boot bar in `root` and fills its counts as the early client hears them; React's first render removes it. */
export function showBootBadges(root: HTMLElement): void {
  const labels = readLabels(readCookie(LANGUAGE_COOKIE) ?? 'zh');
  if (!labels) return;
  const stored = readCounts();
  const bar = document.createElement('header');
  bar.className = 'topbar';
  bar.setAttribute('aria-busy', 'true');
  const right = bar.appendChild(document.createElement('div'));
  right.className = 'topbar__right';
  const slot = right.appendChild(document.createElement('div'));
  slot.className = 'topbar__live';
  slot.dataset['slot'] = 'live-status';
  const strip = slot.appendChild(document.createElement('div'));
  strip.className = 'status-badges';
  const counts = new Map<TruckStatusCode, HTMLElement>();
  for (const code of BADGE_ORDER) {
    const { name } = truckStatus(code);
    const badge = strip.appendChild(document.createElement('span'));
    badge.className = `status-badge status-badge--${name}`;
    const label = badge.appendChild(document.createElement('span'));
    label.className = 'status-badge__label';
    label.textContent = labels[code] ?? '';
    const count = badge.appendChild(document.createElement('span'));
    count.className = 'status-badge__count';
    count.textContent = String(stored?.[code] ?? '–');
    counts.set(code, count);
  }
  const fill = () => {
    const status = earlyFleetStatus();
    if (!status) return;
    for (const [code, count] of counts) count.textContent = String(status.counts[code] ?? 0);
  };
  fill();
  const stop = subscribeEarlyStatus(() => {
    if (!bar.isConnected) stop();
    else fill();
  });
  root.append(bar);
}
