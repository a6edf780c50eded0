// The alarm-setting panel: the tree of tri-state checkboxes driven by the alarm-choice machine, Save and Cancel.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { alarmChoiceMachine, type AppliedChoice } from '../../../machines/alarm-choice.machine';
import { call } from '../../api/client';
import { ALARM_TREE, CHOOSABLE_TYPES, allState, chosenCount, groupState, typeState, type TriState } from '../../../domain/alarm-tree';
import { showToast } from '../../ui/notify';

export interface PanelHandle {
  cancel(): void;
}

interface PanelProps {
  readonly ref: Ref<PanelHandle>;
  readonly id: string;
  readonly userId: number;
  readonly choiceId: number;
  readonly typeIds: string;
  readonly onSaved: (choice: AppliedChoice) => void;
  readonly onClose: () => void;
}

export function AlarmSettingsPanel({ ref, id, userId, choiceId, typeIds, onSaved, onClose }: PanelProps) {
  const { t } = useTranslation();
  // The machine is built once; the latest callback is reached through a ref.
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  }, [onSaved]);
  const [machine] = useState(() =>
    alarmChoiceMachine.provide({
      actors: {
        // The panel says form.fail itself for any refusal, so the client's own toast would say it twice.
        saveChoice: fromPromise(({ input }) => call('saveAlarmChoice', input, { passBack: true })),
      },
      actions: {
        notify: (_, message) => showToast(message.type, { key: message.key }),
        applyChoice: (_, choice) => onSavedRef.current(choice),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { userId, choiceId, typeIds } });
  const chosen = useSelector(actor, (s) => s.context.chosen);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const done = useSelector(actor, (s) => s.status === 'done');
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  useImperativeHandle(ref, () => ({ cancel: () => actor.send({ type: 'alarmChoice.cancel' }) }), [actor]);

  const count = chosenCount(chosen);
  return (
    <div
      id={id}
      className="alarm-settings__panel"
      role="dialog"
      aria-labelledby={`${id}-title`}
      aria-busy={saving}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        actor.send({ type: 'alarmChoice.cancel' });
      }}
    >
      <h2 id={`${id}-title`} className="alarm-settings__title">
        {t('alarmSettings.title')}
      </h2>
      <fieldset className="alarm-settings__body" disabled={saving}>
        <TriCheckbox state={allState(chosen)} label={t('alarmSettings.all')} autoFocus onToggle={() => actor.send({ type: 'alarmChoice.toggleAll' })} />
        <p className="alarm-settings__count" aria-live="polite">
          {t('alarmSettings.chosen', { count, total: CHOOSABLE_TYPES.length })}
        </p>
        <div className="alarm-settings__tree">
          {ALARM_TREE.map((group) => (
            <fieldset key={group.group} className="alarm-settings__group" data-group={group.group}>
              <legend>
                <TriCheckbox
                  state={groupState(chosen, group.group)}
                  label={t(group.labelKey)}
                  onToggle={() => actor.send({ type: 'alarmChoice.toggleGroup', group: group.group })}
                />
              </legend>
              <ul className="alarm-settings__list">
                {group.nodes.map((node) => (
                  <li key={node.id}>
                    <TriCheckbox
                      state={typeState(chosen, node.id)}
                      label={t(node.labelKey)}
                      onToggle={() => actor.send({ type: 'alarmChoice.toggleType', id: node.id })}
                    />
                    {node.children.length > 0 && (
                      <ul className="alarm-settings__list alarm-settings__list--nested" aria-label={t('alarmSettings.adas')}>
                        {node.children.map((child) => (
                          <li key={child.id}>
                            <TriCheckbox
                              state={typeState(chosen, child.id)}
                              label={t(child.labelKey)}
                              onToggle={() => actor.send({ type: 'alarmChoice.toggleType', id: child.id })}
                            />
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
      </fieldset>
      {count === 0 && (
        <p id={`${id}-none`} className="alarm-settings__none" role="alert">
          {t('alarmSettings.none')}
        </p>
      )}
      <div className="alarm-settings__actions">
        <button type="button" aria-disabled={saving} onClick={() => actor.send({ type: 'alarmChoice.cancel' })}>
          {t('alarmSettings.cancel')}
        </button>
        {/* aria-disabled while saving: a disabled button would drop the keyboard focus out of the panel. */}
        <button
          type="button"
          className="alarm-settings__save"
          aria-disabled={saving}
          aria-describedby={count === 0 ? `${id}-none` : undefined}
          onClick={() => actor.send({ type: 'alarmChoice.save' })}
        >
          {saving ? t('alarmSettings.saving') : t('alarmSettings.save')}
        </button>
      </div>
    </div>
  );
}

interface TriCheckboxProps {
  readonly state: TriState;
  readonly label: string;
  readonly onToggle: () => void;
  readonly autoFocus?: boolean;
}

/** A native checkbox whose mixed state is the DOM's indeterminate flag (exposed as aria-checked="mixed"). */
function TriCheckbox({ state, label, onToggle, autoFocus }: TriCheckboxProps) {
  return (
    <label className="alarm-settings__check">
      <input
        type="checkbox"
        ref={(input) => {
          if (input) input.indeterminate = state === 'mixed';
        }}
        checked={state === 'checked'}
        autoFocus={autoFocus}
        onChange={onToggle}
      />
      <span>{label}</span>
    </label>
  );
}
