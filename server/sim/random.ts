// Seeded pseudo-random numbers for the simulator (sfc32), so a seed replays the same fleet and the same day.

/** Mixes any mix of numbers and labels into one 32-bit seed (FNV-1a, then murmur3's finaliser). */
export function hashSeed(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.join('|');
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** splitmix32: spreads one 32-bit seed over sfc32's four words, so nearby seeds give unrelated streams. */
function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string) {
    const state = { s: typeof seed === 'number' ? seed | 0 : hashSeed(seed) };
    this.a = splitmix32(state);
    this.b = splitmix32(state);
    this.c = splitmix32(state);
    this.d = splitmix32(state);
    for (let i = 0; i < 12; i += 1) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (last === undefined) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** Bell-shaped (Irwin–Hall of four uniforms): no transcendental functions, so identical on every platform. */
  normal(mean: number, sd: number): number {
    const sum = this.next() + this.next() + this.next() + this.next();
    return mean + (sum - 2) * sd * Math.sqrt(3);
  }

  /** An independent stream named by a label, e.g. one per truck. */
  fork(...label: readonly (string | number)[]): Rng {
    return new Rng(hashSeed(this.a, this.b, this.c, this.d, ...label));
  }
}

/** Probability that a Poisson process of `perHour` fires at least once in `ms` (small-rate approximation). */
export function perHour(perHourRate: number, ms: number): number {
  return Math.min(1, (perHourRate * ms) / 3_600_000);
}
