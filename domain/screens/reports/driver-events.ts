// The alarms a driver's score counts, by category (docs/scores.md), and the default overspeed limit GPS history
// compares fixes with.
import type { AlarmTypeId } from '../../alarm-types';
import type { LocaleKey } from '../../i18n';
import { DEFAULT_THRESHOLDS } from '../entities/thresholds';

/**
 * The default overspeed threshold, km/h: alarm 2 fires above a company's own threshold (setting/alarm_threshold/
 * threshold), this one where the company has none. GPS history's overspeed-only filter compares every fix with it: a
 * report definition has one limit for all companies (docs/thresholds.md). Driver scores count the alarms, so they follow
 * each company's threshold.
 */
export const OVERSPEED_KMH = DEFAULT_THRESHOLDS.overspeedKmh;

export const DRIVER_EVENT_CATEGORY_NAMES = ['overspeed', 'harsh', 'fatigue', 'adas'] as const;
export type DriverEventCategory = (typeof DRIVER_EVENT_CATEGORY_NAMES)[number];

/**
 * The alarm types of each category. Overspeed is the platform's alarm (2): the device's own (45) fires within the same
 * spell and would count it twice. Fatigue includes the platform's overlong working hours (203); ADAS is every other
 * driver-assistance and driver-monitoring alarm.
 */
export const DRIVER_EVENT_TYPES: Readonly<Record<DriverEventCategory, readonly AlarmTypeId[]>> = {
  overspeed: [2],
  harsh: [5, 28, 29, 30],
  fatigue: [16, 35, 36, 203],
  adas: [8, 9, 10, 11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 22, 31, 32, 33, 34, 37],
};

/** A category's label, as an enum cell's options. */
export const DRIVER_EVENT_CATEGORIES: Readonly<Record<DriverEventCategory, LocaleKey>> = {
  overspeed: 'report.driverEvent.overspeed',
  harsh: 'report.driverEvent.harsh',
  fatigue: 'report.driverEvent.fatigue',
  adas: 'report.driverEvent.adas',
};

/** The category of an alarm type, if the score counts it. */
export function driverEventCategory(type: number): DriverEventCategory | undefined {
  return DRIVER_EVENT_CATEGORY_NAMES.find((category) => (DRIVER_EVENT_TYPES[category] as readonly number[]).includes(type));
}
