// The photo grid and its viewer in happy-dom: each thumbnail lazy with its time, channel and trigger; the viewer opened
// from one, stepped by buttons and arrow keys (stopping at the ends), closed by Escape with focus back on the thumbnail
// last shown; a picture that fails becomes a placeholder; and 'no photos to view' when the list is empty.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '../../../../src/app/i18n';
import { PhotoGallery } from '../../../../src/app/monitor/photos/PhotoGallery';
import type { Photo } from '../../../../domain/photos/photo-wire';

const AT = new Date(2026, 10, 26, 9, 30).getTime();
const PHOTOS: Photo[] = [
  { id: '11-1', eventId: 11, channel: 1, trigger: 'lostConsole', time: AT },
  { id: '11-2', eventId: 11, channel: 2, trigger: 'lostConsole', time: AT },
  { id: '12-2', eventId: 12, channel: 2, trigger: 'manhole', time: AT + 60_000 },
];
const url = (id: string, size: string) => `/img/${id}/${size}`;

const dialog = () => screen.getByRole('dialog');
const large = () => dialog().querySelector('.photos__stage');
const key = (name: string) => act(() => {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: name });
});

describe('the photo grid and viewer', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(cleanup);

  it('shows each photo as a lazy thumbnail with its time, channel and trigger', () => {
    render(<PhotoGallery photos={PHOTOS} imageUrl={url} />);
    const items = within(screen.getByRole('list', { name: '照片列表' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = items[0];
    if (!first) throw new Error('no first item');
    const img = first.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/img/11-1/thumb');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(first.textContent).toBe('2026-11-26 09:30:00通道1主机失联');
    expect(items[2]?.textContent).toContain('人孔盖');
  });

  it('says there are no photos to view when the list is empty', () => {
    render(<PhotoGallery photos={[]} imageUrl={url} />);
    expect(screen.getByRole('status').textContent).toBe('没有可查看的照片');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('opens the viewer on a thumbnail and steps with the buttons and the arrow keys, stopping at the ends', async () => {
    render(<PhotoGallery photos={PHOTOS} imageUrl={url} />);
    fireEvent.click(screen.getByRole('button', { name: '查看 2026-11-26 09:30:00 通道2 主机失联 的照片' }));
    await waitFor(() => expect(large()?.getAttribute('data-photo')).toBe('11-2'));
    expect(dialog().querySelector('img')?.getAttribute('src')).toBe('/img/11-2/full');
    expect(dialog().textContent).toContain('第 2 张，共 3 张');
    fireEvent.click(within(dialog()).getByRole('button', { name: '下一张' }));
    expect(large()?.getAttribute('data-photo')).toBe('12-2');
    key('ArrowRight');
    expect(large()?.getAttribute('data-photo')).toBe('12-2');
    expect(within(dialog()).getByRole('button', { name: '下一张' }).getAttribute('aria-disabled')).toBe('true');
    key('ArrowLeft');
    key('ArrowLeft');
    expect(large()?.getAttribute('data-photo')).toBe('11-1');
    key('ArrowLeft');
    expect(large()?.getAttribute('data-photo')).toBe('11-1');
    fireEvent.click(within(dialog()).getByRole('button', { name: '上一张' }));
    expect(large()?.getAttribute('data-photo')).toBe('11-1');
  });

  it('closes on Escape and gives the focus to the thumbnail of the photo last shown', async () => {
    render(<PhotoGallery photos={PHOTOS} imageUrl={url} />);
    const thumbs = within(screen.getByRole('list')).getAllByRole('button');
    fireEvent.click(thumbs[0] as HTMLElement);
    await waitFor(() => expect(large()?.getAttribute('data-photo')).toBe('11-1'));
    key('ArrowRight');
    key('ArrowRight');
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(thumbs[2]));
  });

  it('closes with the close button', async () => {
    render(<PhotoGallery photos={PHOTOS} imageUrl={url} />);
    fireEvent.click(within(screen.getByRole('list')).getAllByRole('button')[1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeNull());
    fireEvent.click(within(dialog()).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a placeholder where a picture fails to load', () => {
    render(<PhotoGallery photos={PHOTOS} imageUrl={url} />);
    const img = screen.getByRole('list').querySelector('img');
    if (!img) throw new Error('no thumbnail');
    fireEvent.error(img);
    const item = screen.getAllByRole('listitem')[0];
    expect(item?.querySelector('img')).toBeNull();
    expect(item?.querySelector('[data-failed="true"]')?.textContent).toBe('照片暂不可用');
    expect(screen.getAllByRole('listitem')[1]?.querySelector('img')).not.toBeNull();
  });
});
