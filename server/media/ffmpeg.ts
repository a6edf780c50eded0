// Debian's ffmpeg as the simulator's camera: where it is, the CJK font it burns plates in with, drawtext's escaping,
// and one run with a time limit. Photos (server/media/photos*) and streams (server/media/video*) render through it.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** China time: devices and operators read the burnt-in clock in it (ffmpeg's %{localtime} follows TZ). */
export const CAMERA_TZ = 'Asia/Shanghai';

let found: { readonly ffmpeg: string | null; readonly font: string | null } | undefined;

function lookUp(): { readonly ffmpeg: string | null; readonly font: string | null } {
  const which = spawnSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' });
  const ffmpeg = which.status === 0 ? which.stdout.trim() || null : null;
  // A font with Chinese glyphs: plates start with a province character (京A12345).
  const fonts = spawnSync('fc-list', [':lang=zh', 'file'], { encoding: 'utf8' });
  const cjk = fonts.status === 0 ? fonts.stdout.split('\n').map((line) => line.replace(/:\s*$/, '').trim()).filter(Boolean) : [];
  const font = cjk.find((file) => fs.existsSync(file)) ?? null;
  return { ffmpeg, font };
}

/** ffmpeg's path, or null when it is not installed (scripts/ensure-ffmpeg.sh installs it): cameras then have no signal. */
export function ffmpegPath(): string | null {
  found ??= lookUp();
  return found.ffmpeg;
}

/** A font file with Chinese glyphs, or null (drawtext then falls back to its default font, and plates lose their first character). */
export function cjkFontFile(): string | null {
  found ??= lookUp();
  return found.font;
}

/** A line burnt into the picture. `clock` lines are expanded by drawtext (`clockText`), others drawn as written. */
export interface BurntText {
  readonly text: string;
  readonly x: number | string;
  readonly y: number | string;
  readonly size: number;
  readonly clock?: boolean;
}

/**
 * drawtext filters for these lines. Each text goes through a file in `dir` (which must outlive the ffmpeg run), so no
 * plate, name or clock format needs the filter graph's three levels of escaping.
 */
export function textFilters(texts: readonly BurntText[], dir: string): string {
  const font = cjkFontFile();
  return texts.map((line, index) => {
    const file = path.join(dir, `text-${index}.txt`);
    fs.writeFileSync(file, line.text);
    return [
      `drawtext=textfile=${graphSafe(file)}`,
      font ? `fontfile=${graphSafe(font)}` : '',
      `expansion=${line.clock ? 'normal' : 'none'}`,
      `x=${line.x}:y=${line.y}:fontsize=${line.size}:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=4`,
    ].filter(Boolean).join(':');
  }).join(',');
}

/** A path as a filter option value: every character the option and graph parsers read specially escaped twice. */
function graphSafe(file: string): string {
  return file.replace(/[\\':,;[\]=]/g, (c) => `\\\\\\${c}`);
}

/**
 * A `clock` line's text: the wall time in China time, or with `startEpochS` the time of each frame counted from that
 * moment (a recording's own time).
 */
export function clockText(startEpochS?: number): string {
  const format = '%Y-%m-%d %H\\:%M\\:%S';
  return startEpochS === undefined ? `%{localtime:${format}}` : `%{pts:localtime:${Math.floor(startEpochS)}:${format}}`;
}

export class FfmpegMissing extends Error {
  constructor() {
    super('ffmpeg is not installed (scripts/ensure-ffmpeg.sh installs it)');
  }
}

/** Runs ffmpeg with these arguments in China time; rejects on a non-zero exit, a missing ffmpeg or after `timeoutMs`. */
export function runFfmpeg(args: readonly string[], timeoutMs = 30_000): Promise<void> {
  const binary = ffmpegPath();
  if (!binary) return Promise.reject(new FfmpegMissing());
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args],
      { timeout: timeoutMs, env: { ...process.env, TZ: CAMERA_TZ }, maxBuffer: 1 << 20 },
      (error, _stdout, stderr) => {
        if (error) reject(new Error(`ffmpeg failed: ${String(stderr).trim().slice(0, 500) || error.message}`));
        else resolve();
      },
    );
  });
}
