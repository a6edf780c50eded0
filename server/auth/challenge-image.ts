// Draws a login challenge's answer as a PNG: stroked glyphs, each turned, sheared and scaled on its own, the whole
// picture warped, and crossed by curves of the same ink and width, so no glyph is a fixed shape a program can match.
import { encodePng } from '../http/png';
import { GLYPHS } from './challenge-glyphs';

const CHALLENGE_WIDTH = 168;
const CHALLENGE_HEIGHT = 56;

type Point = readonly [number, number];
type Rgb = readonly [number, number, number];

const byte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** A value in [from, to). */
const between = (random: () => number, from: number, to: number) => from + random() * (to - from);

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

class Canvas {
  readonly rgb: Uint8Array;
  constructor(readonly width: number, readonly height: number) {
    this.rgb = new Uint8Array(width * height * 3);
  }

  /** Sets one pixel, which must lie on the canvas, to bytes `r`, `g`, `b`. */
  set(x: number, y: number, r: number, g: number, b: number): void {
    const at = (y * this.width + x) * 3;
    this.rgb[at] = r;
    this.rgb[at + 1] = g;
    this.rgb[at + 2] = b;
  }

  /** Blends `color` into one pixel by `cover` (0 to 1). */
  blend(x: number, y: number, color: Rgb, cover: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || cover <= 0) return;
    const at = (y * this.width + x) * 3;
    for (let c = 0; c < 3; c++) {
      const old = this.rgb[at + c] ?? 0;
      this.rgb[at + c] = Math.round(old + ((color[c] ?? 0) - old) * Math.min(1, cover));
    }
  }

  /** A straight line of `width` pixels with soft edges (each pixel covered by its distance from the line). */
  line(from: Point, to: Point, width: number, color: Rgb): void {
    const [x0, y0] = from;
    const [x1, y1] = to;
    const reach = width / 2 + 1;
    const dx = x1 - x0;
    const dy = y1 - y0;
    const length2 = dx * dx + dy * dy || 1;
    // Pixels this far from the line or farther get no ink: most of the box around a short segment.
    const outside = (width / 2 + 0.5) ** 2;
    for (let y = Math.floor(Math.min(y0, y1) - reach); y <= Math.ceil(Math.max(y0, y1) + reach); y++) {
      for (let x = Math.floor(Math.min(x0, x1) - reach); x <= Math.ceil(Math.max(x0, x1) + reach); x++) {
        const px = x + 0.5;
        const py = y + 0.5;
        const t = Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / length2));
        const ex = px - (x0 + t * dx);
        const ey = py - (y0 + t * dy);
        const distance2 = ex * ex + ey * ey;
        if (distance2 < outside) this.blend(x, y, color, width / 2 + 0.5 - Math.sqrt(distance2));
      }
    }
  }

  /** A polyline through `points`. */
  path(points: readonly Point[], width: number, color: Rgb): void {
    for (let i = 1; i < points.length; i++) {
      const from = points[i - 1];
      const to = points[i];
      if (from && to) this.line(from, to, width, color);
    }
  }
}

/** The points of a line cut into steps of about `step` pixels, so a warp bends it. */
function subdivide(points: readonly Point[], step: number): Point[] {
  const out: Point[] = [];
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1] ?? [0, 0];
    const [x1, y1] = points[i] ?? [0, 0];
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let s = i === 1 ? 0 : 1; s <= steps; s++) out.push([x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps]);
  }
  return out;
}

/** Dark ink of a random hue: glyphs and crossing curves alike, so colour does not tell them apart. */
const ink = (random: () => number) => hslToRgb(between(random, 0, 360), between(random, 0.45, 0.8), between(random, 0.18, 0.36));

/** A PNG of `answer`'s characters (CHALLENGE_CHARSET), different at every draw. */
export function drawChallenge(answer: string, random: () => number = Math.random): Buffer {
  const canvas = new Canvas(CHALLENGE_WIDTH, CHALLENGE_HEIGHT);
  const { width, height } = canvas;

  // A light background with a tilt of colour and grain.
  const [r0, g0, b0] = hslToRgb(between(random, 0, 360), 0.35, 0.92);
  const tilt = between(random, -18, 18);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = (tilt * x) / width + between(random, -10, 10);
      canvas.set(x, y, byte(r0 + shade), byte(g0 + shade), byte(b0 + shade));
    }
  }

  // One warp for the whole picture: every stroke, glyph or noise, bends the same way.
  const wave = { ax: between(random, 1.5, 3), fx: between(random, 0.08, 0.16), px: between(random, 0, 7), ay: between(random, 2, 4), fy: between(random, 0.03, 0.07), py: between(random, 0, 7) };
  const warp = ([x, y]: Point): Point => [x + wave.ax * Math.sin(y * wave.fx + wave.px), y + wave.ay * Math.sin(x * wave.fy + wave.py)];
  const stroke = (points: readonly Point[], lineWidth: number, color: Rgb) => canvas.path(subdivide(points, 2).map(warp), lineWidth, color);

  // Thin curves under the glyphs.
  for (let i = 0; i < 3; i++) {
    const color = hslToRgb(between(random, 0, 360), 0.4, 0.62);
    stroke(curve(random, width, height), between(random, 0.8, 1.4), color);
  }

  const advance = (width - 16) / answer.length;
  [...answer].forEach((ch, i) => {
    const strokes = GLYPHS[ch];
    if (!strokes) throw new Error(`no glyph for "${ch}"`);
    const scale = between(random, 4, 4.9);
    const angle = between(random, -0.38, 0.38);
    const shear = between(random, -0.28, 0.28);
    const cx = 8 + advance * (i + 0.5) + between(random, -3, 3);
    const cy = height / 2 + between(random, -4, 4);
    const place = ([gx, gy]: Point): Point => {
      const u = gx - 2 + between(random, -0.22, 0.22) + shear * (gy - 3);
      const v = gy - 3 + between(random, -0.22, 0.22);
      return [cx + scale * (u * Math.cos(angle) - v * Math.sin(angle)), cy + scale * (u * Math.sin(angle) + v * Math.cos(angle))];
    };
    const color = ink(random);
    const lineWidth = between(random, 2.2, 3);
    for (const line of strokes) stroke(line.map(place), lineWidth, color);
  });

  // Curves of glyph ink and width across the glyphs, then specks.
  for (let i = 0; i < 2; i++) stroke(curve(random, width, height), between(random, 2, 2.8), ink(random));
  for (let i = 0; i < 120; i++) {
    const x = between(random, 0, width);
    const y = between(random, 0, height);
    canvas.line([x, y], [x + between(random, -2, 2), y + between(random, -2, 2)], between(random, 0.8, 1.8), ink(random));
  }
  return encodePng(width, height, canvas.rgb);
}

/** A cubic curve from the left edge to the right one through the band the glyphs stand in. */
function curve(random: () => number, width: number, height: number): Point[] {
  const y = () => between(random, height * 0.2, height * 0.8);
  const [p0, p1, p2, p3]: Point[] = [[0, y()], [width / 3, between(random, -10, height + 10)], [(2 * width) / 3, between(random, -10, height + 10)], [width, y()]];
  const points: Point[] = [];
  for (let s = 0; s <= 24; s++) {
    const t = s / 24;
    const m = 1 - t;
    const at = (k: 0 | 1) => m ** 3 * (p0?.[k] ?? 0) + 3 * m * m * t * (p1?.[k] ?? 0) + 3 * m * t * t * (p2?.[k] ?? 0) + t ** 3 * (p3?.[k] ?? 0);
    points.push([at(0), at(1)]);
  }
  return points;
}
