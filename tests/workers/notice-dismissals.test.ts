// Whether a poll's finding is news after the user closed its notice, and what is read back from IndexedDB.
import { describe, expect, it } from 'vitest';
import { dismissed, forgotten, isNews, parseNoticeDismissals } from '../../workers/notice-dismissals';

const NONE = { userName: 'admin' } as const;

describe('notice dismissals', () => {
  it('takes everything as news until the user closed that kind of notice', () => {
    expect(isNews({ kind: 'fences', pending: 1 }, undefined)).toBe(true);
    expect(isNews({ kind: 'heartbeat', plates: ['沪A1'] }, NONE)).toBe(true);
  });

  it('shows fences again only when more wait than the closed notice said', () => {
    const closed = dismissed(NONE, { kind: 'fences', pending: 3 });
    expect(closed).toEqual({ userName: 'admin', fences: 3 });
    expect([2, 3, 4].map((pending) => isNews({ kind: 'fences', pending }, closed))).toEqual([false, false, true]);
  });

  it('shows overdue trucks again only when one of them was not listed', () => {
    const closed = dismissed(NONE, { kind: 'heartbeat', plates: ['沪A1', '沪A2'] });
    expect(isNews({ kind: 'heartbeat', plates: ['沪A2'] }, closed)).toBe(false);
    expect(isNews({ kind: 'heartbeat', plates: ['沪A2', '沪A1'] }, closed)).toBe(false);
    expect(isNews({ kind: 'heartbeat', plates: ['沪A1', '沪A3'] }, closed)).toBe(true);
  });

  it('forgets one kind, keeping the other, after a poll found none of it', () => {
    const both = dismissed(dismissed(NONE, { kind: 'fences', pending: 2 }), { kind: 'heartbeat', plates: ['沪A1'] });
    expect(forgotten(both, 'fences')).toEqual({ userName: 'admin', heartbeat: ['沪A1'] });
    expect(forgotten(both, 'heartbeat')).toEqual({ userName: 'admin', fences: 2 });
    expect(forgotten(NONE, 'fences')).toBe(NONE);
  });

  it('reads back what it wrote and drops what it cannot trust', () => {
    expect(parseNoticeDismissals({ userName: 'admin', fences: 2, heartbeat: ['沪A1'] })).toEqual({ userName: 'admin', fences: 2, heartbeat: ['沪A1'] });
    expect(parseNoticeDismissals({ userName: 'admin', fences: -1, heartbeat: [1] })).toEqual({ userName: 'admin' });
    expect(parseNoticeDismissals({ fences: 2 })).toBeUndefined();
    expect(parseNoticeDismissals('admin')).toBeUndefined();
  });
});
