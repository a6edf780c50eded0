// The alarm-setting tree's workflow (shell spec §5 Alarm choice, §7 save alarm-type choice): edit, save, saved or failed.
import { assign, fromPromise, setup } from 'xstate';
import {
  choiceFromList, choiceToList, toggleAll, toggleGroup, toggleType, type AlarmChoice,
} from '../domain/alarm-tree';
import type { AlarmGroup, AlarmTypeId } from '../domain/alarm-types';
import type { ToastType } from '../domain/constants';
import type { LocaleKey } from '../domain/i18n';
import type { AlarmChoiceRequest, StUserAlarm } from '../domain/wire/entities';

interface AlarmChoiceInput {
  readonly userId: number;
  /** The stored choice's id (`stUserAlarm.id`), 0 before the first save. */
  readonly choiceId: number;
  /** The choice in force now, as the comma list (empty: none; null before the user saved one: every type). */
  readonly typeIds: string;
}

interface AlarmChoiceContext {
  readonly userId: number;
  readonly choiceId: number;
  readonly chosen: AlarmChoice;
}

type AlarmChoiceEvent =
  | { type: 'alarmChoice.toggleAll' }
  | { type: 'alarmChoice.toggleGroup'; group: AlarmGroup }
  | { type: 'alarmChoice.toggleType'; id: AlarmTypeId }
  | { type: 'alarmChoice.save' }
  | { type: 'alarmChoice.cancel' };

/** What the app keeps after a save: the list, and the stored row's id (the server's, else the one sent). */
export interface AppliedChoice {
  readonly id: number;
  readonly typeIds: string;
}

export const alarmChoiceMachine = setup({
  types: {
    context: {} as AlarmChoiceContext,
    events: {} as AlarmChoiceEvent,
    input: {} as AlarmChoiceInput,
  },
  actions: {
    notify: (_, _message: { type: ToastType; key: LocaleKey }) => {},
    /** The server took the list: the app changes the live filter at once and remembers it for the next open. */
    applyChoice: (_, _choice: AppliedChoice) => {},
    toggle: assign({
      chosen: ({ context, event }) => {
        if (event.type === 'alarmChoice.toggleAll') return toggleAll(context.chosen);
        if (event.type === 'alarmChoice.toggleGroup') return toggleGroup(context.chosen, event.group);
        if (event.type === 'alarmChoice.toggleType') return toggleType(context.chosen, event.id);
        return context.chosen;
      },
    }),
  },
  actors: {
    /** POST /stUserAlarm; resolves with the answer's stored row (or null) when its resultCode is 200. */
    saveChoice: fromPromise<StUserAlarm | null, AlarmChoiceRequest>(async () => null),
  },
}).createMachine({
  id: 'alarmChoice',
  context: ({ input }) => ({ userId: input.userId, choiceId: input.choiceId, chosen: choiceFromList(input.typeIds) }),
  initial: 'editing',
  states: {
    /** The tree is editable; `failed` is editing after a refused save, until the next change. */
    editing: {
      initial: 'ready',
      on: {
        'alarmChoice.toggleAll': { target: '.ready', actions: 'toggle' },
        'alarmChoice.toggleGroup': { target: '.ready', actions: 'toggle' },
        'alarmChoice.toggleType': { target: '.ready', actions: 'toggle' },
        // Nothing chosen is a choice too: the user receives no alarms (the panel says so before saving).
        'alarmChoice.save': { target: 'saving' },
        'alarmChoice.cancel': 'closed',
      },
      states: {
        ready: {},
        failed: {},
      },
    },
    /** The request is out: the tree and cancel wait for the answer, so the filter and the server cannot disagree. */
    saving: {
      invoke: {
        src: 'saveChoice',
        input: ({ context }) => ({ id: context.choiceId, userId: context.userId, alarmTypeIds: choiceToList(context.chosen) }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'notify', params: { type: 'success', key: 'form.success' } },
            {
              type: 'applyChoice',
              params: ({ context, event }) => ({ id: event.output?.id ?? context.choiceId, typeIds: choiceToList(context.chosen) }),
            },
          ],
        },
        onError: { target: 'editing.failed', actions: { type: 'notify', params: { type: 'error', key: 'form.fail' } } },
      },
    },
    saved: { type: 'final' },
    closed: { type: 'final' },
  },
});
