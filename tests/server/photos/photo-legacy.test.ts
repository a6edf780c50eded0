// Under CONTRACT=legacy the photo calls are not there: a bare 404 envelope, without the data of our "not your truck"
// 404, which is how the console tells "this backend offers no photos" (photo-calls.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnknownPhotoTruck, PHOTO_CALL_PATHS } from '../../../domain/photos/photo-wire';
import { call, login } from '../../helpers/api';
import { startServer, type RunningServer } from '../../helpers/server';

describe('the photo calls against a legacy backend', () => {
  let server: RunningServer;
  let token: string;

  beforeAll(async () => {
    server = await startServer({ contract: 'legacy' });
    token = (await login(server.url, 'admin')).token;
  });
  afterAll(async () => server.close());

  it('answers both calls with a bare 404', async () => {
    const list = await call(server.url, 'GET', PHOTO_CALL_PATHS.list, { token, query: { plate: '沪A00001', startTime: 1, endTime: 2 } });
    expect(list.resultCode).toBe(404);
    expect(isUnknownPhotoTruck(list.data)).toBe(false);
    const image = await call(server.url, 'GET', PHOTO_CALL_PATHS.image, { token, query: { id: '1-1' } });
    expect(image.resultCode).toBe(404);
  });
});
