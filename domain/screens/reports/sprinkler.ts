// The water-truck figures of the monitor board: spray statistics and the water inventory, each one report
// definition served on its monitor route. Rows come only from sprinkler trucks (the truck's model, a condition of the
// source); `spray` and `water_fill` events are described in docs/events.md, the screens in docs/reports.md.
import type { RoutePathOfKind } from '../../routes';
import { column, countOfKind, data, day, endArea, endTime, eventFilters, startArea, startTime, sum, truckColumns } from './columns';
import type { DrillDown, ReportColumn, ReportDef } from './definition';

type SprinklerReportPath = Extract<RoutePathOfKind<'monitor'>, '/monitor/sprinkler_statistics' | '/monitor/sprinkler_inventory'>;

const STATISTICS = '/monitor/sprinkler_statistics';
const INVENTORY = '/monitor/sprinkler_inventory';
const PLAYBACK = '/monitor/sprinkler_playback_track';

const sprinklers = { model: 'sprinkler' } as const;

/** A truck's day on the sprinkler playback, its spraying segments coloured. */
const dayOnPlayback: DrillDown = { to: { playback: PLAYBACK }, params: { plate: 'signCode', day: 'day' } };

/** A day's runs: a group of spray events only, or of fills and runs together (the inventory). */
const sprayedPerDay: readonly ReportColumn[] = [
  column('sprayRuns', 'integer', countOfKind('spray'), { summary: 'sum' }),
  column('sprayVolume', 'volume', sum(data('volume')), { summary: 'sum' }),
  column('sprayDistance', 'decimal1', sum(data('distanceKm')), { summary: 'sum' }),
];

export const SPRINKLER_REPORTS = {
  /** Per truck and China day of the run's start: runs, water sprayed, spraying distance and time. */
  [STATISTICS]: {
    path: STATISTICS,
    source: { type: 'groups', kinds: ['spray'], trucks: sprinklers },
    filters: eventFilters(),
    columns: [
      ...truckColumns, day, ...sprayedPerDay,
      column('sprayTime', 'durationSec', sum({ from: 'event', field: 'duration' }), { summary: 'sum' }),
    ],
    sort: { key: 'day', order: 'desc' },
    chart: { kind: 'bar', x: 'day', series: ['sprayVolume'], splitBy: 'signCode', drillDown: dayOnPlayback },
    drillDown: dayOnPlayback,
  },
  /**
   * The water a truck took on and sprayed out per day, as a dispatcher balances the yard's hydrant against the runs;
   * the ledger tab lists each fill and each run in time order, the day's rows behind a row of the first tab.
   */
  [INVENTORY]: {
    path: INVENTORY,
    tab: { key: 'days', labelKey: 'report.tab.waterDays' },
    source: { type: 'groups', kinds: ['water_fill', 'spray'], trucks: sprinklers },
    filters: eventFilters(),
    columns: [
      ...truckColumns, day,
      column('waterFills', 'integer', countOfKind('water_fill'), { summary: 'sum' }),
      column('waterTakenOn', 'volume', sum(data('takenOn')), { summary: 'sum' }),
      ...sprayedPerDay,
    ],
    sort: { key: 'day', order: 'desc' },
    drillDown: { to: INVENTORY, tab: 'ledger', params: { signCode: 'signCode', day: 'day' } },
    tabs: [
      {
        path: INVENTORY,
        tab: { key: 'ledger', labelKey: 'report.tab.waterLedger' },
        source: { type: 'events', kinds: ['water_fill', 'spray'], trucks: sprinklers },
        filters: eventFilters(),
        columns: [
          ...truckColumns, startTime, endTime,
          column('waterMovement', 'enum', { from: 'event', field: 'kind' }, {
            options: { water_fill: 'report.waterMovement.water_fill', spray: 'report.waterMovement.spray' },
          }),
          column('waterSite', 'text', data('siteName', 'text'), { sortable: false }),
          column('waterBefore', 'volume', data('before')),
          column('waterTakenOn', 'volume', data('takenOn'), { summary: 'sum' }),
          column('waterAfter', 'volume', data('after')),
          column('sprayVolume', 'volume', data('volume'), { summary: 'sum' }),
          column('sprayDistance', 'decimal1', data('distanceKm'), { summary: 'sum' }),
          startArea, endArea,
        ],
        sort: { key: 'startTime', order: 'desc' },
        drillDown: { to: { playback: PLAYBACK }, params: { plate: 'signCode', from: 'startTime', to: 'endTime' } },
      },
    ],
  },
} as const satisfies Record<SprinklerReportPath, ReportDef>;
