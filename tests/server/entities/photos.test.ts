// A driver's photo: real PNG, JPEG and GIF images under 1 MB are taken (judged by their bytes, whatever the header
// says) and served back with their type; a larger image and a text file named like an image are refused with the
// spec's words in zh and en; a driver may only name a photo that was uploaded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_NAME } from '../../../domain/screens/entities/validate';
import { PHOTO_READ_PATH } from '../../../domain/screens/entities/wire';
import { API } from '../../helpers/api';
import { defAt, savedRow, startEntityServer, type EntityServer } from './entity-server';
import { gif, jpeg, png } from './images';

const DRIVERS = defAt('/setting/base_data/driver');
const MB = 1024 * 1024;

describe('driver photos', () => {
  let api: EntityServer;

  beforeAll(async () => {
    api = await startEntityServer();
  });
  afterAll(async () => api.close());

  const read = (name: string, token = api.token('manager')) => fetch(`${api.server.url}${API}${PHOTO_READ_PATH}/${name}`, { headers: { 'header-id': token } });

  it.each([
    ['PNG', png(), 'image/png', 'png'],
    ['JPEG', jpeg(), 'image/jpeg', 'jpg'],
    ['GIF', gif(), 'image/gif', 'gif'],
  ] as const)('takes a %s under 1 MB and serves it back with its type', async (_kind, bytes, contentType, extension) => {
    // The header is no help: the bytes say what the image is.
    const answer = await api.upload(DRIVERS, 'manager', bytes, 'en', 'application/octet-stream');
    expect(answer.resultCode).toBe(200);
    const name = answer.data?.name ?? '';
    expect(name).toMatch(PHOTO_NAME);
    expect(name.endsWith(`.${extension}`)).toBe(true);
    const served = await read(name);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(contentType);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    // A driver saved with it shows its name.
    const driver = savedRow(await api.create(DRIVERS, 'manager', { ...(await api.input(DRIVERS, `photo-${extension}`)), photo: name }));
    expect(driver.values['photo']).toBe(name);
  });

  it('takes an image of just under 1 MB and refuses one of exactly 1 MB', async () => {
    const image = png();
    const sized = (size: number) => Buffer.concat([image, Buffer.alloc(size - image.length)]);
    expect((await api.upload(DRIVERS, 'manager', sized(MB - 1))).resultCode).toBe(200);
    expect(await api.upload(DRIVERS, 'manager', sized(MB), 'en')).toEqual({ resultCode: 400, message: 'avatar cannot exceed 1MB', data: { field: 'photo' } });
  });

  it.each(['zh', 'en'] as const)('refuses a 2 MB image and a text file named .png (%s)', async (lang) => {
    const large = png(1024, 512);
    expect(large.length).toBeGreaterThan(2 * MB);
    expect(await api.upload(DRIVERS, 'manager', large, lang)).toEqual({
      resultCode: 400, message: lang === 'zh' ? '头像大小不能超过1MB' : 'avatar cannot exceed 1MB', data: { field: 'photo' },
    });
    const text = Buffer.from('not a picture, whatever the name driver.png says\n');
    expect(await api.upload(DRIVERS, 'manager', text, lang, 'image/png')).toEqual({
      resultCode: 400, message: lang === 'zh' ? '请上传正确的图片格式' : 'upload the correct image format', data: { field: 'photo' },
    });
  });

  it('lets only the screen’s users upload, and answers 404 for a photo never stored', async () => {
    expect((await api.upload(DRIVERS, 'operator', png(), 'en')).resultCode).toBe(401);
    const missing = await read(`${'0'.repeat(32)}.png`);
    expect(((await missing.json()) as { resultCode: number }).resultCode).toBe(404);
  });

  it.each(['zh', 'en'] as const)('refuses a driver naming a photo that was never uploaded (%s)', async (lang) => {
    const answer = await api.create(DRIVERS, 'manager', { ...(await api.input(DRIVERS, `no-photo-${lang}`)), photo: `${'ab'.repeat(16)}.jpg` }, lang);
    expect(answer).toEqual({ resultCode: 400, message: lang === 'zh' ? '照片不存在，请重新上传' : 'The photo is missing; upload it again', data: { field: 'photo' } });
  });
});
