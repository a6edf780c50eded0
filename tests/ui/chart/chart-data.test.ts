// A report's rows as chart columns: series per column or per split value, time axes in order, histogram buckets,
// category labels, the row behind each x for the drill-down, and a trend's one truck, oldest first.
import { describe, expect, it } from 'vitest';
import type { ReportRow } from '../../../domain/screens/reports/wire';
import { chartData, trendRows, type ChartShape } from '../../../src/ui/chart/chart-data';

const T0 = new Date(2026, 10, 23, 8, 0).getTime();
const MINUTE = 60_000;

let nextId = 1;
const row = (values: Record<string, string | number | null>): ReportRow => ({ id: nextId++, ...values });

const timeShape = (overrides: Partial<ChartShape> = {}): ChartShape => ({
  x: 'startTime',
  time: true,
  series: [{ key: 'vt', label: 'Volume' }],
  categoryLabel: (value) => value,
  ...overrides,
});

describe('chartData on a time axis', () => {
  it('puts times left to right, whatever order the rows came in', () => {
    const rows = [row({ startTime: T0 + 2 * MINUTE, vt: 30 }), row({ startTime: T0, vt: 10 }), row({ startTime: T0 + MINUTE, vt: 20 })];
    const data = chartData(rows, timeShape());
    expect(data.x).toEqual([T0, T0 + MINUTE, T0 + 2 * MINUTE]);
    expect(data.series).toEqual([{ label: 'Volume', values: [10, 20, 30] }]);
    expect(data.categories).toEqual([]);
    expect(data.rowAt.map((r) => r?.['vt'])).toEqual([10, 20, 30]);
  });

  it('draws one series per column, an empty or unreadable value as a gap', () => {
    const rows = [row({ startTime: T0, temperature: -18.5, humidity: 60 }), row({ startTime: T0 + MINUTE, temperature: '', humidity: 'n/a' })];
    const data = chartData(rows, timeShape({ series: [{ key: 'temperature', label: 'Temperature' }, { key: 'humidity', label: 'Humidity' }] }));
    expect(data.series).toEqual([
      { label: 'Temperature', values: [-18.5, null] },
      { label: 'Humidity', values: [60, null] },
    ]);
  });

  it('draws one line per split value in numeric order, each with its own readings', () => {
    const rows = [
      row({ startTime: T0, compartment: 10, vt: 1000 }),
      row({ startTime: T0, compartment: 2, vt: 200 }),
      row({ startTime: T0 + MINUTE, compartment: 2, vt: 190 }),
    ];
    const data = chartData(rows, timeShape({ splitBy: { key: 'compartment', label: (value) => `C${value}` } }));
    expect(data.x).toEqual([T0, T0 + MINUTE]);
    expect(data.series).toEqual([
      { label: 'C2', values: [200, 190] },
      { label: 'C10', values: [1000, null] },
    ]);
  });

  it('splits every series column, naming the column beside the split', () => {
    const rows = [row({ startTime: T0, compartment: 1, temperature: -18, humidity: 55 }), row({ startTime: T0, compartment: 2, temperature: 4, humidity: 70 })];
    const data = chartData(
      rows,
      timeShape({
        series: [{ key: 'temperature', label: 'Temperature' }, { key: 'humidity', label: 'Humidity' }],
        splitBy: { key: 'compartment', label: (value) => `C${value}` },
      }),
    );
    expect(data.series).toEqual([
      { label: 'Temperature C1', values: [-18] },
      { label: 'Humidity C1', values: [55] },
      { label: 'Temperature C2', values: [4] },
      { label: 'Humidity C2', values: [70] },
    ]);
  });
});

describe('chartData on categories', () => {
  const shape: ChartShape = {
    x: 'signCode',
    time: false,
    series: [{ key: 'loss', label: 'Loss' }],
    categoryLabel: (value) => `plate ${value}`,
  };

  it('keeps the rows order, labels each category and indexes the x axis', () => {
    const data = chartData([row({ signCode: 'B', loss: 2 }), row({ signCode: 'A', loss: 1 })], shape);
    expect(data.x).toEqual([0, 1]);
    expect(data.categories).toEqual(['plate B', 'plate A']);
    expect(data.series).toEqual([{ label: 'Loss', values: [2, 1] }]);
  });

  it('opens the first row of a bar on a drill-down', () => {
    const first = row({ signCode: 'A', loss: 1 });
    const data = chartData([first, row({ signCode: 'A', loss: 5 }), row({ signCode: 'B', loss: 3 })], shape);
    expect(data.rowAt[0]).toBe(first);
    expect(data.rowAt[1]?.['signCode']).toBe('B');
  });
});

describe('chartData as a histogram', () => {
  const shape: ChartShape = {
    x: 'lossBucket',
    time: false,
    series: [{ key: 'compartments', label: 'Compartments' }],
    buckets: { count: 4, label: (index) => `[${index},${index + 1})` },
    categoryLabel: (value) => value,
  };

  it('puts every bucket on the axis, empty ones at 0, labelled by the buckets', () => {
    const data = chartData([row({ lossBucket: 2, compartments: 7 }), row({ lossBucket: 0, compartments: 3 })], shape);
    expect(data.x).toEqual([0, 1, 2, 3]);
    expect(data.categories).toEqual(['[0,1)', '[1,2)', '[2,3)', '[3,4)']);
    expect(data.series).toEqual([{ label: 'Compartments', values: [3, 0, 7, 0] }]);
  });

  it('has a row behind a filled bucket only; an empty one is opened by its index', () => {
    const filled = row({ lossBucket: 2, compartments: 7 });
    const data = chartData([filled], shape);
    expect(data.rowAt).toEqual([undefined, undefined, filled, undefined]);
  });
});

describe('trendRows', () => {
  it('keeps the chosen truck only, oldest first, from rows fetched newest first', () => {
    const newestFirst = [
      row({ signCode: '京A1', startTime: T0 + 2 * MINUTE }),
      row({ signCode: '京B2', startTime: T0 + MINUTE }),
      row({ signCode: '京A1', startTime: T0 }),
    ];
    expect(trendRows(newestFirst, ' 京A1 ').map((r) => r['startTime'])).toEqual([T0, T0 + 2 * MINUTE]);
  });

  it('leaves the fetched rows as they were', () => {
    const newestFirst = [row({ signCode: 'A', startTime: 2 }), row({ signCode: 'A', startTime: 1 })];
    trendRows(newestFirst, 'A');
    expect(newestFirst.map((r) => r['startTime'])).toEqual([2, 1]);
  });

  it('ends the chart at the newest reading when the rows were capped', () => {
    // A capped fetch holds the range's newest rows: the chart runs up to the end of the range, not from its start.
    const newestFirst = [3, 2, 1].map((minutes) => row({ signCode: 'A', startTime: T0 + minutes * MINUTE, vt: minutes }));
    const data = chartData(trendRows(newestFirst, 'A'), timeShape());
    expect(data.x.at(-1)).toBe(T0 + 3 * MINUTE);
    expect(data.series[0]?.values).toEqual([1, 2, 3]);
  });
});
