// Every state the worker reports has a label in both languages.
import { describe, expect, it } from 'vitest';
import { translate } from '../../src/domain/i18n';
import {
  DATA_SOURCE_LABELS, LINK_STATE_LABELS, REPLAY_STATE_LABELS, SOCKET_LABELS, TAB_LIVENESS_LABELS, WORKER_MODE_LABELS,
} from '../../src/live/live-labels';

const ALL = [DATA_SOURCE_LABELS, LINK_STATE_LABELS, REPLAY_STATE_LABELS, SOCKET_LABELS, TAB_LIVENESS_LABELS, WORKER_MODE_LABELS]
  .flatMap((labels) => Object.values(labels));

describe('live labels', () => {
  it.each(['zh', 'en'] as const)('are all translated in %s', (lang) => {
    expect(ALL.filter((key) => translate(lang, key) === key)).toEqual([]);
  });

  it('say in both languages when each tab runs its own worker', () => {
    expect(translate('zh', WORKER_MODE_LABELS.dedicated)).toContain('SharedWorker');
    expect(translate('en', WORKER_MODE_LABELS.dedicated)).toContain('SharedWorker');
  });
});
