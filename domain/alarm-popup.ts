// The lines of one alarm pop-up by type (shell spec §3, §9): 202 loss figures, 203 working time, 205 planned vs actual oil.
import { alarmTypeLabelKey } from './alarm-types';
import { formatDuration } from './format/duration';
import { formatLoss, formatLossRate } from './format/loss';
import { displayDateTime } from './format/time';
import { fuelLabelKey } from './fuel';
import { translate, type Lang, type LocaleKey } from './i18n';
import type { LiveAlarm } from './wire/live-alarm';

interface PopupLine {
  readonly key: LocaleKey;
  readonly text: string;
}

const line = (lang: Lang, key: LocaleKey, value: string | number): PopupLine => ({ key, text: translate(lang, key, { value }) });

/** The rendered lines of a pop-up in `lang`, in display order. */
export function alarmPopupLines(alarm: LiveAlarm, lang: Lang): readonly PopupLine[] {
  const type = line(lang, 'alarmPopup.type', translate(lang, alarmTypeLabelKey(alarm.type)));
  const plate = line(lang, 'alarmPopup.plate', alarm.signCode);
  switch (alarm.type) {
    case 202: {
      const p = alarm.properties;
      return [
        type, plate,
        line(lang, 'alarmPopup.loss', formatLoss(p.loss)),
        line(lang, 'alarmPopup.lossRate', formatLossRate(p.lossRate)),
        line(lang, 'alarmPopup.threshold', formatLossRate(p.highLossRateThreshold)),
        line(lang, 'alarmPopup.startTime', displayDateTime(p.startTime, lang)),
        line(lang, 'alarmPopup.endTime', displayDateTime(p.endTime, lang)),
        line(lang, 'alarmPopup.startArea', p.startArea),
        line(lang, 'alarmPopup.endArea', p.endArea),
      ];
    }
    case 203: {
      const p = alarm.properties;
      return [
        type, plate,
        line(lang, 'alarmPopup.company', p.companyName),
        line(lang, 'alarmPopup.driver', p.driver.name),
        line(lang, 'alarmPopup.workingDuration', formatDuration(p.driverWorkingDuration, 'minutes', lang)),
      ];
    }
    case 205: {
      const p = alarm.properties;
      return [
        type, plate,
        line(lang, 'alarmPopup.taskCode', p.taskCode),
        line(lang, 'alarmPopup.tank', p.tankSequence),
        line(lang, 'alarmPopup.oil', translate(lang, fuelLabelKey(p.oilCode))),
        line(lang, 'alarmPopup.actualOil', translate(lang, fuelLabelKey(p.actualOilCode))),
        line(lang, 'alarmPopup.mass', p.mass),
        line(lang, 'alarmPopup.actualMass', p.actualMass),
      ];
    }
    default:
      return [
        type, plate,
        line(lang, 'alarmPopup.startTime', displayDateTime(alarm.startTime, lang)),
        line(lang, 'alarmPopup.remark', alarm.remark),
      ];
  }
}
