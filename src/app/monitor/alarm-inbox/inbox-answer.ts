// What the operator is told after a batch change: how many alarms it changed, and for each it left alone, who already
// acknowledged or resolved it and when (another console got there first), as toasts in the language of the moment.
import type { ToastType } from '../../../../domain/constants';
import { formatDate } from '../../../../domain/format/time';
import type { AlarmChangeAnswer, AlarmStanding } from '../../../../domain/wire/alarm-inbox';
import type { NoticeText } from '../../../ui/notify';

/** A batch change and, for an assignment, to whom (null: to nobody). */
export type InboxAction =
  | { readonly kind: 'acknowledge' }
  | { readonly kind: 'resolve' }
  | { readonly kind: 'assign'; readonly assignee: string | null };

interface AnswerToast {
  readonly type: ToastType;
  readonly message: NoticeText;
}

/** The alarms left alone named one by one; beyond these, one toast says how many more. */
export const UNCHANGED_NAMED_MAX = 3;

function changedMessage(action: InboxAction, count: number): NoticeText {
  switch (action.kind) {
    case 'acknowledge':
      return { key: 'alarmInbox.answer.acknowledged', values: { count } };
    case 'resolve':
      return { key: 'alarmInbox.answer.resolved', values: { count } };
    case 'assign':
      return action.assignee === null
        ? { key: 'alarmInbox.answer.unassigned', values: { count } }
        : { key: 'alarmInbox.answer.assigned', values: { count, assignee: action.assignee } };
  }
}

function unchangedMessage(standing: AlarmStanding, alarm: string): NoticeText {
  const time = standing.at === null ? '' : formatDate(standing.at, 'HH:mm');
  if (standing.by !== null && time !== '' && standing.state !== 'new') {
    const key = standing.state === 'resolved' ? 'alarmInbox.answer.alreadyResolved' : 'alarmInbox.answer.alreadyAcknowledged';
    return { key, values: { alarm, by: standing.by, time } };
  }
  return { key: 'alarmInbox.answer.unchanged', values: { alarm } };
}

/**
 * The toasts for an answer: the count changed first (a success, or a note that nothing changed), then the alarms left
 * as they were. `nameOf` names an alarm by its seq (its plate in the list); an alarm no longer listed goes by its number.
 */
export function answerToasts(action: InboxAction, answer: AlarmChangeAnswer, nameOf: (seq: number) => string | undefined): readonly AnswerToast[] {
  const toasts: AnswerToast[] = [
    answer.changed.length > 0
      ? { type: 'success', message: changedMessage(action, answer.changed.length) }
      : { type: 'info', message: { key: 'alarmInbox.answer.noneChanged' } },
  ];
  for (const standing of answer.unchanged.slice(0, UNCHANGED_NAMED_MAX)) {
    toasts.push({ type: 'warning', message: unchangedMessage(standing, nameOf(standing.seq) ?? `#${standing.seq}`) });
  }
  const more = answer.unchanged.length - UNCHANGED_NAMED_MAX;
  if (more > 0) toasts.push({ type: 'warning', message: { key: 'alarmInbox.answer.moreUnchanged', values: { count: more } } });
  return toasts;
}
