// The urgent alarm machine: blink timing, one sound per opening, rows added while open, close stops blinking.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { urgentAlarmMachine } from '../../machines/urgent-alarm.machine';
import type { LiveAlarm } from '../../domain/wire/live-alarm';

const urgent = (truckId: number): LiveAlarm => ({
  type: 201, signCode: `沪A0000${truckId}`, startTime: 1_767_000_000_000 + truckId, truckId, insertTime: 1_767_000_000_000, remark: '', properties: {},
});

function start() {
  const playSound = vi.fn<(durationMs: number) => void>();
  const stopSound = vi.fn();
  const actor = createActor(
    urgentAlarmMachine.provide({
      actions: { playSound: (_, params) => playSound(params.durationMs), stopSound: () => stopSound() },
    }),
  ).start();
  return { actor, playSound, stopSound };
}

describe('the urgent alarm machine', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('starts closed with no rows', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.rows).toEqual([]);
  });

  it('toggles the icon every 180 ms while open', () => {
    const { actor } = start();
    actor.send({ type: 'urgent.alarm', alarm: urgent(1) });
    expect(actor.getSnapshot().matches({ open: 'blinking' })).toBe(true);
    expect(actor.getSnapshot().context.iconOn).toBe(true);
    vi.advanceTimersByTime(179);
    expect(actor.getSnapshot().context.iconOn).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.iconOn).toBe(false);
    vi.advanceTimersByTime(180);
    expect(actor.getSnapshot().context.iconOn).toBe(true);
    vi.advanceTimersByTime(180 * 4);
    expect(actor.getSnapshot().context.iconOn).toBe(true);
  });

  it('plays the 1.8 s sound once per opening, not for alarms joining an open dialog', () => {
    const { actor, playSound } = start();
    actor.send({ type: 'urgent.alarm', alarm: urgent(1) });
    actor.send({ type: 'urgent.alarm', alarm: urgent(2) });
    vi.advanceTimersByTime(2000);
    expect(playSound).toHaveBeenCalledTimes(1);
    expect(playSound).toHaveBeenCalledWith(1800);
    actor.send({ type: 'urgent.close' });
    actor.send({ type: 'urgent.alarm', alarm: urgent(3) });
    expect(playSound).toHaveBeenCalledTimes(2);
  });

  it('lists alarms arriving while open, newest first', () => {
    const { actor } = start();
    actor.send({ type: 'urgent.alarm', alarm: urgent(1) });
    actor.send({ type: 'urgent.alarm', alarm: urgent(2) });
    expect(actor.getSnapshot().context.rows.map((row) => row.truckId)).toEqual([2, 1]);
  });

  it('stops blinking and the sound on close, and forgets the rows', () => {
    const { actor, stopSound } = start();
    actor.send({ type: 'urgent.alarm', alarm: urgent(1) });
    vi.advanceTimersByTime(180);
    actor.send({ type: 'urgent.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(stopSound).toHaveBeenCalledTimes(1);
    const { iconOn, rows } = actor.getSnapshot().context;
    vi.advanceTimersByTime(180 * 10);
    expect(actor.getSnapshot().context.iconOn).toBe(iconOn);
    expect(rows).toEqual([]);
  });

  it('drops the rows of alarms handled elsewhere, and closes with its last row', () => {
    const { actor, stopSound } = start();
    const withSeq = (truckId: number): LiveAlarm => ({ ...urgent(truckId), seq: 100 + truckId });
    actor.send({ type: 'urgent.alarm', alarm: withSeq(1) });
    actor.send({ type: 'urgent.alarm', alarm: withSeq(2) });
    actor.send({ type: 'urgent.handled', seqs: [101, 999] });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(actor.getSnapshot().context.rows.map((row) => row.seq)).toEqual([102]);
    actor.send({ type: 'urgent.handled', seqs: [102] });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(stopSound).toHaveBeenCalledTimes(1);
  });

  it('keeps a row without a seq (a legacy backend) open whatever was handled', () => {
    const { actor } = start();
    actor.send({ type: 'urgent.alarm', alarm: urgent(1) });
    actor.send({ type: 'urgent.handled', seqs: [101] });
    expect(actor.getSnapshot().context.rows).toHaveLength(1);
    expect(actor.getSnapshot().matches('open')).toBe(true);
  });

  it('plays the sound again when the user asks for it', () => {
    const { actor, playSound } = start();
    actor.send({ type: 'urgent.alarm', alarm: urgent(1) });
    actor.send({ type: 'urgent.playSound' });
    expect(playSound).toHaveBeenCalledTimes(2);
  });
});
