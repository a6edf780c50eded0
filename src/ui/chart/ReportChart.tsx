// A report's chart in uPlot: a time series, bars per category, or the loss histogram; a click on a bar or a point
// hands its row to the caller (the drill-down).
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartKind } from '../../../domain/screens/reports/definition';
import type { ChartData } from './chart-data';
import { displayZone } from '../../../domain/format/zone';
import { TIME_CHART_PADDING, TIME_TICK_SPACE, yAxisSize } from './axis-room';

const COLOURS = ['#1f6feb', '#e8590c', '#2f9e44', '#ae3ec9', '#f59f00', '#0c8599', '#e03131', '#5c7cfa'];

export interface ReportChartProps {
  readonly kind: ChartKind;
  readonly data: ChartData;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly onPick?: (index: number) => void;
  /** A time axis's tick labels. */
  readonly formatTick: (ms: number) => string;
  /** The time under the cursor, in the legend. */
  readonly formatCursor: (ms: number) => string;
}

function options(props: ReportChartProps, width: number): uPlot.Options {
  const { kind, data, xLabel, yLabel, formatTick, formatCursor } = props;
  const categorical = data.categories.length > 0;
  // Bars per split would overlap; several splits are drawn as lines with points instead.
  const bars = kind !== 'line' && data.series.length === 1;
  return {
    width,
    height: 280,
    ms: 1,
    // Ticks fall on the display zone's hours and days, as their labels read.
    tzDate: (ms) => uPlot.tzDate(new Date(ms), displayZone()),
    legend: { show: data.series.length > 1 },
    ...(categorical ? {} : { padding: TIME_CHART_PADDING }),
    scales: {
      x: categorical ? { time: false, range: [-0.5, Math.max(0.5, data.x.length - 0.5)] } : { time: true },
      // A bar's height is its value: bars and buckets stand on zero, or scores of 96 and 99 look three times apart.
      ...(kind !== 'line' ? { y: { range: (_u: uPlot, min: number, max: number) => uPlot.rangeNum(Math.min(0, min), Math.max(0, max), 0.1, true) } } : {}),
    },
    axes: [
      categorical
        ? { label: xLabel, values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (data.categories[i] ?? '') : '')), rotate: data.x.length > 12 ? -45 : 0, size: data.x.length > 12 ? 80 : 40 }
        : { label: xLabel, space: TIME_TICK_SPACE, values: (_u, splits) => splits.map((ms) => formatTick(ms)) },
      { label: yLabel, size: yAxisSize },
    ],
    series: [
      // The legend's first entry names the x value under the cursor.
      { label: xLabel, value: (_u, value) => (value === null ? '--' : categorical ? (data.categories[value] ?? '') : formatCursor(value)) },
      ...data.series.map((series, i) => ({
        label: series.label,
        stroke: COLOURS[i % COLOURS.length],
        fill: bars ? `${COLOURS[i % COLOURS.length]}99` : undefined,
        width: bars ? 0 : 1.5,
        spanGaps: true,
        points: { show: !bars && categorical },
        paths: bars ? uPlot.paths.bars?.({ size: [0.7, 60] }) : undefined,
      })),
    ],
  };
}

export function ReportChart(props: ReportChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const columns: uPlot.AlignedData = [props.data.x, ...props.data.series.map((series) => series.values)];
    const plot = new uPlot(options(props, Math.max(320, element.clientWidth)), columns, element);
    const pick = () => {
      const index = plot.cursor.idx;
      if (index !== null && index !== undefined) latest.current.onPick?.(index);
    };
    plot.over.addEventListener('click', pick);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, element.clientWidth), height: 280 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
    // Options are rebuilt from the props when the data or the labels change.
  }, [props.data, props.kind, props.xLabel, props.yLabel]);

  return <div ref={host} className="report-chart" data-testid="report-chart" />;
}
