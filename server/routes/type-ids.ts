// Strict reading of an alarm type-id comma list from a request: unknown ids are named, not silently dropped.
import { isAlarmTypeId, parseTypeIds, type AlarmTypeId } from '../../domain/alarm-types';

interface ReadTypeIds {
  /** Known ids, duplicates dropped, first-seen order kept. */
  readonly ids: AlarmTypeId[];
  /** The parts that are not known alarm type ids, as sent. */
  readonly unknown: string[];
}

/** Blanks between commas are ignored; every other part must be a known alarm type id. */
export function readTypeIds(list: string | undefined): ReadTypeIds {
  const parts = (list ?? '').split(',').map((part) => part.trim()).filter((part) => part !== '');
  const unknown = parts.filter((part) => !/^\d+$/.test(part) || !isAlarmTypeId(Number(part)));
  return { ids: parseTypeIds(list), unknown };
}
