// The map's clustering (run in its own worker in the browser; called directly here): a city's trucks merge into
// clusters from afar and come apart close in, answers name the load they belong to.
import { describe, expect, it } from 'vitest';
import { clusterApi } from '../../../../src/app/monitor/track-map/cluster-worker';

/** `n` trucks on a 100 m grid around the city centre, as [lng, lat] pairs. */
function fleet(n: number): Float64Array {
  const coords = new Float64Array(n * 2);
  for (let at = 0; at < n; at += 1) {
    coords[at * 2] = 121.47 + (at % 10) * 0.001;
    coords[at * 2 + 1] = 31.23 + Math.floor(at / 10) * 0.001;
  }
  return coords;
}

const CITY = [121.0, 30.9, 122.0, 31.6] as const;

describe('the map clustering', () => {
  it('merges 100 close trucks into clusters counting all of them at a city zoom, and shows each alone close in', () => {
    const api = clusterApi(50, 15);
    api.load(fleet(100), 1);
    const far = api.query(CITY, 10);
    expect(far.generation).toBe(1);
    expect(far.points).toHaveLength(0);
    let counted = 0;
    for (let at = 0; at < far.clusters.length; at += 4) counted += far.clusters[at + 2] ?? 0;
    expect(counted).toBe(100);
    const near = api.query(CITY, 16);
    expect([...near.points].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(near.clusters).toHaveLength(0);
  });

  it('answers only what lies in the view, and zooms into a cluster far enough to split it', () => {
    const api = clusterApi(50, 15);
    api.load(fleet(100), 2);
    expect(api.query([0, 0, 1, 1], 10).clusters).toHaveLength(0);
    const far = api.query(CITY, 10);
    const id = far.clusters[3];
    if (id === undefined) throw new Error('no cluster');
    expect(api.expansionZoom(id)).toBeGreaterThan(10);
  });

  it('replaces the trucks on a new load', () => {
    const api = clusterApi(50, 15);
    api.load(fleet(100), 1);
    api.load(fleet(3), 2);
    const near = api.query(CITY, 16);
    expect(near.generation).toBe(2);
    expect(near.points).toHaveLength(3);
  });
});
