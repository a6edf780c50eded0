// The alarm navigation table: every type leads to a real route under the main layout.
import { describe, expect, it } from 'vitest';
import { alarmPopupUrl, alarmRoutePath, alarmScreen, urgentAlarmUrl } from '../../domain/alarm-routes';
import { ALARM_TYPE_IDS } from '../../domain/alarm-types';
import { DASHBOARD_PATH, routeByPath } from '../../domain/routes';

describe('alarm navigation', () => {
  it.each([
    [201, '/driving_monitor/exception_report/alarm_urgent'],
    [44, '/driving_monitor/exception_report/alarm_urgent'],
    [2, '/driving_monitor/exception_report/alarm_over_speed'],
    [7, '/driving_monitor/exception_report/alarm_off_line'],
    [4, '/driving_monitor/exception_report/alarm_parking'],
    [6, '/driving_monitor/exception_report/alarm_curve_speeding'],
    [5, '/driving_monitor/exception_report/alarm_emergency'],
    [1, '/cargo_monitor/exception_report/alarm_switch_cover'],
    [3, '/cargo_monitor/exception_report/alarm_pipe_water'],
    [202, '/cargo_monitor/exception_report/alm_high_loss'],
    [205, '/cargo_monitor/exception_report/bz_abnormal_oil_loading'],
    [8, '/active_safety/exception_report/alarm_adas_can'],
    [22, '/active_safety/exception_report/alarm_adas_can'],
    [37, '/active_safety/exception_report/alarm_adas_can'],
  ] as const)('sends type %i to %s', (type, path) => {
    expect(alarmScreen(type)).toEqual({ path });
  });

  it.each([
    [203, '/driving_monitor/event_report/sign_dura', 'overlongWork'],
    [204, '/cargo_monitor/exception_report/bz_abnormal_oil_loading', 'noTaskCode'],
    [206, '/driving_monitor/exception_report/alarm_over_speed', 'speedAlarms'],
    [45, '/driving_monitor/exception_report/alarm_over_speed', 'speedAlarms'],
  ] as const)('sends type %i, which no screen of the spec lists, to %s on its alarm tab %s', (type, path, tab) => {
    expect(alarmScreen(type)).toEqual({ path, tab });
  });

  it('leads every alarm type to a report route that exists, none to the dashboard', () => {
    for (const type of ALARM_TYPE_IDS) {
      expect(routeByPath(alarmRoutePath(type))?.kind, String(type)).toBe('report');
      expect(alarmRoutePath(type), String(type)).not.toBe(DASHBOARD_PATH);
    }
  });

  it('names the tab of a pop-up link whose alarm a tab lists, with the pop-up marker and range as any other', () => {
    const url = new URL(alarmPopupUrl({ type: 204, signCode: '沪A·12345', startTime: 1000 }, 5000), 'http://x');
    expect(url.pathname).toBe('/cargo_monitor/exception_report/bz_abnormal_oil_loading');
    expect(Object.fromEntries(url.searchParams)).toEqual({ tab: 'noTaskCode', name: 'alarmPop', signCode: '沪A·12345', startTime: '1000', endTime: '5000', at: '1000' });
  });

  it('marks a pop-up click with name=alarmPop, filtered to the truck from the alarm on, its row to highlight', () => {
    const url = new URL(alarmPopupUrl({ type: 202, signCode: '沪A·12345', startTime: 1000 }, 5000), 'http://x');
    expect(url.pathname).toBe('/cargo_monitor/exception_report/alm_high_loss');
    expect(Object.fromEntries(url.searchParams)).toEqual({ name: 'alarmPop', signCode: '沪A·12345', startTime: '1000', endTime: '5000', at: '1000' });
  });

  it('never gives a pop-up link an end before its start, whatever the clock says', () => {
    const url = new URL(alarmPopupUrl({ type: 1, signCode: 'x', startTime: 9000 }, 5000), 'http://x');
    expect(url.searchParams.get('endTime')).toBe('9000');
  });

  it('opens the urgent screen over [alarm start, now] with the alarm row highlighted', () => {
    expect(urgentAlarmUrl(1000, 5000)).toBe('/driving_monitor/exception_report/alarm_urgent?startTime=1000&endTime=5000&at=1000');
  });
});
