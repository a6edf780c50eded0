// Hosts the live alarms of the shell: the pop-up list, and the urgent-alarm machine fed by the worker's urgent event.
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { urgentAlarmMachine } from '../../../machines/urgent-alarm.machine';
import { urgentAlarmUrl } from '../../domain/alarm-routes';
import { useLiveEvent } from '../live/use-live';
import { AlarmPopups } from './AlarmPopups';
import { playAlarmTone, stopAlarmTone } from './alarm-sound';
import { UrgentAlarmDialog } from './UrgentAlarmDialog';
import './alarms.css';

/** The urgent machine with the browser's sound; tests provide their own through `machine`. */
export const browserUrgentAlarmMachine = urgentAlarmMachine.provide({
  actions: {
    playSound: (_, params) => playAlarmTone(params.durationMs),
    stopSound: () => stopAlarmTone(),
  },
});

export interface LiveAlarmsProps {
  readonly machine?: typeof urgentAlarmMachine;
}

export function LiveAlarms({ machine = browserUrgentAlarmMachine }: LiveAlarmsProps) {
  const [, navigate] = useLocation();
  const actor = useActorRef(machine);
  const urgent = useLiveEvent('alarm.urgent');
  useEffect(() => {
    if (urgent) actor.send({ type: 'urgent.alarm', alarm: urgent });
  }, [actor, urgent]);
  const openRow = useCallback((startMs: number) => navigate(urgentAlarmUrl(startMs, Date.now())), [navigate]);
  return (
    <>
      <AlarmPopups />
      <UrgentAlarmDialog actor={actor} onOpenRow={openRow} />
    </>
  );
}
