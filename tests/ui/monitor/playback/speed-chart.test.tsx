// The speed chart's series: no line across a gap in the fixes, so a silent night is not drawn as a slow ramp.
import { describe, expect, it } from 'vitest';
import { speedSeries } from '../../../../src/app/monitor/playback/SpeedChart';
import { GAP_MS } from '../../../../domain/playback/trip-math';

const MIN = 60_000;
const fixes = (rows: readonly (readonly [number, number])[]) => ({
  time: rows.map(([minute]) => minute * MIN),
  speed: rows.map(([, speed]) => speed),
  lat: rows.map(() => 31),
  lng: rows.map(() => 121),
  heading: rows.map(() => 0),
});

describe('the speed series', () => {
  it('is the fixes as they are while no two are more than GAP_MS apart', () => {
    expect(GAP_MS).toBe(10 * MIN);
    expect(speedSeries(fixes([[0, 40], [3, 50], [13, 0]]))).toEqual([[0, 3 * MIN, 13 * MIN], [40, 50, 0]]);
  });

  it('breaks the line after the last fix before a gap, with a point that has no speed', () => {
    const [times, speeds] = speedSeries(fixes([[0, 40], [2, 0], [662, 52], [665, 54]]));
    expect(times).toEqual([0, 2 * MIN, 2 * MIN + 1, 662 * MIN, 665 * MIN]);
    expect(speeds).toEqual([40, 0, null, 52, 54]);
  });
});
