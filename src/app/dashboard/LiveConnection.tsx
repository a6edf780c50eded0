// The live connection as the worker sees it, on the personal centre: how the tabs share it, each socket's state and
// reconnects, whether a reconnect resumes alarms without loss (not against a backend whose alarms carry no seq), and
// how many report exports failed in this tab.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveDiagnostics } from '../../../workers/live-api';
import { exportFailureCount } from '../../api/export-download';
import { ALARM_RESUME_LABELS, LINK_STATE_LABELS, SOCKET_LABELS, WORKER_MODE_LABELS } from '../../live/live-labels';
import { useLiveSource } from '../live/LiveProvider';

/** Diagnostics are read, not pushed: often enough to follow a reconnect, rarely enough to cost the worker nothing. */
const DIAGNOSTICS_REFRESH_MS = 2_000;

const SOCKETS = ['truck', 'alarm'] as const;

export function LiveConnection() {
  const { t } = useTranslation();
  const source = useLiveSource();
  const [diagnostics, setDiagnostics] = useState<LiveDiagnostics>();

  useEffect(() => {
    if (!source) return;
    let stopped = false;
    const read = () => {
      // A hidden tab reads nothing; it reads again when someone looks.
      if (document.hidden) return;
      void source.api.diagnostics().then((next) => stopped || setDiagnostics(next), () => undefined);
    };
    read();
    const timer = setInterval(read, DIAGNOSTICS_REFRESH_MS);
    document.addEventListener('visibilitychange', read);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', read);
    };
  }, [source]);

  if (!diagnostics) return null;
  return (
    <section aria-labelledby="dashboard-connection" data-testid="live-connection">
      <h2 id="dashboard-connection">{t('live.title')}</h2>
      <p>{t(WORKER_MODE_LABELS[diagnostics.mode])}</p>
      <dl className="facts">
        {SOCKETS.map((socket) => {
          const link = diagnostics.links[socket];
          return (
            <div key={socket}>
              <dt>{t(SOCKET_LABELS[socket])}</dt>
              <dd data-testid={`live-link-${socket}`}>
                {t(LINK_STATE_LABELS[link.state])}
                {link.opens > 1 && ` · ${t('live.diag.reconnects')} ${link.opens - 1}`}
                {link.lastCloseCode !== undefined && ` · ${t('live.diag.lastCloseCode')} ${link.lastCloseCode}`}
              </dd>
            </div>
          );
        })}
        <dt>{t('live.diag.alarmResume')}</dt>
        <dd data-testid="live-alarm-resume" data-resume={diagnostics.alarmResume}>
          {t(ALARM_RESUME_LABELS[diagnostics.alarmResume])}
        </dd>
        <dt>{t('live.diag.lastSeq')}</dt>
        <dd>{diagnostics.lastSeq ?? '—'}</dd>
        <dt>{t('live.diag.frames')}</dt>
        <dd>{diagnostics.frames.truckFrames + diagnostics.frames.alarmFrames + diagnostics.frames.noticeFrames}</dd>
        {/* Exports fail silently (spec params §7); this is where an operator can see that they did. */}
        <dt>{t('live.diag.exportFailures')}</dt>
        <dd data-testid="export-failures">{exportFailureCount()}</dd>
      </dl>
    </section>
  );
}
