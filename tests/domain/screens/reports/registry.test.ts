// The registry over the routes: every report route has its definition, every text a definition names exists in both
// languages, and every definition (each tab of a screen of several) is coherent: sort, chart and drill-down name real
// columns, routes and tabs; values suit their source; scores read columns the report has.
import { describe, expect, it } from 'vitest';
import { carriesProcess } from '../../../../domain/events';
import { LANGS, translate, type LocaleKey } from '../../../../domain/i18n';
import { PROCESS_STATES } from '../../../../domain/process-states';
import { alarmScreen } from '../../../../domain/alarm-routes';
import { ALARM_TYPE_IDS, type AlarmTypeId } from '../../../../domain/alarm-types';
import type { EventKind } from '../../../../domain/events';
import { ROUTES, routeByPath, routesOfGroup } from '../../../../domain/routes';
import { isAggregate, isDerived, isGrouped, RECORD_FIELDS, type ReportDef } from '../../../../domain/screens/reports/definition';
import { REPORT_DEFS, REPORTS, reportFor, reportId, tabsOf } from '../../../../domain/screens/reports/registry';
import { REASON_KEYS, reasonLabelKey, SCORES } from '../../../../domain/screens/reports/scores';

const CARGO_GROUPS = ['cargo_event', 'cargo_exception', 'cargo_analysis'] as const;
/** The driving, active-safety and device-health areas, and the upload statistics among the base data. */
const DRIVING_DEVICE_GROUPS = ['driving_event', 'driving_exception', 'driving_analysis', 'active_safety', 'device_console', 'device_other', 'device_analysis'] as const;
const DEFS: readonly ReportDef[] = REPORT_DEFS;
/** Monitor routes whose screen is a report (the water-truck figures). */
const MONITOR_REPORTS: readonly string[] = ['/monitor/sprinkler_statistics', '/monitor/sprinkler_inventory'];
/** The event row each alarm is raised with, where its screen lists events (docs/events.md "Alarms and their rows"). */
const ALARM_EVENT_KINDS: Readonly<Partial<Record<AlarmTypeId, EventKind>>> = {
  1: 'switch_cover', 2: 'overspeed', 3: 'pipe_water', 4: 'parking', 7: 'offline', 202: 'trip', 205: 'load',
};

function keysOf(def: ReportDef): LocaleKey[] {
  const keys: LocaleKey[] = def.columns.map((column) => column.labelKey);
  if (def.emptyKey) keys.push(def.emptyKey);
  if (def.tab) keys.push(def.tab.labelKey);
  for (const column of def.columns) keys.push(...Object.values(column.options ?? {}));
  for (const filter of def.filters) {
    if (filter.type !== 'select' && filter.type !== 'text') continue;
    keys.push(filter.labelKey);
    if (filter.type === 'text') continue;
    for (const option of filter.options) {
      if ('labelKey' in option) keys.push(option.labelKey);
      if (option.emptyKey) keys.push(option.emptyKey);
    }
  }
  return keys;
}

