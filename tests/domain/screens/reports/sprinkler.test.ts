// The water-truck report definitions: served on their monitor routes, reading sprinklers only, summing what a
// dispatcher balances, and opening the sprinkler playback on a row's truck and day or run.
import { describe, expect, it } from 'vitest';
import { routeByPath } from '../../../../domain/routes';
import { isAggregate, type ReportDef } from '../../../../domain/screens/reports/definition';
import { reportCallPath, reportFor, REPORTS, tabsOf } from '../../../../domain/screens/reports/registry';
import { SPRINKLER_REPORTS } from '../../../../domain/screens/reports/sprinkler';
import { dayRange, drillDownUrl } from '../../../../domain/screens/reports/url-query';

const statistics = SPRINKLER_REPORTS['/monitor/sprinkler_statistics'];
const inventory = SPRINKLER_REPORTS['/monitor/sprinkler_inventory'];
const ledger = reportFor('/monitor/sprinkler_inventory', 'ledger') as ReportDef;

const keysOf = (def: ReportDef) => def.columns.map((column) => column.key);
const query = (url: string | undefined) => new URLSearchParams(url?.split('?')[1] ?? '');

describe('the water-truck report definitions', () => {
  it('serve the two monitor routes from the registry, their calls below /report like any report', () => {
    for (const def of [statistics, inventory]) {
      expect(routeByPath(def.path)?.kind).toBe('monitor');
      expect(REPORTS[def.path]).toBe(def);
    }
    expect(reportCallPath(statistics)).toBe('/report/monitor/sprinkler_statistics');
    expect(reportCallPath(ledger)).toBe('/report/monitor/sprinkler_inventory/ledger');
    expect(tabsOf(inventory).map((tab) => tab.tab?.key)).toEqual(['days', 'ledger']);
  });

  it('read only sprinkler trucks, on every tab', () => {
    for (const def of [statistics, ...tabsOf(inventory)]) {
      expect(def.source.type === 'groups' || def.source.type === 'events').toBe(true);
      if (def.source.type === 'groups' || def.source.type === 'events') expect(def.source.trucks).toEqual({ model: 'sprinkler' });
    }
  });

  it('group spray statistics per truck and day, with runs, volume, distance and time summed in the summary row', () => {
    expect(statistics.source).toMatchObject({ type: 'groups', kinds: ['spray'] });
    const keys = statistics.columns.filter((column) => !isAggregate(column.value)).map((column) => column.key);
    expect(keys).toEqual(['signCode', 'companyName', 'day']);
    expect(statistics.columns.filter((column) => column.summary === 'sum').map((column) => column.key)).toEqual([
      'sprayRuns', 'sprayVolume', 'sprayDistance', 'sprayTime',
    ]);
    expect(statistics.chart).toMatchObject({ kind: 'bar', x: 'day', series: ['sprayVolume'], splitBy: 'signCode' });
  });

  it('balance water taken on against water sprayed per truck and day, and list each fill and run in the ledger', () => {
    expect(inventory.source).toMatchObject({ type: 'groups', kinds: ['water_fill', 'spray'] });
    expect(keysOf(inventory)).toEqual(expect.arrayContaining(['day', 'waterFills', 'waterTakenOn', 'sprayRuns', 'sprayVolume']));
    expect(ledger.source).toMatchObject({ type: 'events', kinds: ['water_fill', 'spray'] });
    expect(keysOf(ledger)).toEqual(expect.arrayContaining(['startTime', 'endTime', 'waterMovement', 'waterBefore', 'waterTakenOn', 'waterAfter', 'sprayVolume']));
  });

  it("opens a statistics row's truck on the sprinkler playback over that China day, without the report's filters", () => {
    const row = { id: 1, signCode: '沪A·S0001', companyName: '市园林绿化局', day: '2026-11-20', sprayVolume: 9800 };
    const url = drillDownUrl(statistics.drillDown as NonNullable<ReportDef['drillDown']>, row, { companyCodes: 'C005', startTime: '1', endTime: '2' });
    expect(url?.split('?')[0]).toBe('/monitor/sprinkler_playback_track');
    const day = dayRange('2026-11-20');
    expect(Object.fromEntries(query(url))).toEqual({ plate: '沪A·S0001', from: String(day?.startTime), to: String(day?.endTime) });
  });

  it("opens a ledger row's run on the playback from its start to its end, and nothing for a row without a plate", () => {
    const drill = ledger.drillDown as NonNullable<ReportDef['drillDown']>;
    const url = drillDownUrl(drill, { id: 2, signCode: '沪A·S0002', startTime: 1_000, endTime: 5_000 }, {});
    expect(Object.fromEntries(query(url))).toEqual({ plate: '沪A·S0002', from: '1000', to: '5000' });
    expect(drillDownUrl(drill, { id: 3, signCode: null, startTime: 1_000, endTime: 5_000 }, {})).toBeUndefined();
    expect(drillDownUrl(drill, { id: 4, signCode: '沪A·S0002', startTime: 1_000, endTime: null }, {})).toBeUndefined();
  });

  it("opens an inventory day on the ledger tab, that truck's rows of that day", () => {
    const row = { id: 5, signCode: '沪A·S0003', day: '2026-11-21' };
    const url = drillDownUrl(inventory.drillDown as NonNullable<ReportDef['drillDown']>, row, { startTime: '0', endTime: String(Date.UTC(2030, 0, 1)) });
    const day = dayRange('2026-11-21');
    expect(url?.split('?')[0]).toBe('/monitor/sprinkler_inventory');
    expect(Object.fromEntries(query(url))).toEqual({
      tab: 'ledger', signCode: '沪A·S0003', startTime: String(day?.startTime), endTime: String(day?.endTime),
    });
  });
});
