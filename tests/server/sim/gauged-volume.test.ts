// A level gauge reads its compartments' levels through the tank table its device confirmed.
import { describe, expect, it } from 'vitest';
import { sampleTankTableData } from '../../../domain/params/tank-table-sample';
import { gaugedVt } from '../../../server/sim/truck-sim';
import { levelMm } from '../../../server/sim/tanks';

const tank = { vt: 6000, capacity: 10_000 };

describe('gauged volumes', () => {
  it('reports the true volume while the device has no tank table', () => {
    expect(gaugedVt({}, 0, tank)).toBe(6000);
  });

  it('reports the volume the confirmed table gives for the measured level, which differs from the true one', () => {
    // An elliptical tank's table: at 60 % of the height it holds more than 60 % of its capacity.
    const table = sampleTankTableData(2, 20_000, 1800);
    const level = levelMm(tank.vt, tank.capacity);
    expect(level).toBe(1080);
    const shown = gaugedVt({ gauge: table }, 0, tank);
    expect(shown).toBeGreaterThan(6000);
    expect(shown).toBeLessThan(10_000);
  });

  it('falls back to the true volume for a compartment the table lacks and for an empty compartment', () => {
    const table = sampleTankTableData(1, 10_000, 1800);
    expect(gaugedVt({ gauge: table }, 3, tank)).toBe(6000);
    expect(gaugedVt({ gauge: table }, 0, { vt: 0, capacity: 10_000 })).toBe(0);
  });
});
