// A report's trend chart on its screen, against a fake report server: a hint until a plate is chosen, then one truck's
// newest rows (capped, and said so), and the quick ranges that set the report's range in the URL.
// uPlot needs a canvas happy-dom lacks: the chart is a stub that shows what it was handed.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n, switchLang } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import ReportScreen from '../../../src/app/screens/report/ReportScreen';
import { DAY_MS } from '../../../domain/format/time';
import { presetRange } from '../../../domain/screens/reports/query';
import type { ReportPage, ReportRow } from '../../../domain/screens/reports/wire';
import type { ReportChartProps } from '../../../src/ui/chart/ReportChart';
import { fakeLiveSource } from '../../helpers/fake-live-source';

const { callPath } = vi.hoisted(() => ({ callPath: vi.fn<(method: string, path: string, query: Query) => Promise<unknown>>() }));
// By path, not `import()`: the fake's plain result type does not fit the real callPath's generic one.
vi.mock('../../../src/api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), callPath }));
vi.mock(import('../../../src/ui/chart/ReportChart'), () => ({
  ReportChart: ({ data, formatTick }: ReportChartProps) => (
    <div data-testid="report-chart" data-points={data.x.length} data-first={formatTick(data.x[0] ?? 0)}>
      {data.series.map((series) => series.label).join('|')}
    </div>
  ),
}));

const PATH = '/cargo_monitor/event_report/level_trend';
const PLATE = '京A10001';
// The readings' clock; tests run in Asia/Shanghai (vitest.config.ts). The screen's own clock is not faked: React
// holds a resolved Suspense back for a while, and a frozen clock would hold it forever.
const NOW = new Date(2026, 10, 23, 15, 30).getTime();
const MINUTE = 60_000;

type Query = Readonly<Record<string, unknown>>;

/** The report server: a plate's level readings, two compartments a minute, newest first; `total` rows in all. */
function serve(total: number) {
  callPath.mockImplementation((_method: string, path: string, query: Query) => {
    if (path === '/report/options') return Promise.resolve({ companies: [], trucks: [{ signCode: PLATE, companyName: '一公司' }] });
    if (path.endsWith('/totals')) return Promise.resolve({ total });
    const page = Number(query['page']);
    const size = Number(query['size']);
    const rows: ReportRow[] = [];
    for (let i = (page - 1) * size; i < Math.min(total, page * size); i += 1) {
      rows.push({ id: i + 1, signCode: PLATE, startTime: NOW - Math.floor(i / 2) * MINUTE, compartment: (i % 2) + 1, vt: 1000 + i });
    }
    return Promise.resolve({ rows, hasMore: page * size < total } satisfies ReportPage);
  });
}

/** A link to the plate over the week before the readings' clock (a link without a range gets a default one). */
const plateLink = `?signCode=${encodeURIComponent(PLATE)}&startTime=${NOW - 7 * DAY_MS}&endTime=${NOW}`;

/** The chart's calls: the largest pages, newest first (the grid asks for smaller ones). */
const chartCalls = () => callPath.mock.calls.map(([, , query]) => query).filter((query) => query['size'] === 1000);

function open(search: string) {
  const location = memoryLocation({ path: `${PATH}${search}`, record: true });
  render(
    <Router hook={location.hook}>
      <LiveSourceProvider source={fakeLiveSource()}>
        <ReportScreen path={PATH} />
      </LiveSourceProvider>
    </Router>,
  );
  return location;
}

// The whole screen renders (query bar, grid, the lazy chart): seconds on a loaded 2-core machine.
const SLOW = { timeout: 10_000 };
const findChart = () => screen.findByTestId('report-chart', undefined, SLOW);
const findHint = () => screen.findByText('选择车牌后显示该车的趋势', undefined, SLOW);

/** A quick range of the chart (the query bar offers the same names as presets). */
const rangeButton = (name: string) => within(screen.getByRole('group', { name: '趋势时间范围' })).getByRole('button', { name });
const searchOf = (location: ReturnType<typeof memoryLocation>) => new URLSearchParams(location.history?.at(-1)?.split('?')[1] ?? '');

describe('a trend chart', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('zh');
    // The panel loads the chart lazily; loaded once here, the first test does not wait for the import.
    await import('../../../src/ui/chart/ReportChart');
  });
  beforeEach(() => {
    callPath.mockReset();
    serve(6);
  });
  afterEach(async () => {
    cleanup();
    await switchLang('zh');
  });

  it('asks for a plate instead of drawing every truck, in both languages', async () => {
    open('');
    expect(await findHint()).toBeTruthy();
    await act(() => switchLang('en'));
    expect(screen.getByText('Choose a plate to see its trend')).toBeTruthy();
    expect(screen.queryByTestId('report-chart')).toBeNull();
    expect(chartCalls()).toEqual([]);
  });

  it("draws the plate's newest rows, one line per compartment, from the oldest of them", async () => {
    open(plateLink);
    const chart = await findChart();
    expect(chart.textContent).toBe('仓号 1|仓号 2');
    expect(chart.dataset['points']).toBe('3');
    expect(chart.dataset['first']).toBe('11-23 15:28');
    expect(chartCalls()).toEqual([expect.objectContaining({ signCode: PLATE, sort: 'startTime', order: 'desc', page: 1 })]);
    expect(screen.queryByText(/仅绘制/)).toBeNull();
  });

  it('stops at five pages and says the older rows were left out', async () => {
    serve(12_000);
    open(plateLink);
    const chart = await findChart();
    expect(chart.dataset['points']).toBe('2500');
    expect(chartCalls().map((query) => query['page'])).toEqual([1, 2, 3, 4, 5]);
    expect(screen.getByText('仅绘制该时间段内最新的5000条记录')).toBeTruthy();
  });

  it('shows the default range as "last 7 days", pressed', async () => {
    open('');
    await findHint();
    expect(rangeButton('最近7天').getAttribute('aria-pressed')).toBe('true');
    expect(rangeButton('过去一天').getAttribute('aria-pressed')).toBe('false');
  });

  it('puts the past day, ending now, into the URL, keeping the plate, and presses its button', async () => {
    const location = open(plateLink);
    await findChart();
    const before = Date.now();
    fireEvent.click(rangeButton('过去一天'));
    await waitFor(() => expect(searchOf(location).has('endTime')).toBe(true), SLOW);
    const startTime = Number(searchOf(location).get('startTime'));
    const endTime = Number(searchOf(location).get('endTime'));
    expect(endTime).toBeGreaterThanOrEqual(before);
    expect(endTime).toBeLessThanOrEqual(Date.now());
    expect(endTime - startTime).toBe(DAY_MS);
    expect(searchOf(location).get('signCode')).toBe(PLATE);
    expect(rangeButton('过去一天').getAttribute('aria-pressed')).toBe('true');
    expect(rangeButton('最近7天').getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(chartCalls().at(-1)).toEqual(expect.objectContaining({ startTime, endTime })), SLOW);
  });

  it('takes a plate picked in the query bar but not searched yet along with a quick range', async () => {
    const location = open('');
    await findHint();
    const plate = screen.getByRole('combobox');
    act(() => plate.focus());
    fireEvent.change(plate, { target: { value: PLATE } });
    fireEvent.click(rangeButton('过去一天'));
    await waitFor(() => expect(searchOf(location).get('signCode')).toBe(PLATE), SLOW);
    expect(Number(searchOf(location).get('endTime')) - Number(searchOf(location).get('startTime'))).toBe(DAY_MS);
    expect(await findChart()).toBeTruthy();
    expect(screen.queryByText('选择车牌后显示该车的趋势')).toBeNull();
  });

  it('gives a link with a plate but no range the default range once: one fetch, and the range in the address', async () => {
    const location = open(`?signCode=${encodeURIComponent(PLATE)}`);
    await findChart();
    await waitFor(() => expect(searchOf(location).has('startTime')).toBe(true), SLOW);
    // Another render's later "now" would have fetched the chart's rows a second time.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(chartCalls()).toHaveLength(1);
    expect(chartCalls()[0]).toEqual(expect.objectContaining({ startTime: Number(searchOf(location).get('startTime')) }));
    expect(rangeButton('最近7天').getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps a quick range pressed when the page is opened again from its URL', async () => {
    const { startTime } = presetRange('last7Days', NOW - DAY_MS);
    open(`?signCode=${encodeURIComponent(PLATE)}&startTime=${NOW - 2 * DAY_MS}&endTime=${NOW - DAY_MS}`);
    await findChart();
    expect(rangeButton('过去一天').getAttribute('aria-pressed')).toBe('true');
    cleanup();
    open(`?signCode=${encodeURIComponent(PLATE)}&startTime=${startTime}&endTime=${NOW - DAY_MS}`);
    await findChart();
    expect(rangeButton('最近7天').getAttribute('aria-pressed')).toBe('true');
  });
});
