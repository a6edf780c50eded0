// Where an alarm click leads (shell spec §2 "Alarm navigation"): the report screen (and tab) that lists each type, and
// the urgent range link.
import type { AlarmTypeId } from './alarm-types';
import { encodeQuery } from './query-string';
import type { ReportPath } from './screens/reports/definition';

const DRIVING = '/driving_monitor/exception_report';
const CARGO = '/cargo_monitor/exception_report';
const ADAS = '/active_safety/exception_report/alarm_adas_can';

/** The query parameter value that tells an alarm screen it was opened from a pop-up. */
export const ALARM_POP_NAME = 'alarmPop';

/** The urgent alarm screen: the urgent dialog's rows and its desktop notification lead there. */
export const URGENT_ALARM_PATH = `${DRIVING}/alarm_urgent`;

/** A report screen that lists an alarm type: its route, and the tab that lists it when that is not the first. */
interface AlarmScreen {
  readonly path: ReportPath;
  readonly tab?: string;
}

/**
 * The types without a screen of their own (203, 204, 206 and the device's 45) are listed, as alarms, by a tab of the
 * screen of their subject: the drivers' sign-ins, abnormal loading, overspeed (docs/reports.md "Alarm screens").
 */
const SCREEN_BY_TYPE: Readonly<Partial<Record<AlarmTypeId, AlarmScreen>>> = {
  201: { path: URGENT_ALARM_PATH },
  44: { path: URGENT_ALARM_PATH },
  2: { path: `${DRIVING}/alarm_over_speed` },
  45: { path: `${DRIVING}/alarm_over_speed`, tab: 'speedAlarms' },
  206: { path: `${DRIVING}/alarm_over_speed`, tab: 'speedAlarms' },
  7: { path: `${DRIVING}/alarm_off_line` },
  4: { path: `${DRIVING}/alarm_parking` },
  6: { path: `${DRIVING}/alarm_curve_speeding` },
  5: { path: `${DRIVING}/alarm_emergency` },
  203: { path: '/driving_monitor/event_report/sign_dura', tab: 'overlongWork' },
  1: { path: `${CARGO}/alarm_switch_cover` },
  3: { path: `${CARGO}/alarm_pipe_water` },
  202: { path: `${CARGO}/alm_high_loss` },
  204: { path: `${CARGO}/bz_abnormal_oil_loading`, tab: 'noTaskCode' },
  205: { path: `${CARGO}/bz_abnormal_oil_loading` },
};

/** The screen that lists a type: ADAS types 8–37 share one screen. */
export function alarmScreen(type: AlarmTypeId): AlarmScreen {
  return SCREEN_BY_TYPE[type] ?? { path: ADAS };
}

/** The route of a type's alarm screen (what a user's menu must hold to follow the alarm). */
export function alarmRoutePath(type: AlarmTypeId): ReportPath {
  return alarmScreen(type).path;
}

/** What a link into an alarm screen needs of the alarm. */
interface AlarmLinkSubject {
  readonly type: AlarmTypeId;
  readonly signCode: string;
  /** The alarm's start, epoch ms: the report row with this start is highlighted. */
  readonly startTime: number;
}

/**
 * The link of a pop-up click: the type's screen (on its tab) with `name=alarmPop`, filtered to the truck over [alarm
 * start, now], with the alarm's row (its start, `at`) highlighted. Report screens read these as their filters
 * (url-query.ts).
 */
export function alarmPopupUrl(alarm: AlarmLinkSubject, nowMs: number): string {
  const screen = alarmScreen(alarm.type);
  const query = encodeQuery([
    ['tab', screen.tab],
    ['name', ALARM_POP_NAME],
    ['signCode', alarm.signCode],
    ['startTime', String(alarm.startTime)],
    ['endTime', String(Math.max(alarm.startTime, nowMs))],
    ['at', String(alarm.startTime)],
  ]);
  return `${screen.path}?${query}`;
}

/** The link of an urgent-dialog row: the urgent alarm screen over [alarm start, now], both in ms. */
export function urgentAlarmUrl(startMs: number, nowMs: number): string {
  return `${URGENT_ALARM_PATH}?startTime=${startMs}&endTime=${nowMs}&at=${startMs}`;
}
