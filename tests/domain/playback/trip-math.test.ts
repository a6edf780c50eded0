import { describe, expect, it } from 'vitest';
import type { TrackFixes } from '../../../domain/playback/track-wire';
import { GAP_MS, haversineKm, ROAD_KMH, STOP_MIN_MS, tripFigures } from '../../../domain/playback/trip-math';

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
    expect(tripFigures(fixes([]))).toEqual({ distanceKm: 0, movingMs: 0, parkedMs: 0, maxSpeed: 0, stops: [], gaps: [] });
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

  it('drives a gap only as long as its distance takes at the speed around it, and parks the rest where it began', () => {
    // Arrived at 0 km/h, silent 48 minutes, next heard 1.8 km on at 53 km/h: about 4 minutes of it on the road.
    const track = fixes([[0, 31, 121, 50], [2, 31.05, 121, 50], [4, 31.1, 121, 0], [52, 31.1162, 121, 53], [56, 31.15, 121, 53]]);
    const figures = tripFigures(track);
    const travel = (haversineKm(31.1, 121, 31.1162, 121) / 26.5) * 60 * MIN;
    expect(figures.gaps).toEqual([{ startTime: 4 * MIN, endTime: 52 * MIN }]);
    expect(figures.parkedMs).toBeCloseTo(48 * MIN - travel, -1);
    expect(figures.movingMs).toBeCloseTo(8 * MIN + travel, -1);
    expect(figures.stops).toHaveLength(1);
    expect(figures.stops[0]).toMatchObject({ startTime: 4 * MIN, lat: 31.1, lng: 121 });
    expect(figures.stops[0]?.endTime).toBeCloseTo(52 * MIN - travel, -1);
  });

  it('takes a road speed for a gap whose fixes report none, and no travel at all for a gap that ends where it began', () => {
    const far = tripFigures(fixes([[0, 31, 121, 0], [30, 31.1, 121, 0]]));
    expect(far.distanceKm).toBeGreaterThan(11);
    expect(far.movingMs).toBeCloseTo((far.distanceKm / ROAD_KMH) * 60 * MIN, -1);
    expect(far.parkedMs).toBeCloseTo(30 * MIN - far.movingMs, -1);
    // A night in the yard: the device wakes 10 m from where it slept.
    const night = tripFigures(fixes([[0, 31, 121, 0], [600, 31.0001, 121, 0], [601, 31.005, 121, 40]]));
    expect(night.gaps).toEqual([{ startTime: 0, endTime: 600 * MIN }]);
    expect(night.parkedMs).toBe(600 * MIN);
    expect(night.stops).toEqual([{ startTime: 0, endTime: 600 * MIN, lat: 31, lng: 121 }]);
  });

  it('counts no gap between fixes at most GAP_MS apart', () => {
    expect(GAP_MS).toBe(10 * MIN);
    expect(tripFigures(fixes([[0, 31, 121, 40], [10, 31.1, 121, 40]])).gaps).toEqual([]);
  });

  it('ends a stop that lasts to the last fix there', () => {
    const { stops, parkedMs } = tripFigures(fixes([[0, 31, 121, 50], [1, 31.01, 121, 50], [2, 31.01, 121, 0], [60, 31.01, 121, 0]]));
    expect(parkedMs).toBe(58 * MIN);
    expect(stops).toEqual([{ startTime: 2 * MIN, endTime: 60 * MIN, lat: 31.01, lng: 121 }]);
  });
});
