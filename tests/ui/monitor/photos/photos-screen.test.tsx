// The view_photos screen as a whole in happy-dom, over a stubbed backend: a link's `?plate=` asks for that truck's
// photos at once and shows them; a legacy backend (a bare 404) makes it say photos are not offered; a 4-day range is
// refused under the field and nothing is asked.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n } from '../../../../src/app/i18n';
import PhotosScreen from '../../../../src/app/monitor/photos/PhotosScreen';

const PATH = '/monitor/view_photos';
const DAY = 24 * 3_600_000;
const END = new Date(2026, 10, 26, 18, 0).getTime();

function backend(body: unknown) {
  const fetch = vi.fn(async (..._args: unknown[]) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(search: string) {
  const location = memoryLocation({ path: `${PATH}?${search}`, record: true });
  render(<Router hook={location.hook}><PhotosScreen /></Router>);
}

describe('the view_photos screen', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the linked plate photos at once and shows them with their count', async () => {
    const fetch = backend({ resultCode: 200, message: '', data: {
      truckId: 7, signCode: '沪A00001', total: 2,
      photos: [{ id: '5-1', eventId: 5, channel: 1, trigger: 'valve', time: END - 1000 }, { id: '6-2', eventId: 6, channel: 2, trigger: 'manhole', time: END - 500 }],
    } });
    show(`plate=${encodeURIComponent('沪A00001')}&from=${END - DAY}&to=${END}`);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/truckmanage/api/photos');
    expect(Object.fromEntries(url.searchParams)).toEqual({ plate: '沪A00001', startTime: String(END - DAY), endTime: String(END) });
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('共 2 张照片');
  });

  it('says the backend offers no photos when the call is missing', async () => {
    backend({ resultCode: 404, message: '路径不存在', data: null });
    show(`plate=${encodeURIComponent('沪A00001')}`);
    await waitFor(() => expect(screen.getAllByRole('status')[0]?.textContent).toBe('当前后端不提供照片查看功能'));
  });

  it('refuses 4 days under the field and asks nothing', async () => {
    const fetch = backend({ resultCode: 200, message: '', data: null });
    show(`plate=${encodeURIComponent('沪A00001')}&from=${END - 4 * DAY}&to=${END}`);
    expect(screen.getByTestId('range-error').textContent).toBe('照片查询时间不能超过3天');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });
});
