// The "data changed" notice (our extension): the alarm socket tells a console that stored data of a topic changed, so
// its open screens of that topic fetch again; one frame kind for every topic, told apart from alarms by its `notice`.
import { isRecord } from './guards';

/**
 * What changed, as a console's screens depend on it. A later kind of data (a master-data entity) is a new member:
 * server, bus, worker and screens all read this one list.
 */
const DATA_TOPICS = ['eventHandling'] as const;
export type DataTopic = (typeof DATA_TOPICS)[number];

export function isDataTopic(value: unknown): value is DataTopic {
  return (DATA_TOPICS as readonly unknown[]).includes(value);
}

/** The notice's name on the wire. */
export const DATA_CHANGED = 'dataChanged';

/**
 * The alarm socket's notice frame: `{"notice":"dataChanged","topic":"eventHandling"}`. An alarm is an object with a
 * numeric `type` and never a `notice`, so a frame with `notice` is a notice, whatever else it holds.
 */
export interface DataChangedFrame {
  readonly notice: typeof DATA_CHANGED;
  readonly topic: DataTopic;
}

export function dataChangedFrame(topic: DataTopic): DataChangedFrame {
  return { notice: DATA_CHANGED, topic };
}

/** Whether an alarm-socket frame is a notice (valid or not) rather than an alarm. */
export function isNoticeFrame(value: unknown): boolean {
  return isRecord(value) && Object.hasOwn(value, 'notice');
}

/** A clean notice, or undefined for an unknown notice or topic. */
export function parseDataChangedFrame(value: unknown): DataChangedFrame | undefined {
  if (!isRecord(value) || value['notice'] !== DATA_CHANGED || !isDataTopic(value['topic'])) return undefined;
  return dataChangedFrame(value['topic']);
}

