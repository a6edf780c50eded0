// Label keys for what the live worker reports (diagnostics, link states, data source), typed against the locale files.
import type { LocaleKey } from '../../domain/i18n';
import type { SocketName } from '../../domain/wire/sockets';
import type { AlarmResume, DataSource, LinkStatus, WorkerMode } from '../../workers/live-api';

/** "dedicated" is how diagnostics say that this browser has no SharedWorker and every tab holds its own sockets. */
export const WORKER_MODE_LABELS = {
  shared: 'live.mode.shared',
  dedicated: 'live.mode.dedicated',
} as const satisfies Record<WorkerMode, LocaleKey>;

export const SOCKET_LABELS = {
  truck: 'live.socket.truck',
  alarm: 'live.socket.alarm',
} as const satisfies Record<SocketName, LocaleKey>;

export const LINK_STATE_LABELS = {
  idle: 'live.link.idle',
  connecting: 'live.link.connecting',
  open: 'live.link.open',
  waiting: 'live.link.waiting',
  stopped: 'live.link.stopped',
  rejected: 'live.link.rejected',
} as const satisfies Record<LinkStatus['state'], LocaleKey>;

export const DATA_SOURCE_LABELS = {
  none: 'live.source.none',
  hydrated: 'live.source.hydrated',
  live: 'live.source.live',
  replay: 'live.source.replay',
} as const satisfies Record<DataSource, LocaleKey>;

/** "none" is how diagnostics say that the backend's alarms carry no seq, so a reconnect may miss alarms (legacy backend). */
export const ALARM_RESUME_LABELS = {
  unknown: 'live.resume.unknown',
  lossless: 'live.resume.lossless',
  none: 'live.resume.none',
} as const satisfies Record<AlarmResume, LocaleKey>;
