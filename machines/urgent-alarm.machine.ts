// The urgent alarm dialog (shell spec §4, type 201): opens on an urgent alarm, blinks its icon every 180 ms, plays the sound once per opening.
import { assign, setup } from 'xstate';
import { ALARM_SOUND_MS, URGENT_BLINK_MS } from '../domain/constants';
import type { LiveAlarm } from '../domain/wire/live-alarm';

interface UrgentAlarmContext {
  /** The urgent alarms of this opening, newest first. */
  readonly rows: readonly LiveAlarm[];
  /** Whether the blinking icon is lit right now. */
  readonly iconOn: boolean;
}

type UrgentAlarmEvent =
  | { type: 'urgent.alarm'; alarm: LiveAlarm }
  | { type: 'urgent.close' }
  /** Alarms acknowledged or resolved, here or in another console: their rows go; the dialog closes with its last row. */
  | { type: 'urgent.handled'; seqs: readonly number[] }
  /** The user asked for the sound (the tab had no gesture when the dialog opened). */
  | { type: 'urgent.playSound' };

export const urgentAlarmMachine = setup({
  types: {
    context: {} as UrgentAlarmContext,
    events: {} as UrgentAlarmEvent,
  },
  actions: {
    /** Plays the alarm sound for `durationMs`; injected with `.provide` (Web Audio in the browser). */
    playSound: (_, _params: { durationMs: number }) => {},
    /** Silences a sound still playing. */
    stopSound: () => {},
    addRow: assign({
      rows: ({ context, event }) => (event.type === 'urgent.alarm' ? [event.alarm, ...context.rows] : context.rows),
    }),
    dropHandled: assign({
      rows: ({ context, event }) => (event.type === 'urgent.handled' ? context.rows.filter((row) => row.seq === undefined || !event.seqs.includes(row.seq)) : context.rows),
    }),
    toggleIcon: assign({ iconOn: ({ context }) => !context.iconOn }),
    reset: assign({ rows: () => [], iconOn: () => true }),
  },
  delays: {
    blink: URGENT_BLINK_MS,
  },
}).createMachine({
  id: 'urgentAlarm',
  initial: 'closed',
  context: { rows: [], iconOn: true },
  states: {
    closed: {
      on: { 'urgent.alarm': { target: 'open', actions: 'addRow' } },
    },
    open: {
      initial: 'blinking',
      entry: { type: 'playSound', params: { durationMs: ALARM_SOUND_MS } },
      exit: ['stopSound', 'reset'],
      on: {
        // Further urgent alarms while open join the list; the sound is not restarted.
        'urgent.alarm': { actions: 'addRow' },
        'urgent.playSound': { actions: { type: 'playSound', params: { durationMs: ALARM_SOUND_MS } } },
        'urgent.close': 'closed',
        'urgent.handled': [
          { guard: ({ context, event }) => context.rows.every((row) => row.seq !== undefined && event.seqs.includes(row.seq)), target: 'closed' },
          { actions: 'dropHandled' },
        ],
      },
      states: {
        blinking: {
          after: { blink: { target: 'blinking', reenter: true, actions: 'toggleIcon' } },
        },
      },
    },
  },
});

export type UrgentAlarmMachine = typeof urgentAlarmMachine;
