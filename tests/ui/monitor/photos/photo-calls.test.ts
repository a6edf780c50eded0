// The photo list call against the two backends it may meet: ours, whose 404 for a truck not the caller's carries data
// and is told as a failure, and a legacy one without the call (a bare 404), which the screen reads as "no photos here".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPhotos, photoUrl } from '../../../../src/app/monitor/photos/photo-calls';

const answer = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
const QUERY = { plate: '沪A00001', startTime: 1, endTime: 2 };

describe('the photo list call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads a backend without the call as one that offers no photos', async () => {
    vi.stubGlobal('fetch', answer({ resultCode: 404, message: '路径不存在', data: null }));
    expect(await fetchPhotos(QUERY)).toBe('notOffered');
  });

  it('tells a truck not the caller own as a failure with the server text', async () => {
    vi.stubGlobal('fetch', answer({ resultCode: 404, message: '车牌号 沪A00001 不存在', data: { unknownTruck: true } }));
    await expect(fetchPhotos(QUERY)).rejects.toMatchObject({ message: '车牌号 沪A00001 不存在', shown: false });
  });

  it('answers the list, and refuses an answer of another shape', async () => {
    const list = { truckId: 1, signCode: '沪A00001', total: 1, photos: [{ id: '5-1', eventId: 5, channel: 1, trigger: 'valve', time: 1 }] };
    vi.stubGlobal('fetch', answer({ resultCode: 200, message: '', data: list }));
    expect(await fetchPhotos(QUERY)).toEqual(list);
    vi.stubGlobal('fetch', answer({ resultCode: 200, message: '', data: { photos: 'none' } }));
    await expect(fetchPhotos(QUERY)).rejects.toThrow();
  });

  it('addresses an image by id and size below the API base', () => {
    expect(photoUrl('5-1', 'thumb')).toBe('/truckmanage/api/photo?id=5-1&size=thumb');
  });
});
