// What a tab tells the worker about its user: visibility now and on every change, input at most once a minute.
import { describe, expect, it } from 'vitest';
import { reportPresence, type PresenceDocument } from '../../src/app/live/presence';
import { fakeLiveSource } from '../helpers/fake-live-source';

/** A document whose visibility the test sets; input events are dispatched on it as the browser would. */
function fakeDocument() {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
  const presence: PresenceDocument = doc;
  return {
    presence,
    show: (state: DocumentVisibilityState) => {
      doc.visibilityState = state;
      doc.dispatchEvent(new Event('visibilitychange'));
    },
    input: (type: 'keydown' | 'pointerdown' | 'scroll') => doc.dispatchEvent(new Event(type)),
  };
}

describe('presence reports', () => {
  it('tells whether the tab is visible, now and on every change, until stopped', () => {
    const doc = fakeDocument();
    const source = fakeLiveSource();
    const stop = reportPresence(doc.presence, source.api);
    doc.show('visible');
    doc.show('hidden');
    expect(source.visibleCalls).toEqual([false, true, false]);
    stop();
    doc.show('visible');
    expect(source.visibleCalls).toEqual([false, true, false]);
  });

  it('reports a key or a click at once, then at most once a minute, and nothing after the stop', () => {
    const doc = fakeDocument();
    const source = fakeLiveSource();
    let now = 1_000_000;
    const stop = reportPresence(doc.presence, source.api, () => now);
    doc.input('scroll');
    expect(source.inputReports).toBe(0);
    doc.input('keydown');
    expect(source.inputReports).toBe(1);
    now += 59_999;
    doc.input('pointerdown');
    doc.input('keydown');
    expect(source.inputReports).toBe(1);
    now += 1;
    doc.input('pointerdown');
    expect(source.inputReports).toBe(2);
    stop();
    now += 120_000;
    doc.input('keydown');
    expect(source.inputReports).toBe(2);
  });
});
