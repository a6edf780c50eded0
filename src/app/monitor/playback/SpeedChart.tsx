// The speed over the track's time in uPlot, beside the map: its cursor stands at the playback's time as it plays, and
// a click on the chart seeks there. The time is also on the container (data-playback-time) for tests and tools.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TrackFixes } from '../../../../domain/playback/track-wire';
import { displayZone } from '../../../../domain/format/zone';
import { GAP_MS } from '../../../../domain/playback/trip-math';
import { TIME_CHART_PADDING, TIME_TICK_SPACE, yAxisSize } from '../../../ui/chart/axis-room';

interface SpeedChartProps {
  readonly fixes: TrackFixes;
  readonly time: number;
  readonly label: string;
  readonly speedLabel: string;
  readonly formatTick: (ms: number) => string;
  readonly onSeek: (time: number) => void;
}

const HEIGHT = 200;

/**
 * The speeds over time, with no line across a gap in the fixes: a point without a value just after the last fix before
 * it, so the chart shows no speed where the device said nothing.
 */
export function speedSeries(fixes: TrackFixes): [number[], (number | null)[]] {
  const times: number[] = [];
  const speeds: (number | null)[] = [];
  fixes.time.forEach((time, i) => {
    const before = fixes.time[i - 1];
    if (before !== undefined && time - before > GAP_MS) {
      times.push(before + 1);
      speeds.push(null);
    }
    times.push(time);
    speeds.push(fixes.speed[i] ?? null);
  });
  return [times, speeds];
}

export function SpeedChart(props: SpeedChartProps) {
  const { fixes, time, label, speedLabel } = props;
  const host = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | undefined>(undefined);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const width = () => Math.max(320, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        ms: 1,
        tzDate: (ms) => uPlot.tzDate(new Date(ms), displayZone()),
        legend: { show: false },
        // The cursor is the playback's: the mouse only points where a click would seek.
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.1)] } },
        padding: TIME_CHART_PADDING,
        axes: [{ space: TIME_TICK_SPACE, values: (_u, splits) => splits.map((ms) => latest.current.formatTick(ms)) }, { label: speedLabel, size: yAxisSize }],
        series: [{}, { label: speedLabel, stroke: '#1f6feb', fill: '#1f6feb22', width: 1.5, points: { show: false } }],
      },
      speedSeries(fixes),
      element,
    );
    plotRef.current = plot;
    // The click's own place, not the cursor's: the playback moves the cursor between the pointer's moves.
    const seek = (event: MouseEvent) => {
      const left = event.clientX - plot.over.getBoundingClientRect().left;
      if (left >= 0) latest.current.onSeek(plot.posToVal(left, 'x'));
    };
    plot.over.addEventListener('click', seek);
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.over.removeEventListener('click', seek);
      plotRef.current = undefined;
      plot.destroy();
    };
  }, [fixes, speedLabel]);

  useEffect(() => {
    const plot = plotRef.current;
    if (!plot) return;
    // Placed without firing the cursor's hooks: the playback moved it, nobody pointed.
    plot.setCursor({ left: plot.valToPos(time, 'x'), top: plot.valToPos(0, 'y') }, false);
  }, [time, fixes]);

  return <div ref={host} className="playback__chart" role="img" aria-label={label} data-playback-time={Math.round(time)} data-testid="speed-chart" />;
}
