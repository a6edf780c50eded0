// The alarm-choice machine: edits start from the stored list, one save with id/userId/list, form.success or form.fail.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { alarmChoiceMachine } from '../../machines/alarm-choice.machine';
import { EVERY_TYPE_LIST } from '../../domain/alarm-types';
import { choiceToList, chosenCount, groupState, typeState } from '../../domain/alarm-tree';
import type { AlarmChoiceRequest, StUserAlarm } from '../../domain/wire/entities';
import { flush, scripted } from './shell-fixtures';

function start(typeIds = EVERY_TYPE_LIST, choiceId = 4) {
  const save = scripted<AlarmChoiceRequest, StUserAlarm | null>();
  const notify = vi.fn();
  const applyChoice = vi.fn();
  const machine = alarmChoiceMachine.provide({
    actors: { saveChoice: save.logic },
    actions: { notify: (_, message) => notify(message), applyChoice: (_, list) => applyChoice(list) },
  });
  const actor = createActor(machine, { input: { userId: 3, choiceId, typeIds } }).start();
  const chosen = () => actor.getSnapshot().context.chosen;
  return { actor, save, notify, applyChoice, chosen };
}

describe('alarm-choice machine', () => {
  it('starts from the list in force: every type while none is saved, none for a saved empty list', () => {
    expect(groupState(start('2,4').chosen(), 'vehicle')).toBe('mixed');
    expect(groupState(start('2,4').chosen(), 'cargo')).toBe('unchecked');
    expect(groupState(start(EVERY_TYPE_LIST).chosen(), 'cargo')).toBe('checked');
    expect(chosenCount(start('').chosen())).toBe(0);
  });

  it('toggles groups, types and "all"', () => {
    const s = start();
    s.actor.send({ type: 'alarmChoice.toggleGroup', group: 'cargo' });
    expect(groupState(s.chosen(), 'cargo')).toBe('unchecked');
    s.actor.send({ type: 'alarmChoice.toggleType', id: 8 });
    expect(typeState(s.chosen(), 8)).toBe('unchecked');
    s.actor.send({ type: 'alarmChoice.toggleAll' });
    expect(choiceToList(s.chosen())).toBe(choiceToList(start().chosen()));
  });

  it('saves the list with the stored id and the user, says form.success and applies the list', async () => {
    const s = start(EVERY_TYPE_LIST, 4);
    s.actor.send({ type: 'alarmChoice.toggleGroup', group: 'vehicle' });
    s.actor.send({ type: 'alarmChoice.toggleGroup', group: 'driver' });
    s.actor.send({ type: 'alarmChoice.save' });
    expect(s.actor.getSnapshot().value).toBe('saving');
    expect(s.save.inputs).toEqual([{ id: 4, userId: 3, alarmTypeIds: '1,3,202,204,205' }]);
    expect(s.applyChoice).not.toHaveBeenCalled();
    s.save.resolve({ id: 4, userId: 3, alarmTypeIds: '1,3,202,204,205' });
    await flush();
    expect(s.notify).toHaveBeenCalledWith({ type: 'success', key: 'form.success' });
    expect(s.applyChoice).toHaveBeenCalledWith({ id: 4, typeIds: '1,3,202,204,205' });
    expect(s.actor.getSnapshot().value).toBe('saved');
    expect(s.actor.getSnapshot().status).toBe('done');
  });

  it('saves a choice of nothing as the empty list, which the server and the worker read as no alarms', async () => {
    const s = start('2');
    s.actor.send({ type: 'alarmChoice.toggleType', id: 2 });
    expect(chosenCount(s.chosen())).toBe(0);
    s.actor.send({ type: 'alarmChoice.save' });
    expect(s.save.inputs).toEqual([{ id: 4, userId: 3, alarmTypeIds: '' }]);
    s.save.resolve({ id: 4, userId: 3, alarmTypeIds: '' });
    await flush();
    expect(s.applyChoice).toHaveBeenCalledWith({ id: 4, typeIds: '' });
  });

  it('says form.fail on a refusal, stays open with the choice kept, and saves again', async () => {
    const s = start('2,4');
    s.actor.send({ type: 'alarmChoice.save' });
    s.save.reject(new Error('refused'));
    await flush();
    expect(s.notify).toHaveBeenCalledWith({ type: 'error', key: 'form.fail' });
    expect(s.applyChoice).not.toHaveBeenCalled();
    expect(s.actor.getSnapshot().matches({ editing: 'failed' })).toBe(true);
    expect(choiceToList(s.chosen())).toBe('2,4');
    s.actor.send({ type: 'alarmChoice.toggleType', id: 206 });
    expect(s.actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
    s.actor.send({ type: 'alarmChoice.save' });
    expect(s.save.inputs.map((input) => input.alarmTypeIds)).toEqual(['2,4', '2,4,206']);
  });

  it('ignores edits and cancel while the save is out', async () => {
    const s = start('2');
    s.actor.send({ type: 'alarmChoice.save' });
    s.actor.send({ type: 'alarmChoice.toggleType', id: 4 });
    s.actor.send({ type: 'alarmChoice.cancel' });
    expect(s.actor.getSnapshot().value).toBe('saving');
    expect(choiceToList(s.chosen())).toBe('2');
    s.save.resolve(null);
    await flush();
    expect(s.applyChoice).toHaveBeenCalledWith({ id: 4, typeIds: '2' });
  });

  it('keeps the id of the row the server stored, for a first save that sent 0', async () => {
    const s = start(EVERY_TYPE_LIST, 0);
    s.actor.send({ type: 'alarmChoice.save' });
    expect(s.save.inputs[0]?.id).toBe(0);
    s.save.resolve({ id: 12, userId: 3, alarmTypeIds: s.save.inputs[0]?.alarmTypeIds ?? '' });
    await flush();
    expect(s.applyChoice).toHaveBeenCalledWith({ id: 12, typeIds: s.save.inputs[0]?.alarmTypeIds });
  });

  it('closes on cancel without saving', () => {
    const s = start('2');
    s.actor.send({ type: 'alarmChoice.toggleType', id: 4 });
    s.actor.send({ type: 'alarmChoice.cancel' });
    expect(s.actor.getSnapshot().value).toBe('closed');
    expect(s.save.inputs).toEqual([]);
    expect(s.applyChoice).not.toHaveBeenCalled();
  });
});