describe('the report registry', () => {
  it('has a definition for each of the 38 cargo routes, at its own path', () => {
    const paths = CARGO_GROUPS.flatMap((group) => routesOfGroup(group).map((route) => route.path));
    expect(paths).toHaveLength(38);
    for (const path of paths) expect(reportFor(path)?.path, path).toBe(path);
  });

  it('has a definition for each of the 36 driving, active-safety and device routes and the upload statistics', () => {
    const paths = [...DRIVING_DEVICE_GROUPS.flatMap((group) => routesOfGroup(group).map((route) => route.path)), '/setting/base_data/upload_statistic'];
    expect(paths).toHaveLength(37);
    for (const path of paths) expect(reportFor(path)?.path, path).toBe(path);
  });

  it('has a definition for every report route, and every other definition serves one of the two water-truck monitor routes', () => {
    const reportRoutes = ROUTES.filter((route) => route.kind === 'report');
    expect([...reportRoutes.map((route) => route.path), ...MONITOR_REPORTS].sort()).toEqual(Object.keys(REPORTS).sort());
  });

  it('gives a screen of several tabs a labelled first tab and distinct tab keys at its own path', () => {
    const screens = Object.values(REPORTS).filter((def) => def.tabs !== undefined);
    expect(screens.map((def) => def.path).sort()).toEqual([
      '/cargo_monitor/exception_report/bz_abnormal_oil_loading', '/driving_monitor/data_analysis/exception_rate',
      '/driving_monitor/data_analysis/fency_mileage', '/driving_monitor/event_report/sign_dura',
      '/driving_monitor/exception_report/alarm_over_speed', '/monitor/sprinkler_inventory',
    ]);
    for (const def of screens) {
      const tabs = tabsOf(def);
      expect(tabs[0], def.path).toBe(def);
      expect(new Set(tabs.map((tab) => tab.tab?.key)).size, def.path).toBe(tabs.length);
      for (const tab of tabs) {
        expect(tab.path, reportId(tab)).toBe(def.path);
        expect(tab.tab, reportId(tab)).toBeDefined();
        expect(reportFor(def.path, tab.tab?.key), reportId(tab)).toBe(tab);
        if (tab !== def) expect(tab.tabs, reportId(tab)).toBeUndefined();
      }
    }
    expect(new Set(DEFS.map(reportId)).size).toBe(DEFS.length);
  });

  it('reads record fields of its own table, computed fields only from a computed source, and derives scores from columns it has', () => {
    for (const def of DEFS) {
      const keys = new Set(def.columns.map((column) => column.key));
      for (const column of def.columns) {
        const value = column.value;
        if (value.from === 'record') {
          expect(def.source.type, `${reportId(def)} ${column.key}`).toBe('records');
          if (def.source.type === 'records') expect(Object.keys(RECORD_FIELDS[def.source.table]), `${reportId(def)} ${column.key}`).toContain(value.field);
        }
        if (value.from === 'computed') expect(def.source.type, `${reportId(def)} ${column.key}`).toBe('computed');
        // A computed row carries only its own fields: every column reads one of them or is derived from them.
        if (def.source.type === 'computed') expect(value.from === 'computed' || isDerived(value), `${reportId(def)} ${column.key}`).toBe(true);
        if (isDerived(value)) {
          expect(isGrouped(def.source) || def.source.type === 'computed', `${reportId(def)}: a score orders in memory`).toBe(true);
          for (const term of SCORES[value.score].terms) expect(keys.has(term.column), `${reportId(def)} score reads ${term.column}`).toBe(true);
          expect(def.columns.filter((other) => other.value.from === 'reasons'), `${reportId(def)} shows its reasons`).toHaveLength(1);
        }
      }
    }
  });

  it.each(LANGS)('names every score deduction in %s with its figure and points', (lang) => {
    for (const key of REASON_KEYS) {
      const text = translate(lang, reasonLabelKey(key), { rate: '1.50', points: '12.0' });
      expect(text, key).toContain('1.50');
      expect(text, key).toContain('12.0');
    }
  });

  it('leads every alarm type of the catalogue to a screen (and tab) that lists alarms of that type', () => {
    for (const type of ALARM_TYPE_IDS) {
      const screen = alarmScreen(type);
      const where = `alarm ${type} → ${screen.path}${screen.tab ? `#${screen.tab}` : ''}`;
      const def = reportFor(screen.path, screen.tab);
      expect(def, where).toBeDefined();
      if (!def) continue;
      // An unknown tab key opens the first tab: the named one must exist.
      if (screen.tab) expect(def.tab?.key, where).toBe(screen.tab);
      const { source } = def;
      if (source.type === 'alarms') expect(source.alarmTypes, where).toContain(type);
      else if (source.type === 'events') expect(source.kinds, where).toContain(ALARM_EVENT_KINDS[type]);
      else expect.fail(`${where} lists ${source.type}, not alarms or their events`);
    }
  });

  it('defines only report routes and the water-truck monitor routes', () => {
    for (const def of DEFS) {
      const kind = routeByPath(def.path)?.kind;
      expect(kind === 'report' || (kind === 'monitor' && MONITOR_REPORTS.includes(def.path)), reportId(def)).toBe(true);
    }
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
          const target = reportFor(drill.to, drill.tab);
          expect(target, `${def.path} → ${drill.to}`).toBeDefined();
          if (drill.tab) expect(target?.tab?.key, `${def.path} → ${drill.to} tab ${drill.tab}`).toBe(drill.tab);
          // A row's values become the target's filters: each must be one it has (or the day or month of its range).
          const targetKeys = new Set(target?.filters.flatMap((filter) => ('key' in filter ? [filter.key] : filter.type === 'plate' ? ['signCode'] : [])));
          for (const param of Object.keys(drill.params)) {
            if (param !== 'day' && param !== 'month') expect(targetKeys.has(param), `${def.path} → ${drill.to} filter ${param}`).toBe(true);
          }
        } else if ('playback' in drill.to) {
          // A playback opens on the row's plate over its day or its span.
          expect(routeByPath(drill.to.playback)?.kind, `${def.path} → ${drill.to.playback}`).toBe('monitor');
          expect(drill.params.plate, `${def.path} playback plate`).toBe('signCode');
          expect(drill.params.day !== undefined || (drill.params.from !== undefined && drill.params.to !== undefined), `${def.path} playback span`).toBe(true);
        } else {
          // An alarm drill-down reads the type from a column of alarm rows.
          expect(keys.has(drill.to.alarmScreenOf), `${def.path} drill ${drill.to.alarmScreenOf}`).toBe(true);
          expect(def.source.type, def.path).toBe('alarmGroups');
        }
        for (const source of Object.values(drill.params)) expect(keys.has(source), `${def.path} drill ${source}`).toBe(true);
      }
    }
  });

  it('shows and filters the process state, all ten, in every report whose rows are events that carry one, and in no other', () => {
    const carrying = DEFS.filter((def) => def.source.type === 'events' && def.source.kinds.every(carriesProcess)).map(reportId);
    expect(carrying.length).toBeGreaterThan(10);
    for (const def of DEFS) {
      const column = def.columns.find((candidate) => candidate.key === 'process');
      const filter = def.filters.find((candidate) => candidate.type === 'select' && candidate.key === 'process');
      const shown = { column: column?.format, filter: filter?.type === 'select' ? filter.options.map((option) => option.value) : undefined };
      const expected = carrying.includes(reportId(def)) ? { column: 'process', filter: [...PROCESS_STATES] } : { column: undefined, filter: undefined };
      expect(shown, reportId(def)).toEqual(expected);
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
