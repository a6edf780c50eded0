import { describe, expect, it } from 'vitest';
import {
  advance, BASE_RATE, fixIndexAt, isPlaybackSpeed, pause, play, positionAt, seek, setSpeed, startClock,
} from '../../../domain/playback/playback-clock';
import type { TrackFixes } from '../../../domain/playback/track-wire';

const range = { start: 1_000_000, end: 1_000_000 + 24 * 3_600_000 };

describe('the playback clock', () => {
  it('starts paused at the start at ×1', () => {
    expect(startClock(range)).toEqual({ time: range.start, playing: false, speed: 1 });
  });

  it('stands still while paused', () => {
    expect(advance(startClock(range), 1000, range).time).toBe(range.start);
  });

  it('moves BASE_RATE × speed of track time per real millisecond while playing', () => {
    const playing = play(startClock(range), range);
    expect(advance(playing, 1000, range).time).toBe(range.start + 1000 * BASE_RATE);
    expect(advance(setSpeed(playing, 20), 1000, range).time).toBe(range.start + 1000 * BASE_RATE * 20);
  });

  it('pauses at the end, and plays again from the start', () => {
    const ended = advance(setSpeed(play(startClock(range), range), 20), 10 * 3_600_000, range);
    expect(ended).toMatchObject({ time: range.end, playing: false });
    expect(play(ended, range)).toMatchObject({ time: range.start, playing: true });
  });

  it('seeks within the range and keeps playing', () => {
    const playing = play(startClock(range), range);
    expect(seek(playing, range.start + 5000, range)).toMatchObject({ time: range.start + 5000, playing: true });
    expect(seek(playing, 0, range).time).toBe(range.start);
    expect(seek(playing, range.end + 1, range).time).toBe(range.end);
    expect(pause(playing).playing).toBe(false);
  });

  it('knows the five speeds', () => {
    expect([1, 2, 5, 10, 20].every(isPlaybackSpeed)).toBe(true);
    expect(isPlaybackSpeed(3)).toBe(false);
  });
});

describe('positionAt', () => {
  const fixes: TrackFixes = { time: [0, 100, 200], lat: [31, 31.1, 31.1], lng: [121, 121, 121.2], speed: [0, 60, 30], heading: [350, 10, 90] };

  it('finds the last fix at or before a time', () => {
    expect(fixIndexAt(fixes.time, -1)).toBe(-1);
    expect(fixIndexAt(fixes.time, 0)).toBe(0);
    expect(fixIndexAt(fixes.time, 150)).toBe(1);
    expect(fixIndexAt(fixes.time, 500)).toBe(2);
  });

  it('interpolates between fixes, turning the short way round', () => {
    const middle = positionAt(fixes, 50);
    expect(middle?.lat).toBeCloseTo(31.05, 10);
    expect(middle?.speed).toBe(30);
    expect(middle?.heading).toBeCloseTo(0, 10);
    expect(middle?.index).toBe(0);
  });

  it('holds at the first fix before it and at the last after it', () => {
    expect(positionAt(fixes, -50)).toMatchObject({ lat: 31, lng: 121, index: 0 });
    expect(positionAt(fixes, 900)).toMatchObject({ lat: 31.1, lng: 121.2, index: 2 });
  });

  it('has no position without fixes', () => {
    expect(positionAt({ time: [], lat: [], lng: [], speed: [], heading: [] }, 0)).toBeUndefined();
  });
});
