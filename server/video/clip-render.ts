// Recordings as VOD HLS (docs/video.md): each clip rendered once by ffmpeg into the media folder, its own time burnt in,
// and kept there; asks for a clip being rendered wait for that one render. A render goes into a scratch folder renamed
// into place when complete, so a playlist is never read half written. At most CLIP_RENDER_LIMIT renders run at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../media/ffmpeg';
import type { Services } from '../services';
import { RenderQueue } from './render-queue';
import { clipArgs, PLAYLIST } from './stream-args';

interface ClipPicture {
  readonly truckId: number;
  readonly channel: number;
  readonly signCode: string;
  readonly startTime: number;
  readonly endTime: number;
}

export const clipName = (clip: ClipPicture) => `${clip.truckId}-${clip.channel}-${clip.startTime}-${clip.endTime}`;
export const CLIP_NAME = /^(\d+)-(\d+)-(\d+)-(\d+)$/;

export function clipsDir(services: Services): string {
  return path.join(services.mediaDir, 'video', 'clips');
}

const rendering = new Map<string, Promise<void>>();

/** At most this many renders at once (one per core, at least 2); the rest wait their turn, first come first served. */
export const CLIP_RENDER_LIMIT = Math.max(2, os.availableParallelism());
/** The server process's clip renders (tests read its peak and may lower its limit). */
export const clipRenders = new RenderQueue(CLIP_RENDER_LIMIT);

/** The clip's folder, rendered first when it is not yet; rejects when ffmpeg is missing or fails. */
export async function renderClip(services: Services, clip: ClipPicture): Promise<string> {
  const name = clipName(clip);
  const dir = path.join(clipsDir(services), name);
  if (fs.existsSync(path.join(dir, PLAYLIST))) return dir;
  const key = dir;
  let render = rendering.get(key);
  if (!render) {
    render = clipRenders.run(() => renderInto(dir, clip)).finally(() => rendering.delete(key));
    rendering.set(key, render);
  }
  await render;
  return dir;
}

async function renderInto(dir: string, clip: ClipPicture): Promise<void> {
  const scratch = `${dir}.part-${process.pid}-${Date.now().toString(36)}`;
  fs.mkdirSync(scratch, { recursive: true });
  try {
    const seconds = Math.max(1, Math.round((clip.endTime - clip.startTime) / 1000));
    await runFfmpeg(clipArgs({ ...clip, startEpochS: Math.floor(clip.startTime / 1000) }, seconds, scratch), 30_000);
    fs.renameSync(scratch, dir);
  } catch (error) {
    fs.rmSync(scratch, { recursive: true, force: true });
    // Another server sharing the media folder may have renamed its render into place first: that one serves.
    if (fs.existsSync(path.join(dir, PLAYLIST))) return;
    throw error;
  }
}
