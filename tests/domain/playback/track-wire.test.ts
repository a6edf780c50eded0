import { describe, expect, it } from 'vitest';
import { isTrackAnswer } from '../../../domain/playback/track-wire';

const answer = {
  truckId: 3,
  signCode: '沪A12345',
  fixes: { time: [1, 2], lat: [31, 31.1], lng: [121, 121.1], speed: [0, 40], heading: [0, 90] },
  marks: [{ kind: 'stop', startTime: 1, endTime: 2, detail: 12, area: '浦东' }, { kind: 'alarm', startTime: 2, endTime: null, detail: 2, area: '' }],
};

describe('isTrackAnswer', () => {
  it('accepts a well-formed answer', () => {
    expect(isTrackAnswer(answer)).toBe(true);
  });
  it('refuses columns of different lengths', () => {
    expect(isTrackAnswer({ ...answer, fixes: { ...answer.fixes, lat: [31] } })).toBe(false);
  });
  it('refuses an unknown mark kind', () => {
    expect(isTrackAnswer({ ...answer, marks: [{ ...answer.marks[0], kind: 'party' }] })).toBe(false);
  });
});
