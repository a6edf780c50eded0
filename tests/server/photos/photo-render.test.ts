// The snapshot renderer over Debian's ffmpeg: many requests for one photo run ffmpeg once and leave its two sizes and
// nothing else; without ffmpeg nothing is left behind, and GET /photo says so in the caller's language.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_CALL_PATHS } from '../../../domain/photos/photo-wire';
import type * as Ffmpeg from '../../../server/media/ffmpeg';
import { PHOTO_RENDER_RUNS, photoFile } from '../../../server/photos/photo-render';
import type { PhotoFacts } from '../../../server/photos/photo-list';
import { API, login } from '../../helpers/api';
import { startSimServer } from '../../helpers/server';

const camera = vi.hoisted(() => ({ runs: 0, missing: false, active: 0, most: 0 }));

vi.mock('../../../server/media/ffmpeg', async (importOriginal) => {
  const real = await importOriginal<typeof Ffmpeg>();
  return {
    ...real,
    runFfmpeg: (args: readonly string[], timeoutMs?: number) => {
      camera.runs += 1;
      if (camera.missing) return Promise.reject(new real.FfmpegMissing());
      camera.active += 1;
      camera.most = Math.max(camera.most, camera.active);
      return real.runFfmpeg(args, timeoutMs).finally(() => {
        camera.active -= 1;
      });
    },
  };
});

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-photos-test-'));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const PHOTO: PhotoFacts = { eventId: 77, channel: 3, trigger: 'manhole', time: Date.UTC(2026, 10, 26, 6, 30), signCode: '沪A12345' };

describe('the snapshot renderer', () => {
  beforeEach(() => {
    camera.runs = 0;
    camera.missing = false;
    camera.most = 0;
  });

  it('renders a photo once for many requests at once, both sizes, and serves the files after', async () => {
    const files = await Promise.all([
      photoFile(mediaDir, PHOTO, 'full'), photoFile(mediaDir, PHOTO, 'thumb'), photoFile(mediaDir, PHOTO, 'full'), photoFile(mediaDir, PHOTO, 'thumb'),
    ]);
    expect(camera.runs).toBe(1);
    expect(new Set(files).size).toBe(2);
    for (const file of files) expect([...fs.readFileSync(file).subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(fs.readdirSync(path.join(mediaDir, 'photos')).sort()).toEqual(files.slice(0, 2).map((file) => path.basename(file)).sort());
    await photoFile(mediaDir, PHOTO, 'full');
    expect(camera.runs).toBe(1);
  });

  it('renders anew when what is burnt in changes (a plate renamed)', async () => {
    const renamed = await photoFile(mediaDir, { ...PHOTO, signCode: '沪B54321' }, 'full');
    expect(camera.runs).toBe(1);
    expect(renamed).not.toBe(await photoFile(mediaDir, PHOTO, 'full'));
  });

  it('runs at most a few ffmpeg at once for a grid of photos asked together, and renders them all', async () => {
    const photos = Array.from({ length: PHOTO_RENDER_RUNS * 3 }, (_, i) => ({ ...PHOTO, eventId: 1000 + i }));
    const files = await Promise.all(photos.map((photo) => photoFile(mediaDir, photo, 'thumb')));
    expect(camera.runs).toBe(photos.length);
    expect(camera.most).toBeLessThanOrEqual(PHOTO_RENDER_RUNS);
    expect(camera.most).toBeGreaterThan(1);
    for (const file of files) expect(fs.existsSync(file)).toBe(true);
  });

  it('rejects without ffmpeg and leaves nothing behind', async () => {
    camera.missing = true;
    await expect(photoFile(mediaDir, { ...PHOTO, eventId: 78 }, 'thumb')).rejects.toThrow(/ffmpeg is not installed/);
    expect(fs.readdirSync(path.join(mediaDir, 'photos')).filter((name) => name.startsWith('78-') || name.startsWith('.render-'))).toEqual([]);
  });

  it('answers GET /photo without ffmpeg with a clear error in the caller language', async () => {
    const server = await startSimServer({ seed: 16, trucks: 2, mediaDir });
    try {
      const db = server.services.db;
      const truck = await db.selectFrom('truck').select(['id', 'companyCode']).orderBy('id').executeTakeFirstOrThrow();
      const event = await db.insertInto('event').values({
        truckId: truck.id, companyCode: truck.companyCode, kind: 'switch_cover', startTime: Date.now() - 60_000, endTime: Date.now(), data: '{}',
      }).returning('id').executeTakeFirstOrThrow();
      const { token } = await login(server.url, 'admin');
      camera.missing = true;
      const ask = async (lang: 'zh' | 'en') => {
        const response = await fetch(`${server.url}${API}${PHOTO_CALL_PATHS.image}?id=${event.id}-2`, { headers: { cookie: `sid=${token}; language=${lang}` } });
        return (await response.json()) as { resultCode: number; message: string };
      };
      expect(await ask('zh')).toMatchObject({ resultCode: 503, message: '照片服务不可用：服务器未安装 ffmpeg' });
      expect(await ask('en')).toMatchObject({ resultCode: 503, message: 'Photos are unavailable: ffmpeg is not installed on the server' });
    } finally {
      await server.close();
    }
  });
});
