// The simulator's seeded randomness and the unique-identity scheme behind plates, SNs and phones.
import { describe, expect, it } from 'vitest';
import { permutation, truckIdentities, MAX_TRUCKS } from '../../../server/sim/names';
import { Rng, hashSeed } from '../../../server/sim/random';

describe('seeded random numbers', () => {
  it('repeats the same sequence for the same seed and a different one for another seed', () => {
    const draw = (seed: number) => {
      const rng = new Rng(seed);
      return Array.from({ length: 20 }, () => rng.next());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('keeps helpers inside their ranges', () => {
    const rng = new Rng('ranges');
    const draws = Array.from({ length: 5000 }, () => [rng.next(), rng.int(3, 5), rng.float(-2, 2)] as const);
    expect(draws.filter(([n]) => n < 0 || n >= 1)).toEqual([]);
    expect(new Set(draws.map(([, k]) => k))).toEqual(new Set([3, 4, 5]));
    expect(draws.filter(([, , f]) => f < -2 || f >= 2)).toEqual([]);
  });

  it('hashes labels so nearby seeds give unrelated streams', () => {
    expect(hashSeed(1, 'truck', 1)).not.toBe(hashSeed(1, 'truck', 2));
    expect(hashSeed(1, 'truck', 1)).toBe(hashSeed(1, 'truck', 1));
  });
});

describe('unique identities', () => {
  it('maps indexes one-to-one through a seeded permutation', () => {
    const next = permutation(10_007, new Rng(3));
    const seen = new Set(Array.from({ length: 10_007 }, (_, i) => next(i)));
    expect(seen.size).toBe(10_007);
  });

  it('gives 20,000 trucks distinct plates, SNs and 11-digit phones in the 沪A·D1234 style', () => {
    const identity = truckIdentities(new Rng(11));
    const ids = Array.from({ length: 20_000 }, (_, i) => identity(i, 'A'));
    expect(new Set(ids.map((x) => x.signCode)).size).toBe(ids.length);
    expect(new Set(ids.map((x) => x.consoleSn)).size).toBe(ids.length);
    expect(new Set(ids.map((x) => x.phone)).size).toBe(ids.length);
    for (const x of ids.slice(0, 200)) {
      expect(x.signCode).toMatch(/^沪A·[A-HJ-NP-Z]\d{4}$/);
      expect(x.phone).toMatch(/^\d{11}$/);
    }
    expect(MAX_TRUCKS).toBeGreaterThanOrEqual(10_000);
  });
});
