// truck_loss's year choice on its screen, against a report server behind a stubbed fetch: the years the server offers,
// the current year of China by default in the URL, and a chosen year put in the URL and sent on 查询.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n } from '../../../src/app/i18n';
import { LiveSourceProvider } from '../../../src/app/live/LiveProvider';
import ReportScreen from '../../../src/app/screens/report/ReportScreen';
import { fakeLiveSource } from '../../helpers/fake-live-source';
import { envelope, stubApi } from '../stub-api';

const PATH = '/cargo_monitor/data_analysis/truck_loss';
const SLOW = { timeout: 10_000 };
const chinaYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(Date.now()));

function serve() {
  return stubApi((_method, path) => {
    if (path === '/report/options') return envelope(200, { companies: [], trucks: [] });
    if (path === `/report${PATH}/years`) return envelope(200, [chinaYear, chinaYear - 1, chinaYear - 2]);
    if (path.endsWith('/totals')) return envelope(200, { total: 0 });
    return envelope(200, { rows: [], hasMore: false });
  });
}

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

const searchOf = (location: ReturnType<typeof memoryLocation>) => new URLSearchParams(location.history?.at(-1)?.split('?')[1] ?? '');
const yearField = () => screen.findByRole('button', { name: /年份/ }, SLOW);

describe("truck_loss's year", { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens on the current year, written into the URL and asked of the server', async () => {
    const calls = serve();
    const location = open('');
    expect((await yearField()).textContent).toContain(String(chinaYear));
    await waitFor(() => expect(searchOf(location).get('year')).toBe(String(chinaYear)), SLOW);
    await waitFor(() => expect(calls.some((call) => call.path === `/report${PATH}` && call.params['year'] === String(chinaYear))).toBe(true), SLOW);
    expect(calls.every((call) => call.params['startTime'] === undefined)).toBe(true);
  });

  it('offers the years the server names and sends the chosen one on 查询', async () => {
    const calls = serve();
    const location = open('');
    fireEvent.click(await yearField());
    const options = await screen.findAllByRole('option', undefined, SLOW);
    expect(options.map((option) => option.textContent)).toEqual([chinaYear, chinaYear - 1, chinaYear - 2].map(String));
    fireEvent.click(screen.getByRole('option', { name: String(chinaYear - 2) }));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(searchOf(location).get('year')).toBe(String(chinaYear - 2)), SLOW);
    await waitFor(() => expect(calls.some((call) => call.path === `/report${PATH}` && call.params['year'] === String(chinaYear - 2))).toBe(true), SLOW);
  });
});
