// The alarm navigation table: every type leads to a real route under the main layout.
import { describe, expect, it } from 'vitest';
import { alarmPopupUrl, alarmRoutePath, urgentAlarmUrl } from '../../src/domain/alarm-routes';
import { ALARM_TYPE_IDS } from '../../src/domain/alarm-types';
import { DASHBOARD_PATH, routeByPath } from '../../src/domain/routes';

describe('alarm navigation', () => {
  it.each([
    [201, '/driving_monitor/exception_report/alarm_urgent'],
    [44, '/driving_monitor/exception_report/alarm_urgent'],
    [2, '/driving_monitor/exception_report/alarm_over_speed'],
    [45, '/driving_monitor/exception_report/alarm_over_speed'],
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
    [203, DASHBOARD_PATH],
    [204, DASHBOARD_PATH],
    [206, DASHBOARD_PATH],
  ] as const)('sends type %i to %s', (type, path) => {
    expect(alarmRoutePath(type)).toBe(path);
  });

  it('leads every alarm type to a route that exists', () => {
    for (const type of ALARM_TYPE_IDS) expect(routeByPath(alarmRoutePath(type)), String(type)).toBeDefined();
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
