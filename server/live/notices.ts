// The alarm socket's notices of changed data (docs/api.md): one path for every kind (the hub's publishNotice, the bus's
// `notice` message, the alarm feed's one filter); what differs by kind is here: who hears it, its frame, its bus form.
import { ALARM_STATE_CHANGED, alarmStateFrame, parseAlarmStateFrame, type AlarmStateFrame } from '../../domain/wire/alarm-inbox';
import { entityFor } from '../../domain/screens/entities/registry';
import { dataChangedFrame, isDataTopic, type DataChangedFrame } from '../../domain/wire/data-notice';
import { entityChangedFrame, type EntityChangedFrame } from '../../domain/wire/entity-notice';
import { isRecord, isStringArray } from '../../domain/wire/guards';
import { seesEntityChange, type EntityViewer } from './entity-notices';
import type { Notice, NoticeKind } from './hub';

export type NoticeFrame = DataChangedFrame | EntityChangedFrame | AlarmStateFrame;

/** What an alarm socket knows of its user when a notice arrives. */
export interface NoticeViewer extends EntityViewer {
  /** The companies the socket follows: its open message's, within the user's (as alarms reach it). */
  readonly followed: ReadonlySet<string>;
}

interface KindRules<K extends NoticeKind> {
  hears(viewer: NoticeViewer, notice: Notice<K>): boolean;
  frame(notice: Notice<K>): NoticeFrame;
  /** A bus message's notice read whole, only its own fields kept; undefined when malformed. */
  parse(value: Readonly<Record<string, unknown>>): Notice<K> | undefined;
}

const KINDS: { readonly [K in NoticeKind]: KindRules<K> } = {
  dataChanged: {
    // As an alarm of one of those companies would reach the socket.
    hears: (viewer, notice) => notice.companyCodes.some((code) => viewer.followed.has(code)),
    frame: (notice) => dataChangedFrame(notice.topic),
    parse: ({ topic, companyCodes }) => (isDataTopic(topic) && isStringArray(companyCodes) ? { kind: 'dataChanged', topic, companyCodes } : undefined),
  },
  alarmState: {
    hears: (viewer, notice) => viewer.followed.has(notice.companyCode),
    frame: (notice) => alarmStateFrame(notice.changes),
    parse: ({ companyCode, changes }) => {
      if (typeof companyCode !== 'string' || !Array.isArray(changes)) return undefined;
      const clean = parseAlarmStateFrame({ notice: ALARM_STATE_CHANGED, changes }) ?? [];
      return clean.length === changes.length ? { kind: 'alarmState', companyCode, changes: clean } : undefined;
    },
  },
  entityChanged: {
    // By the user's rights rather than the companies the socket follows: a picker offers every company the user sees.
    hears: seesEntityChange,
    frame: (notice) => entityChangedFrame(notice.path, notice.key, notice.companyCode),
    // A registered entity's path, a key and a company code or null.
    parse: ({ path, key, companyCode }) => {
      const def = typeof path === 'string' ? entityFor(path) : undefined;
      if (!def || typeof key !== 'string' || (companyCode !== null && typeof companyCode !== 'string')) return undefined;
      return { kind: 'entityChanged', path: def.path, key, companyCode };
    },
  },
};

const isNoticeKind = (value: unknown): value is NoticeKind => typeof value === 'string' && Object.hasOwn(KINDS, value);

/** The frame this viewer's alarm socket sends for the notice, or undefined when it must not hear of it. */
export function noticeFor<K extends NoticeKind>(viewer: NoticeViewer, notice: Notice<K>): NoticeFrame | undefined {
  const rules: KindRules<K> = KINDS[notice.kind];
  return rules.hears(viewer, notice) ? rules.frame(notice) : undefined;
}

/** A notice as the bus carried it, or undefined for an unknown kind or a malformed one. */
export function parseNotice(value: unknown): Notice | undefined {
  return isRecord(value) && isNoticeKind(value['kind']) ? KINDS[value['kind']].parse(value) : undefined;
}
