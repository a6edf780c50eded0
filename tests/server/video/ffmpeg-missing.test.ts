// Without ffmpeg (scripts/ensure-ffmpeg.sh not run) a camera has no signal, and says why, rather than failing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as Ffmpeg from '../../../server/media/ffmpeg';

vi.mock('../../../server/media/ffmpeg', async (actual) => ({ ...(await actual<typeof Ffmpeg>()), ffmpegPath: () => null }));

const { LiveStreams } = await import('../../../server/video/live-streams');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-video-noffmpeg-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('live streams without ffmpeg', () => {
  it('answer ffmpegMissing and start nothing', async () => {
    const streams = new LiveStreams(dir);
    expect(await streams.open({ truckId: 1, channel: 1, signCode: '沪A12345', companyCode: 'C002' })).toEqual({ ok: false, reason: 'ffmpegMissing' });
    expect(streams.size).toBe(0);
    await streams.close();
  });
});
