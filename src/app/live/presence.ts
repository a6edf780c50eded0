// What a tab tells the worker about the person in front of it: whether the tab is visible (now and on every change),
// and that they typed or clicked, at most once a minute. The worker keeps the session alive on it and picks the tab for
// a desktop alert.
import { INPUT_REPORT_MS } from '../../../domain/shell/keep-alive';
import type { LiveSource } from './live-source';

type PresenceEvent = 'visibilitychange' | 'keydown' | 'pointerdown';

/** The part of `document` used here; tests pass an EventTarget with a visibilityState. */
export interface PresenceDocument {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: PresenceEvent, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: PresenceEvent, listener: () => void, options?: EventListenerOptions): void;
}

/** Where the reports go: the live source's calls. */
type PresenceReports = Pick<LiveSource['api'], 'setVisible' | 'reportInput'>;

// Capture: a view that stops a key or click from bubbling still had a person behind it. Passive: never delays input.
const LISTEN: AddEventListenerOptions = { capture: true, passive: true };
const INPUT_EVENTS = ['keydown', 'pointerdown'] as const;

/** Reports this tab's visibility now and on every change, and its user's input at most every INPUT_REPORT_MS; returns the stop. */
export function reportPresence(doc: PresenceDocument, reports: PresenceReports, now: () => number = Date.now): () => void {
  // A worker that went away (the tab is closing) has nobody left to tell.
  const sendVisible = () => void reports.setVisible(doc.visibilityState === 'visible').catch(() => undefined);
  let lastInput: number | undefined;
  const sendInput = () => {
    const at = now();
    if (lastInput !== undefined && at - lastInput < INPUT_REPORT_MS) return;
    lastInput = at;
    void reports.reportInput().catch(() => undefined);
  };
  sendVisible();
  doc.addEventListener('visibilitychange', sendVisible);
  for (const type of INPUT_EVENTS) doc.addEventListener(type, sendInput, LISTEN);
  return () => {
    doc.removeEventListener('visibilitychange', sendVisible);
    for (const type of INPUT_EVENTS) doc.removeEventListener(type, sendInput, LISTEN);
  };
}
