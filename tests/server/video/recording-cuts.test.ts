// How a camera's recordings follow its truck's fixes: stretches of fixes at most 10 minutes apart, each running a
// minute past its last fix, cut on the clock every 3 minutes, listed whole where they overlap the range asked.
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../domain/format/time';
import { cutRecordings } from '../../../server/video/recordings';

const T0 = Date.UTC(2026, 10, 25, 2, 0);
const at = (minutes: number) => T0 + minutes * MINUTE_MS;

describe('recordings cut from fixes', () => {
  it('makes one stretch of fixes 10 minutes apart and two of fixes 11 minutes apart', () => {
    expect(cutRecordings([at(0), at(10)], at(0), at(60)).at(-1)).toEqual({ startTime: at(9), endTime: at(11) });
    expect(cutRecordings([at(0), at(11)], at(0), at(60))).toEqual([{ startTime: at(0), endTime: at(1) }, { startTime: at(11), endTime: at(12) }]);
  });

  it('starts a stretch off the clock\'s cuts at its first fix and keeps the cuts after it', () => {
    expect(cutRecordings([at(1.5), at(5)], at(0), at(60))).toEqual([{ startTime: at(1.5), endTime: at(3) }, { startTime: at(3), endTime: at(6) }]);
  });

  it('lists only the clips overlapping the range, whole', () => {
    expect(cutRecordings([at(0), at(5), at(10)], at(4), at(5))).toEqual([{ startTime: at(3), endTime: at(6) }]);
    expect(cutRecordings([at(0)], at(1), at(60))).toEqual([]);
    expect(cutRecordings([], at(0), at(60))).toEqual([]);
  });
});
