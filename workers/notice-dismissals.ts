// What the user dismissed of the poll notices, and whether a later finding is news. A notice the user closed stays
// closed across reloads and tabs until a poll finds something it did not show: more fences waiting, or a truck that
// was not overdue. A finding of nothing forgets the dismissal, so the next rise shows again.
import { isFiniteNumber, isRecord } from '../domain/wire/guards';
import type { NoticeKind } from './live-api';

export interface NoticeDismissals {
  /** Whose dismissals these are: another user's login starts with none. */
  readonly userName: string;
  /** The pending count the fence notice showed when dismissed. */
  readonly fences?: number;
  /** The plates the heartbeat notice listed when dismissed. */
  readonly heartbeat?: readonly string[];
}

/** A poll's finding as news is judged: the fence count, or the overdue plates. */
export type NoticeFinding = { readonly kind: 'fences'; readonly pending: number } | { readonly kind: 'heartbeat'; readonly plates: readonly string[] };

/** Whether `finding` shows something the dismissal did not: the notice comes back. */
export function isNews(finding: NoticeFinding, dismissals: NoticeDismissals | undefined): boolean {
  if (finding.kind === 'fences') {
    const seen = dismissals?.fences;
    return seen === undefined || finding.pending > seen;
  }
  const seen = dismissals?.heartbeat;
  if (seen === undefined) return true;
  const known = new Set(seen);
  return finding.plates.some((plate) => !known.has(plate));
}

/** The dismissals after the user closed the notice showing `finding`. */
export function dismissed(dismissals: NoticeDismissals, finding: NoticeFinding): NoticeDismissals {
  return finding.kind === 'fences' ? { ...dismissals, fences: finding.pending } : { ...dismissals, heartbeat: [...finding.plates] };
}

/** The dismissals after a poll found nothing of `kind`. */
export function forgotten(dismissals: NoticeDismissals, kind: NoticeKind): NoticeDismissals {
  if (dismissals[kind] === undefined) return dismissals;
  const { userName, fences, heartbeat } = dismissals;
  const kept: { userName: string; fences?: number; heartbeat?: readonly string[] } = { userName };
  if (kind !== 'fences' && fences !== undefined) kept.fences = fences;
  if (kind !== 'heartbeat' && heartbeat !== undefined) kept.heartbeat = heartbeat;
  return kept;
}

/** Dismissals read back from IndexedDB, or undefined for anything else (an older schema, a damaged entry). */
export function parseNoticeDismissals(value: unknown): NoticeDismissals | undefined {
  if (!isRecord(value) || typeof value['userName'] !== 'string') return undefined;
  const { userName, fences, heartbeat } = value;
  const out: { userName: string; fences?: number; heartbeat?: readonly string[] } = { userName };
  if (isFiniteNumber(fences) && fences >= 0) out.fences = fences;
  if (Array.isArray(heartbeat) && heartbeat.every((plate) => typeof plate === 'string')) out.heartbeat = heartbeat;
  return out;
}
