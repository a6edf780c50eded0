// The registry over the routes: every cargo route has its definition, every text a definition names exists in both
// languages, and every definition is coherent (sort, chart and drill-down name real columns and routes).
import { describe, expect, it } from 'vitest';
import { LANGS, translate, type LocaleKey } from '../../../../src/domain/i18n';
import { alarmRoutePath } from '../../../../src/domain/alarm-routes';
import { ALARM_TYPE_IDS } from '../../../../src/domain/alarm-types';
import { DASHBOARD_PATH, routeByPath, routesOfGroup } from '../../../../src/domain/routes';
import { isAggregate, isGrouped, type ReportDef } from '../../../../src/domain/screens/reports/definition';
import { REPORTS, reportFor } from '../../../../src/domain/screens/reports/registry';

const CARGO_GROUPS = ['cargo_event', 'cargo_exception', 'cargo_analysis'] as const;
const DEFS: ReportDef[] = Object.values(REPORTS);

function keysOf(def: ReportDef): LocaleKey[] {
  const keys: LocaleKey[] = def.columns.map((column) => column.labelKey);
  if (def.emptyKey) keys.push(def.emptyKey);
  for (const column of def.columns) keys.push(...Object.values(column.options ?? {}));
  for (const filter of def.filters) {
    if (filter.type !== 'select') continue;
    keys.push(filter.labelKey);
    for (const option of filter.options) if ('labelKey' in option) keys.push(option.labelKey);
  }
  return keys;
}

describe('the report registry', () => {
  it('has a definition for each of the 38 cargo routes, at its own path', () => {
    const paths = CARGO_GROUPS.flatMap((group) => routesOfGroup(group).map((route) => route.path));
    expect(paths).toHaveLength(38);
    for (const path of paths) expect(reportFor(path)?.path, path).toBe(path);
  });

  it('has the screen every alarm pop-up opens, reading rows of that alarm type', () => {
    for (const type of ALARM_TYPE_IDS) {
      const path = alarmRoutePath(type);
      if (path === DASHBOARD_PATH) continue;
      const def = reportFor(path);
      expect(def, `alarm ${type} → ${path}`).toBeDefined();
      if (def?.source.type === 'alarms') expect(def.source.alarmTypes, `alarm ${type} → ${path}`).toContain(type);
    }
  });

  it('defines only report routes', () => {
    for (const def of DEFS) expect(routeByPath(def.path)?.kind, def.path).toBe('report');
  });

  it.each(LANGS)('has every label and option text in %s', (lang) => {
    for (const def of DEFS) {
      for (const key of keysOf(def)) expect(translate(lang, key), `${def.path} ${key}`).not.toBe(key);
    }
  });

  it.each(LANGS)('has no comma in a column label in %s, since the export joins the headers with commas', (lang) => {
    for (const def of DEFS) for (const column of def.columns) expect(translate(lang, column.labelKey)).not.toContain(',');
  });

  it('sorts, charts and drills down by columns it has, into routes that exist', () => {
    for (const def of DEFS) {
      const keys = new Set(def.columns.map((column) => column.key));
      expect(keys.size, def.path).toBe(def.columns.length);
      expect(keys.has(def.sort.key), `${def.path} sort`).toBe(true);
      if (def.chart) {
        expect(keys.has(def.chart.x), `${def.path} chart x`).toBe(true);
        for (const series of def.chart.series) expect(keys.has(series), `${def.path} ${series}`).toBe(true);
      }
      for (const drill of [def.drillDown, def.chart?.drillDown]) {
        if (!drill) continue;
        if (typeof drill.to === 'string') {
          expect(reportFor(drill.to), `${def.path} → ${drill.to}`).toBeDefined();
        } else {
          // An alarm drill-down reads the type from a column of alarm rows.
          expect(keys.has(drill.to.alarmScreenOf), `${def.path} drill ${drill.to.alarmScreenOf}`).toBe(true);
          expect(def.source.type, def.path).toBe('alarmGroups');
        }
        for (const source of Object.values(drill.params)) expect(keys.has(source), `${def.path} drill ${source}`).toBe(true);
      }
    }
  });

  it('keeps aggregates to grouped reports and gives every grouped report a key', () => {
    for (const def of DEFS) {
      const aggregates = def.columns.filter((column) => isAggregate(column.value));
      if (isGrouped(def.source)) expect(aggregates.length, def.path).toBeLessThan(def.columns.length);
      else expect(aggregates, def.path).toEqual([]);
    }
  });
});
