// A snapshot as a JPEG file (docs/photos.md): the simulated camera (server/media/ffmpeg.ts) draws a picture varied by
// channel and event, with the plate, the channel, the trigger and the event's China time burnt in as a real DVR's
// overlay does, in both sizes at once. Rendered on first request into MEDIA_DIR/photos under a temporary name and then
// renamed, so a reader never sees half a file; requests for a photo being rendered wait for that one run.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { translate } from '../../domain/i18n';
import { TRIGGER_LABEL_KEYS } from '../../domain/photos/photo-triggers';
import { PHOTO_PIXELS, PHOTO_SIZES, type PhotoSize } from '../../domain/photos/photo-wire';
import { clockText, runFfmpeg, textFilters, type BurntText } from '../media/ffmpeg';
import type { PhotoFacts } from './photo-list';

/** Bumped when the picture changes, so files of an older look are not served again. */
const LOOK = 1;
const RENDER_LIMIT_MS = 20_000;

/** Two colours per channel: the scene each camera looks at (cab, tank top, valves, road ahead…). */
const CHANNEL_COLOURS: readonly (readonly [string, string])[] = [
  ['0x35506e', '0xa8b4c0'], ['0x5a4a32', '0xc9b48a'], ['0x2f5a3a', '0x9fc0a0'], ['0x4a4a4a', '0xd0d0d0'],
  ['0x603030', '0xd8a070'], ['0x30406a', '0x80a0e0'], ['0x505a20', '0xc0c870'], ['0x3a2f5a', '0xb0a0d0'],
];

/** Photos being rendered, by their file stem: a second request for one waits for the first run. */
const rendering = new Map<string, Promise<void>>();

/**
 * ffmpeg runs at once: a grid scrolled into view asks for twenty thumbnails together, and twenty ffmpeg processes on
 * a two-core server would slow every other request; the rest wait their turn (each run is a fraction of a second).
 */
export const PHOTO_RENDER_RUNS = Math.max(2, os.availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished run hands its place straight to the next in line, so no newcomer slips in between.
  if (running >= PHOTO_RENDER_RUNS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function stemOf(photo: PhotoFacts): string {
  const facts = JSON.stringify([LOOK, photo.signCode, photo.trigger, photo.time, photo.channel]);
  const hash = createHash('sha1').update(facts).digest('hex').slice(0, 10);
  return `${photo.eventId}-${photo.channel}-${hash}`;
}

const fileName = (stem: string, size: PhotoSize) => `${stem}.${size}.jpg`;

function overlay(photo: PhotoFacts): BurntText[] {
  const { height } = PHOTO_PIXELS.full;
  return [
    { text: photo.signCode, x: 20, y: 18, size: 34 },
    { text: `通道${photo.channel}`, x: 'w-tw-20', y: 18, size: 34 },
    { text: translate('zh', TRIGGER_LABEL_KEYS[photo.trigger]), x: 20, y: height - 58, size: 30 },
    { text: clockText(photo.time / 1000), x: 'w-tw-20', y: height - 58, size: 30, clock: true },
  ];
}

async function render(photo: PhotoFacts, dir: string, stem: string): Promise<void> {
  const work = await fs.mkdtemp(path.join(dir, '.render-'));
  try {
    const { width, height } = PHOTO_PIXELS.full;
    const thumb = PHOTO_PIXELS.thumb;
    const [c0, c1] = CHANNEL_COLOURS[(photo.channel - 1) % CHANNEL_COLOURS.length] ?? ['0x404040', '0xc0c0c0'];
    const seed = (photo.eventId * 8 + photo.channel) % 2_000_000_000;
    const scene = `gradients=s=${width}x${height}:c0=${c0}:c1=${c1}:nb_colors=2:seed=${seed}:d=1`;
    const graph = [
      // A horizon, the road below it and something standing in view, placed by the event: no two snapshots alike.
      `[0:v]drawbox=x=0:y=ih*0.6:w=iw:h=ih*0.4:color=0x2a2a2a@0.6:t=fill,`
        + `drawbox=x=${(seed * 37) % (width - 240)}:y=ih*0.38:w=220:h=ih*0.26:color=${c0}@0.85:t=fill,`
        + `drawbox=x=0:y=ih*0.78:w=iw:h=6:color=0xe0e0e0@0.7:t=fill,`
        + `noise=alls=14:allf=t+u:all_seed=${seed},vignette=PI/4,${textFilters(overlay(photo), work)},split=2[full][t]`,
      `[t]scale=${thumb.width}:${thumb.height}[thumb]`,
    ].join(';');
    const outputs = { full: path.join(work, 'full.jpg'), thumb: path.join(work, 'thumb.jpg') };
    await runFfmpeg([
      '-f', 'lavfi', '-i', scene, '-filter_complex', graph,
      '-map', '[full]', '-frames:v', '1', '-q:v', '4', '-y', outputs.full,
      '-map', '[thumb]', '-frames:v', '1', '-q:v', '5', '-y', outputs.thumb,
    ], RENDER_LIMIT_MS);
    for (const size of PHOTO_SIZES) await fs.rename(outputs[size], path.join(dir, fileName(stem, size)));
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(() => true, () => false);
}

/**
 * The JPEG file of this photo at this size under `mediaDir`, rendered first when missing. Rejects with FfmpegMissing
 * without ffmpeg, and with ffmpeg's own error when a run fails.
 */
export async function photoFile(mediaDir: string, photo: PhotoFacts, size: PhotoSize): Promise<string> {
  const dir = path.join(mediaDir, 'photos');
  const stem = stemOf(photo);
  const file = path.join(dir, fileName(stem, size));
  if (await exists(file)) return file;
  const key = path.join(dir, stem);
  let run = rendering.get(key);
  if (!run) {
    run = fs.mkdir(dir, { recursive: true }).then(() => inTurn(() => render(photo, dir, stem))).finally(() => rendering.delete(key));
    rendering.set(key, run);
  }
  await run;
  return file;
}
