// Where an alarm click leads (shell spec §2 "Alarm navigation"): the alarm screen of each type, and the urgent range link.
import type { AlarmTypeId } from './alarm-types';
import { encodeQuery } from './query-string';
import { DASHBOARD_PATH } from './routes';

const DRIVING = '/driving_monitor/exception_report';
const CARGO = '/cargo_monitor/exception_report';
const ADAS = '/active_safety/exception_report/alarm_adas_can';

/** The query parameter value that tells an alarm screen it was opened from a pop-up. */
export const ALARM_POP_NAME = 'alarmPop';

/** The urgent alarm screen: the urgent dialog's rows and its desktop notification lead there. */
export const URGENT_ALARM_PATH = `${DRIVING}/alarm_urgent`;

const ROUTE_BY_TYPE: Readonly<Partial<Record<AlarmTypeId, string>>> = {
  201: URGENT_ALARM_PATH,
  44: URGENT_ALARM_PATH,
  2: `${DRIVING}/alarm_over_speed`,
  45: `${DRIVING}/alarm_over_speed`,
  7: `${DRIVING}/alarm_off_line`,
  4: `${DRIVING}/alarm_parking`,
  6: `${DRIVING}/alarm_curve_speeding`,
  5: `${DRIVING}/alarm_emergency`,
  1: `${CARGO}/alarm_switch_cover`,
  3: `${CARGO}/alarm_pipe_water`,
  202: `${CARGO}/alm_high_loss`,
  205: `${CARGO}/bz_abnormal_oil_loading`,
};

/** The alarm screen of a type: ADAS types 8–37 share one screen; a type without a screen goes to the dashboard. */
export function alarmRoutePath(type: AlarmTypeId): string {
  const direct = ROUTE_BY_TYPE[type];
  if (direct) return direct;
  if (type >= 8 && type <= 37) return ADAS;
  return DASHBOARD_PATH;
}

/** What a link into an alarm screen needs of the alarm. */
export interface AlarmLinkSubject {
  readonly type: AlarmTypeId;
  readonly signCode: string;
  /** The alarm's start, epoch ms: the report row with this start is highlighted. */
  readonly startTime: number;
}

/**
 * The link of a pop-up click: the type's screen with `name=alarmPop`, filtered to the truck over [alarm start, now],
 * with the alarm's row (its start, `at`) highlighted. Report screens read these as their filters (url-query.ts).
 */
export function alarmPopupUrl(alarm: AlarmLinkSubject, nowMs: number): string {
  const query = encodeQuery([
    ['name', ALARM_POP_NAME],
    ['signCode', alarm.signCode],
    ['startTime', String(alarm.startTime)],
    ['endTime', String(Math.max(alarm.startTime, nowMs))],
    ['at', String(alarm.startTime)],
  ]);
  return `${alarmRoutePath(alarm.type)}?${query}`;
}

/** The link of an urgent-dialog row: the urgent alarm screen over [alarm start, now], both in ms. */
export function urgentAlarmUrl(startMs: number, nowMs: number): string {
  return `${URGENT_ALARM_PATH}?startTime=${startMs}&endTime=${nowMs}&at=${startMs}`;
}
