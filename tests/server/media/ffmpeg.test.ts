import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cjkFontFile, clockText, ffmpegPath, runFfmpeg, textFilters } from '../../../server/media/ffmpeg';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-ffmpeg-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the simulated camera (ffmpeg)', () => {
  it('is installed with a Chinese font by the project scripts', () => {
    expect(ffmpegPath()).toMatch(/ffmpeg$/);
    expect(cjkFontFile()).not.toBeNull();
  });

  it('burns in a plate and texts with every character the filter graph reads specially, verbatim', async () => {
    const plate = "京A12345 通道1 it's 10:20, 50% [x];y=z\\";
    const filters = textFilters([{ text: plate, x: 4, y: 4, size: 14 }, { text: clockText(1_764_000_000), x: 4, y: 40, size: 14, clock: true }], dir);
    expect(fs.readFileSync(path.join(dir, 'text-0.txt'), 'utf8')).toBe(plate);
    const out = path.join(dir, 'frame.png');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=gray:size=160x90:rate=1', '-vf', filters, '-frames:v', '1', '-y', out]);
    const png = fs.readFileSync(out);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    // The same frame without the texts differs: the texts were drawn.
    const blank = path.join(dir, 'blank.png');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=gray:size=160x90:rate=1', '-frames:v', '1', '-y', blank]);
    expect(png.equals(fs.readFileSync(blank))).toBe(false);
  });

  it('reads a recording clock from its start in China time', () => {
    expect(clockText(1_764_000_000.7)).toBe('%{pts:localtime:1764000000:%Y-%m-%d %H\\:%M\\:%S}');
    expect(clockText()).toBe('%{localtime:%Y-%m-%d %H\\:%M\\:%S}');
  });

  it('rejects with what ffmpeg said when a run fails', async () => {
    await expect(runFfmpeg(['-i', path.join(dir, 'missing.mp4'), '-y', path.join(dir, 'x.png')])).rejects.toThrow(/ffmpeg failed: .*missing\.mp4/);
  });
});
