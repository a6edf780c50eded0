// Hosts the live alarms and notices of the shell: the pop-up list, the urgent-alarm machine fed by the worker's urgent event
// (with its desktop notification while the tab is hidden, its confirm acknowledging), and the poll notices.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useEffectEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { urgentAlarmMachine } from '../../../machines/urgent-alarm.machine';
import { URGENT_ALARM_PATH, urgentAlarmUrl } from '../../../domain/alarm-routes';
import { displayDateTime, toMillis } from '../../../domain/format/time';
import { toLang } from '../../../domain/i18n';
import type { LiveAlarm } from '../../../domain/wire/live-alarm';
import type { DataChanges } from '../../../workers/live-api';
import { useLiveSource } from '../live/LiveProvider';
import { useLiveEvent, useLiveListener } from '../live/use-live';
import { AlarmPopups } from './AlarmPopups';
import { useAlarmInbox } from './inbox-status';
import { playAlarmTone, stopAlarmTone } from './alarm-sound';
import { browserDesktopEnv, showUrgentDesktopAlert, type DesktopEnv } from './desktop-alert';
import { UrgentAlarmDialog } from './UrgentAlarmDialog';
import './alarms.css';

/** The urgent machine with the browser's sound; tests provide their own through `machine`. */
const browserUrgentAlarmMachine = urgentAlarmMachine.provide({
  actions: {
    playSound: (_, params) => playAlarmTone(params.durationMs),
    stopSound: () => stopAlarmTone(),
  },
});

interface LiveAlarmsProps {
  readonly machine?: typeof urgentAlarmMachine;
  /** Notifications, visibility and focus of this tab; the browser's by default, a fake in tests. */
  readonly desktop?: DesktopEnv;
  /** Whether the user's menu opens this path: alarms of screens it does not open are shown, not linked. Default: all. */
  readonly canOpen?: (path: string) => boolean;
}

const OPENS_ALL = () => true;

export function LiveAlarms({ machine = browserUrgentAlarmMachine, desktop, canOpen = OPENS_ALL }: LiveAlarmsProps) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const source = useLiveSource();
  const env = useMemo(() => desktop ?? browserDesktopEnv(), [desktop]);
  const actor = useActorRef(machine);
  const urgent = useLiveEvent('alarm.urgent');
  const urgentOpen = useSelector(actor, (snapshot) => snapshot.matches('open'));
  const { acknowledge } = useAlarmInbox();
  // Closed at once; a failure is told by the client's reactions (the alarm stays open in the inbox).
  const acknowledgeShown = useCallback((seqs: readonly number[]) => void acknowledge(seqs).catch(() => {}), [acknowledge]);

  const opensUrgent = canOpen(URGENT_ALARM_PATH);
  const openRow = useCallback((startMs: number) => navigate(urgentAlarmUrl(startMs, Date.now())), [navigate]);
  const alertDesktop = useEffectEvent((alarm: LiveAlarm) => {
    if (!source) return;
    const lang = toLang(i18n.language);
    void showUrgentDesktopAlert(env, {
      alarm,
      title: t('urgentAlarm.desktopTitle', { plate: alarm.signCode }),
      body: t('urgentAlarm.desktopBody', { time: displayDateTime(alarm.startTime, lang) }),
      claim: (key) => source.api.claimDesktopAlert(key),
      onOpen: () => {
        actor.send({ type: 'urgent.close' });
        if (opensUrgent) openRow(toMillis(alarm.startTime));
      },
    });
  });

  // An alarm acknowledged or resolved anywhere (this console's 确认 included) needs nobody's attention any more.
  useLiveListener(
    'data.changed',
    useCallback((event: DataChanges) => {
      const seqs = event.changes.flatMap((change) => (change.kind === 'alarmState' && change.state !== 'new' ? [change.seq] : []));
      if (seqs.length > 0) actor.send({ type: 'urgent.handled', seqs });
    }, [actor]),
  );

  useEffect(() => {
    if (!urgent) return;
    actor.send({ type: 'urgent.alarm', alarm: urgent });
    alertDesktop(urgent);
  }, [actor, urgent]);

  return (
    <>
      <AlarmPopups canOpen={canOpen} yieldTo={urgentOpen} />
      <UrgentAlarmDialog actor={actor} onOpenRow={opensUrgent ? openRow : undefined} desktop={env} onAcknowledge={acknowledgeShown} />
    </>
  );
}
