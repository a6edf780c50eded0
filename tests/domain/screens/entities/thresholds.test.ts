// The alarm-threshold screens' definitions: every field labelled in zh and en, one row per company where a company has
// one setting, minutes as non-negative integers, and defaults equal to the constants detection used before thresholds.
import { describe, expect, it } from 'vitest';
import { HIGH_LOSS_RATE } from '../../../../domain/events';
import { LANGS, translate } from '../../../../domain/i18n';
import { routeByPath } from '../../../../domain/routes';
import { DEFAULT_THRESHOLDS, THRESHOLD_ENTITIES } from '../../../../domain/screens/entities/thresholds';
import { entityFor } from '../../../../domain/screens/entities/registry';
import { fieldProblem } from '../../../../domain/screens/entities/validate';
import { OVERSPEED_KMH } from '../../../../domain/screens/reports/driver-events';

const DEFS = Object.values(THRESHOLD_ENTITIES);
const FIELDS = DEFS.flatMap((def) => def.fields.map((field) => [def.path.split('/').pop() ?? '', field.key, field] as const));

describe('the alarm-threshold screens', () => {
  it('are the five threshold routes of spec 2 §3.2, each in the registry', () => {
    expect(DEFS.map((def) => def.path.split('/').pop()).sort()).toEqual(['manage_patameter', 'no_abnormal', 'oil_send', 'st_abnormal_oil_loading', 'threshold']);
    for (const def of DEFS) {
      expect(routeByPath(def.path)?.group, def.path).toBe('alarm_threshold');
      expect(entityFor(def.path), def.path).toBe(def);
    }
  });

  describe.each(LANGS)('in %s', (lang) => {
    it.each(FIELDS)('labels %s.%s', (_screen, _key, field) => {
      expect(translate(lang, field.labelKey)).not.toBe(field.labelKey);
    });
  });

  it.each(['threshold', 'manage_patameter', 'st_abnormal_oil_loading'])('keeps one %s row per company: its company field is unique', (screen) => {
    const def = DEFS.find((entry) => entry.path.endsWith(`/${screen}`));
    expect(def?.fields.find((field) => field.key === 'companyCode')).toMatchObject({ type: 'company', unique: 'company', required: true });
  });

  it('takes minutes, litres and the radius as required non-negative integers', () => {
    const counts = FIELDS.filter(([, key]) => /Min$|ToleranceL$|^radiusM$|Kmh$/.test(key)).map(([, , field]) => field);
    expect(counts.length).toBe(7);
    for (const field of counts) expect(field, field.key).toMatchObject({ type: 'integer', required: true, min: expect.any(Number) as number });
    expect(counts.every((field) => (field.min ?? -1) >= 0)).toBe(true);
  });

  it.each(LANGS)('takes the seal-break count and open value of spec §5 on the threshold screen as optional non-negative integers (%s)', (lang) => {
    const threshold = THRESHOLD_ENTITIES['/setting/alarm_threshold/threshold'];
    for (const key of ['sealBreakCount', 'openValue']) {
      const field = threshold.fields.find((candidate) => candidate.key === key);
      if (!field) throw new Error(`no ${key} on the threshold screen`);
      expect(field, key).toMatchObject({ type: 'integer', min: 0, list: true });
      expect(field.required, key).toBeUndefined();
      expect(fieldProblem(field, ''), key).toBeUndefined();
      expect(fieldProblem(field, '0'), key).toBeUndefined();
      for (const bad of ['-1', '1.5', 'x']) {
        const problem = fieldProblem(field, bad);
        expect(problem?.key, `${key}=${bad}`).toBe('validation.nonNegativeInteger');
        if (problem) expect(translate(lang, problem.key)).toBe(lang === 'zh' ? '请输入非负整数' : 'Please enter a non-negative integer');
      }
    }
  });

  it('defaults to the limits detection used before: 80 km/h, a 20-minute stop, offline at once, 3‰, 600 minutes', () => {
    expect(DEFAULT_THRESHOLDS).toMatchObject({ overspeedKmh: 80, parkingTimeoutMin: 20, offlineTimeoutMin: 0, highLossPermille: 3, overlongWorkMin: 600 });
    expect(DEFAULT_THRESHOLDS.highLossPermille / 1000).toBe(HIGH_LOSS_RATE);
    expect(OVERSPEED_KMH).toBe(DEFAULT_THRESHOLDS.overspeedKmh);
  });
});
