// A camera's recordings, derived from what the truck really did (docs/video.md): a camera that records films while its
// truck reports, so the stretches of the truck's GPS fixes (fixes at most GAP_MS apart, each lasting FIX_MS past its
// last fix) are what was recorded, cut into files on the clock every CLIP_MAX_MS as a recorder cuts them. Cutting on
// the clock keeps a clip's bounds the same whatever range it is listed in.
import { CLIP_MAX_MS, type Recording } from '../../domain/video/video-wire';
import { MINUTE_MS } from '../../domain/format/time';
import type { Db } from '../db/open';

/** Fixes further apart than this are two stretches (the simulator fixes every 1–3 minutes while driving). */
const GAP_MS = 10 * MINUTE_MS;
/** A stretch runs on this long after its last fix (a lone fix still records a minute). */
const FIX_MS = MINUTE_MS;
/** How far before a range fixes are read: enough to find where a clip overlapping its start begins. */
const LOOK_BACK_MS = GAP_MS + CLIP_MAX_MS + FIX_MS;

/** The clips of these fix times (ascending) that overlap [from, to], whole. */
export function cutRecordings(times: readonly number[], from: number, to: number): Recording[] {
  const stretches: [number, number][] = [];
  for (const time of times) {
    const last = stretches[stretches.length - 1];
    if (last && time - last[1] <= GAP_MS) last[1] = time;
    else stretches.push([time, time]);
  }
  const clips: Recording[] = [];
  for (const [first, lastFix] of stretches) {
    const end = lastFix + FIX_MS;
    for (let slot = Math.floor(first / CLIP_MAX_MS) * CLIP_MAX_MS; slot < end; slot += CLIP_MAX_MS) {
      const clip = { startTime: Math.max(slot, first), endTime: Math.min(slot + CLIP_MAX_MS, end) };
      if (clip.endTime > from && clip.startTime <= to) clips.push(clip);
    }
  }
  return clips;
}

/** The recordings overlapping [from, to] of a truck, from its fixes (read a clip's length past `to`: a clip's end depends on them). */
export async function readRecordings(db: Db, truckId: number, from: number, to: number): Promise<Recording[]> {
  const rows = await db.selectFrom('position').select('time')
    .where('truckId', '=', truckId).where('time', '>=', from - LOOK_BACK_MS).where('time', '<=', to + CLIP_MAX_MS)
    .orderBy('time').execute();
  return cutRecordings(rows.map((row) => Number(row.time)), from, to);
}

/** Whether [startTime, endTime] is exactly one of the truck's recordings. */
export async function isRecording(db: Db, truckId: number, clip: Recording): Promise<boolean> {
  const found = await readRecordings(db, truckId, clip.startTime, clip.endTime);
  return found.some((one) => one.startTime === clip.startTime && one.endTime === clip.endTime);
}
