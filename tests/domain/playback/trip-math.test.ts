import { describe, expect, it } from 'vitest';
import type { TrackFixes } from '../../../domain/playback/track-wire';
import { haversineKm, STOP_MIN_MS, tripFigures } from '../../../domain/playback/trip-math';

const MIN = 60_000;

/** Fixes from rows of [minute, lat, lng, speed]. */
function fixes(rows: readonly (readonly [number, number, number, number])[]): TrackFixes {
  return {
    time: rows.map(([minute]) => minute * MIN),
    lat: rows.map((row) => row[1]),
    lng: rows.map((row) => row[2]),
    speed: rows.map((row) => row[3]),
    heading: rows.map(() => 0),
  };
}

describe('haversineKm', () => {
  it('measures a degree of latitude as about 111 km', () => {
    expect(haversineKm(31, 121, 32, 121)).toBeCloseTo(111.2, 0);
  });
  it('is zero for one point', () => {
    expect(haversineKm(31.2, 121.4, 31.2, 121.4)).toBe(0);
  });
});

describe('tripFigures', () => {
  it('has nothing to say about no fixes or one fix', () => {
    expect(tripFigures(fixes([]))).toEqual({ distanceKm: 0, movingMs: 0, parkedMs: 0, maxSpeed: 0, stops: [] });
    expect(tripFigures(fixes([[0, 31, 121, 40]])).movingMs).toBe(0);
  });

  it('counts distance and time of moving spells, and parked time apart', () => {
    // 0→10 min: 0.01° north (≈1.11 km) at 40 km/h; 10→30 min: standing; 30→40 min: another 0.01°.
    const track = fixes([[0, 31, 121, 40], [10, 31.01, 121, 40], [20, 31.01, 121, 0], [30, 31.01, 121, 0], [40, 31.02, 121, 40]]);
    const figures = tripFigures(track);
    // 10→20 has a mean speed of 20 km/h: moving, though it ends at rest.
    expect(figures.movingMs).toBe(30 * MIN);
    expect(figures.parkedMs).toBe(10 * MIN);
    expect(figures.distanceKm).toBeCloseTo(2 * 1.112, 2);
    expect(figures.maxSpeed).toBe(40);
  });

  it('makes a stop of a parked spell of at least five minutes, and none of a shorter one', () => {
    expect(STOP_MIN_MS).toBe(5 * MIN);
    const track = fixes([
      [0, 31, 121, 0], [1, 31, 121, 0], [2, 31, 121, 0], // 2 minutes standing: a traffic light
      [3, 31.01, 121, 40], [4, 31.02, 121, 40],
      [5, 31.02, 121, 0], [8, 31.02, 121, 0], [11, 31.02, 121, 0], // 6 minutes standing: a stop
      [12, 31.03, 121, 40],
    ]);
    const { stops } = tripFigures(track);
    expect(stops).toEqual([{ startTime: 5 * MIN, endTime: 11 * MIN, lat: 31.02, lng: 121 }]);
  });

  it('counts a truck reporting 0 km/h at both ends but far apart as moving (a gap in reports)', () => {
    const figures = tripFigures(fixes([[0, 31, 121, 0], [30, 31.1, 121, 0]]));
    expect(figures.movingMs).toBe(30 * MIN);
    expect(figures.distanceKm).toBeGreaterThan(11);
    expect(figures.stops).toEqual([]);
  });

  it('ends a stop that lasts to the last fix there', () => {
    const { stops, parkedMs } = tripFigures(fixes([[0, 31, 121, 50], [1, 31.01, 121, 50], [2, 31.01, 121, 0], [60, 31.01, 121, 0]]));
    expect(parkedMs).toBe(58 * MIN);
    expect(stops).toEqual([{ startTime: 2 * MIN, endTime: 60 * MIN, lat: 31.01, lng: 121 }]);
  });
});
