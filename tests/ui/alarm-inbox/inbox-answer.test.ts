// The toasts after a batch change, as the operator reads them in both languages: how many changed, and for each alarm
// another console got to first, who acknowledged or resolved it and at what time.
import { describe, expect, it } from 'vitest';
import { translate, type Lang } from '../../../domain/i18n';
import type { AlarmStanding } from '../../../domain/wire/alarm-inbox';
import { answerToasts, UNCHANGED_NAMED_MAX, type InboxAction } from '../../../src/app/monitor/alarm-inbox/inbox-answer';
import type { NoticeText } from '../../../src/ui/notify';

const AT = new Date(2026, 10, 27, 9, 5, 30).getTime();
const standing = (seq: number, state: AlarmStanding['state'], by: string | null): AlarmStanding => ({ seq, state, by, at: by === null ? null : AT, assignee: null, note: '' });
const PLATES = new Map([[1, '沪A00001'], [2, '沪A00002'], [3, '沪A00003']]);
const plateOf = (seq: number) => PLATES.get(seq);

function texts(lang: Lang, action: InboxAction, changed: readonly AlarmStanding[], unchanged: readonly AlarmStanding[]) {
  return answerToasts(action, { changed, unchanged }, plateOf).map(({ type, message }) => [type, render(lang, message)]);
}
const render = (lang: Lang, message: NoticeText) => ('text' in message ? message.text : translate(lang, message.key, message.values));

describe('the answer toast of a batch change', () => {
  it('says how many were acknowledged, and who acknowledged the others first and when', () => {
    const changed = [standing(1, 'acknowledged', 'me')];
    const unchanged = [standing(2, 'acknowledged', '张三'), standing(3, 'resolved', 'li')];
    expect(texts('zh', { kind: 'acknowledge' }, changed, unchanged)).toEqual([
      ['success', '已确认 1 条报警'],
      ['warning', '沪A00002 已由 张三 于 09:05 确认'],
      ['warning', '沪A00003 已由 li 于 09:05 解决'],
    ]);
    expect(texts('en', { kind: 'acknowledge' }, changed, unchanged)).toEqual([
      ['success', 'Alarms acknowledged: 1'],
      ['warning', '沪A00002: already acknowledged by 张三 at 09:05'],
      ['warning', '沪A00003: already resolved by li at 09:05'],
    ]);
  });

  it('says nothing changed when another console got to every alarm first', () => {
    expect(texts('zh', { kind: 'resolve' }, [], [standing(1, 'resolved', '王五')])).toEqual([
      ['info', '没有报警被更改'],
      ['warning', '沪A00001 已由 王五 于 09:05 解决'],
    ]);
  });

  it('names an assignment and an unassignment', () => {
    expect(texts('zh', { kind: 'assign', assignee: 'zhang' }, [standing(1, 'new', null)], [])).toEqual([['success', '已将 1 条报警指派给 zhang']]);
    expect(texts('en', { kind: 'assign', assignee: null }, [standing(1, 'new', null), standing(2, 'new', null)], [])).toEqual([['success', 'Alarms unassigned: 2']]);
  });

  it('names an alarm no longer listed by its number, and one left new as unchanged', () => {
    expect(texts('en', { kind: 'assign', assignee: null }, [], [standing(9, 'new', null)])).toEqual([
      ['info', 'No alarm was changed'],
      ['warning', '#9: unchanged'],
    ]);
  });

  it('names at most a few alarms left alone and counts the rest', () => {
    const unchanged = [1, 2, 3, 4, 5, 6].map((seq) => standing(seq, 'acknowledged', 'zhao'));
    const shown = texts('zh', { kind: 'acknowledge' }, [], unchanged);
    expect(shown).toHaveLength(1 + UNCHANGED_NAMED_MAX + 1);
    expect(shown.at(-1)).toEqual(['warning', `另有 ${6 - UNCHANGED_NAMED_MAX} 条报警未更改`]);
  });
});
