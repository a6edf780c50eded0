// Every state the worker reports has a label in both languages.
import { describe, expect, it } from 'vitest';
import { translate } from '../../domain/i18n';
import { ALARM_RESUME_LABELS, DATA_SOURCE_LABELS, LINK_STATE_LABELS, SOCKET_LABELS, WORKER_MODE_LABELS } from '../../src/live/live-labels';

const ALL = [ALARM_RESUME_LABELS, DATA_SOURCE_LABELS, LINK_STATE_LABELS, SOCKET_LABELS, WORKER_MODE_LABELS].flatMap((labels) => Object.values(labels));

describe('live labels', () => {
  it.each(['zh', 'en'] as const)('are all translated in %s', (lang) => {
    expect(ALL.filter((key) => translate(lang, key) === key)).toEqual([]);
  });

  it('say in both languages when each tab runs its own worker', () => {
    expect(translate('zh', WORKER_MODE_LABELS.dedicated)).toContain('SharedWorker');
    expect(translate('en', WORKER_MODE_LABELS.dedicated)).toContain('SharedWorker');
  });

  it('say in both languages when a reconnect may lose alarms (a backend whose alarms carry no seq)', () => {
    expect(translate('zh', ALARM_RESUME_LABELS.none)).toContain('不支持无损续传');
    expect(translate('en', ALARM_RESUME_LABELS.none)).toContain('No lossless resume');
    expect(translate('en', 'live.diag.alarmResume')).not.toBe('live.diag.alarmResume');
  });
});
