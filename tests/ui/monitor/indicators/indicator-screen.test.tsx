// The indicator screen over a stubbed answer: the 30 days by default, each figure's total, the trend's series, the
// alarm types and top trucks, every figure a link to its report over the answer's span; choosing the past day puts
// `range=1d` in the URL and asks again. uPlot needs a canvas happy-dom lacks: the chart is a stub showing its data.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n, switchLang } from '../../../../src/app/i18n';
import { SafeTargetScreen } from '../../../../src/app/monitor/indicators/IndicatorScreen';
import { DAY_MS, HOUR_MS } from '../../../../domain/format/time';
import { indicatorSpan, type IndicatorRange } from '../../../../domain/screens/indicators/definition';
import type { IndicatorAnswer } from '../../../../domain/screens/indicators/wire';
import type { ReportChartProps } from '../../../../src/ui/chart/ReportChart';

const { callPath } = vi.hoisted(() => ({ callPath: vi.fn<(method: string, path: string, query: Readonly<Record<string, unknown>>) => Promise<unknown>>() }));
vi.mock('../../../../src/api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), callPath }));
vi.mock(import('../../../../src/ui/chart/ReportChart'), () => ({
  ReportChart: ({ data }: ReportChartProps) => (
    <div data-testid="report-chart" data-points={data.x.length} data-sum={data.series.flatMap((series) => series.values).reduce<number>((a, b) => a + (b ?? 0), 0)}>
      {data.series.map((series) => series.label).join('|')}
    </div>
  ),
}));

const PATH = '/monitor/safe_target';
const NOW = new Date(2026, 10, 26, 13, 30).getTime();

/** A server's answer: the past day has fewer of everything than the 30 days. */
function answerFor(range: IndicatorRange): IndicatorAnswer {
  const span = indicatorSpan(range, NOW);
  const scale = range === '1d' ? 1 : 10;
  const buckets = range === '1d' ? 24 : range === '7d' ? 7 : 30;
  const line = (each: number) => Array.from({ length: buckets }, (_, i) => (i === 0 ? each : 0));
  return {
    range,
    ...span,
    figures: {
      vehicleAlarms: { total: 3 * scale },
      driverAlarms: { total: 5 * scale },
      cargoAlarms: { total: 7 * scale },
      alarmTrend: { total: 15 * scale, series: { vehicle: line(3 * scale), driver: line(5 * scale), cargo: line(7 * scale) } },
      alarmTypes: { total: 3 * scale, types: [{ type: 2, count: 2 * scale }, { type: 203, count: scale }] },
      topAlarmTrucks: { total: 4 * scale, trucks: [{ truckId: 1, signCode: '沪A00001', count: 3 * scale }, { truckId: 2, signCode: '沪A00002', count: scale }] },
    },
  };
}

function open(search = '') {
  const location = memoryLocation({ path: `${PATH}${search}`, record: true });
  render(
    <Router hook={location.hook}>
      <SafeTargetScreen />
    </Router>,
  );
  return location;
}

const total = (key: string) => screen.getByTestId(`figure-total-${key}`).textContent;
const hrefOf = (key: string) => screen.getByTestId(`figure-link-${key}`).getAttribute('href') ?? '';

describe('the indicator screen', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  beforeEach(() => {
    callPath.mockReset();
    callPath.mockImplementation((_method, _path, query) => Promise.resolve(answerFor(query['range'] as IndicatorRange)));
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('shows the last 30 days by default: totals, the trend per group, alarm types and top trucks', async () => {
    open();
    await screen.findByTestId('indicator-figures');
    expect(callPath).toHaveBeenCalledWith('GET', '/indicator/monitor/safe_target', { range: '30d' });
    expect([total('vehicleAlarms'), total('driverAlarms'), total('cargoAlarms')]).toEqual(['30', '50', '70']);
    const chart = screen.getByTestId('report-chart');
    expect(chart.textContent).toBe('车辆报警|驾驶员报警|货物报警');
    expect(chart.dataset['points']).toBe('30');
    expect(chart.dataset['sum']).toBe('150');
    expect(screen.getByRole('link', { name: '沪A00001 30' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '近30天', selected: true })).toBeTruthy();
  });

  it('links each figure to its report over the answer span, a truck with its plate and a type to its alarm screen', async () => {
    open();
    await screen.findByTestId('indicator-figures');
    const span = indicatorSpan('30d', NOW);
    expect(hrefOf('cargoAlarms')).toBe(`/cargo_monitor/data_analysis/adnormal_proportion?startTime=${span.startTime}&endTime=${span.endTime}`);
    const truck = screen.getByRole('link', { name: '沪A00001 30' }).getAttribute('href') ?? '';
    expect(truck.startsWith('/active_safety/data_analysis/alm_adas_can_truck_stat?')).toBe(true);
    expect(new URLSearchParams(truck.split('?')[1]).get('signCode')).toBe('沪A00001');
    const overspeed = screen.getByRole('link', { name: '超速' }).getAttribute('href') ?? '';
    expect(overspeed.startsWith('/driving_monitor/exception_report/alarm_over_speed?')).toBe(true);
  });

  it('puts the past day in the URL and shows its figures, hourly', async () => {
    const location = open();
    await screen.findByTestId('indicator-figures');
    fireEvent.click(screen.getByRole('tab', { name: '过去一天' }));
    await waitFor(() => expect(total('vehicleAlarms')).toBe('3'));
    expect(location.history?.at(-1)).toBe(`${PATH}?range=1d`);
    expect(screen.getByTestId('report-chart').dataset['points']).toBe('24');
    const span = indicatorSpan('1d', NOW);
    expect(span.endTime - span.startTime).toBeLessThan(DAY_MS);
    expect(span.endTime - span.startTime).toBeGreaterThanOrEqual(23 * HOUR_MS);
    expect(hrefOf('vehicleAlarms')).toContain(`startTime=${span.startTime}`);
  });

  it('opens the range the URL names, and speaks English', async () => {
    open('?range=7d');
    await screen.findByTestId('indicator-figures');
    expect(callPath).toHaveBeenLastCalledWith('GET', '/indicator/monitor/safe_target', { range: '7d' });
    await act(() => switchLang('en'));
    expect(screen.getByRole('tab', { name: 'Last 7 days', selected: true })).toBeTruthy();
    expect(screen.getByText('Vehicle alarms')).toBeTruthy();
  });
});
