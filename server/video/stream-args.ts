// The simulated camera's picture as ffmpeg arguments (docs/video.md): a moving test pattern, its hue varied by truck
// and channel so panes side by side differ, with the plate, 通道N and a China-time clock burnt in, encoded small
// (320x180 at 10 fps, x264 ultrafast) as HLS. The live stream runs in real time; a recording renders as fast as it can.
import { clockText, textFilters } from '../media/ffmpeg';

const FRAME = { width: 320, height: 180, fps: 10 } as const;
/** A live segment's seconds, and how many the live playlist keeps (older ones are deleted). */
const LIVE_SEGMENT_S = 1;
const LIVE_PLAYLIST_SEGMENTS = 6;
/** A recording's segment seconds: a 3-minute clip is 90 segments. */
const CLIP_SEGMENT_S = 2;

export const PLAYLIST = 'index.m3u8';
export const SEGMENT_PATTERN = /^seg-\d{5}\.ts$/;

interface Picture {
  readonly signCode: string;
  readonly truckId: number;
  readonly channel: number;
  /** The clock's start for a recording (epoch seconds); live streams show the wall clock. */
  readonly startEpochS?: number;
}

function pictureFilter(picture: Picture, dir: string): string {
  const hue = (picture.channel * 47 + picture.truckId * 29) % 360;
  const texts = textFilters([
    { text: picture.signCode, x: 6, y: 6, size: 16 },
    { text: `通道${picture.channel}`, x: 'w-tw-6', y: 6, size: 16 },
    { text: clockText(picture.startEpochS), x: 6, y: 'h-th-6', size: 14, clock: true },
  ], dir);
  return `hue=h=${hue},${texts}`;
}

const ENCODE = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-sc_threshold', '0'] as const;

/** A live stream into `dir`: until stopped, in real time, the last few segments kept. */
export function liveArgs(picture: Picture, dir: string): string[] {
  return [
    '-re', '-f', 'lavfi', '-i', `testsrc2=size=${FRAME.width}x${FRAME.height}:rate=${FRAME.fps}`,
    '-vf', pictureFilter(picture, dir),
    ...ENCODE, '-tune', 'zerolatency', '-g', String(FRAME.fps * LIVE_SEGMENT_S),
    '-f', 'hls', '-hls_time', String(LIVE_SEGMENT_S), '-hls_list_size', String(LIVE_PLAYLIST_SEGMENTS),
    '-hls_flags', 'delete_segments+independent_segments', '-hls_segment_filename', `${dir}/seg-%05d.ts`, `${dir}/${PLAYLIST}`,
  ];
}

/** A recording of `seconds` into `dir` as a complete (VOD) playlist, its clock starting at the recording's start. */
export function clipArgs(picture: Picture & { readonly startEpochS: number }, seconds: number, dir: string): string[] {
  return [
    '-f', 'lavfi', '-i', `testsrc2=size=${FRAME.width}x${FRAME.height}:rate=${FRAME.fps}:duration=${seconds}`,
    '-vf', pictureFilter(picture, dir),
    ...ENCODE, '-g', String(FRAME.fps * CLIP_SEGMENT_S),
    '-f', 'hls', '-hls_time', String(CLIP_SEGMENT_S), '-hls_playlist_type', 'vod',
    '-hls_segment_filename', `${dir}/seg-%05d.ts`, `${dir}/${PLAYLIST}`,
  ];
}
