// The view_photos plate picker over a live fleet whose status frames arrive every 250 ms: a frame that only moves
// trucks hands the picker the very same list (no rebuild of 10,000 plates), a frame with a new plate a new one.
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { initI18n } from '../../../../src/app/i18n';
import type { FleetTrucks } from '../../../../src/app/monitor/track-map/use-fleet-trucks';
import type { PhotoFiltersProps } from '../../../../src/app/monitor/photos/PhotoFilters';
import type { Plate } from '../../../../src/ui/filters';

const fleet = vi.hoisted(() => ({ current: { trucks: [], complete: true } as FleetTrucks, listeners: new Set<() => void>() }));
const seen = vi.hoisted(() => ({ plates: [] as (readonly Plate[])[] }));

vi.mock(import('../../../../src/app/monitor/track-map/use-fleet-trucks'), async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useFleetTrucks: () => useSyncExternalStore((listener) => {
      fleet.listeners.add(listener);
      return () => fleet.listeners.delete(listener);
    }, () => fleet.current),
  };
});
vi.mock(import('../../../../src/app/monitor/photos/PhotoFilters'), () => ({
  PhotoFilters: ({ plates }: PhotoFiltersProps) => {
    seen.plates.push(plates);
    return <span data-testid="photo-filters" />;
  },
}));

const { default: PhotosScreen } = await import('../../../../src/app/monitor/photos/PhotosScreen');

/** A status frame: each truck's row with this frame's position (only what the plate list reads matters here). */
function frame(plates: readonly string[], lat: number): FleetTrucks {
  const trucks = plates.map((signCode) => ({ key: signCode, row: { signCode, truckCompany: '一公司', lat, lng: 121 } }) as unknown as TruckView);
  return { trucks, complete: true };
}

function publish(next: FleetTrucks): void {
  act(() => {
    fleet.current = next;
    for (const listener of fleet.listeners) listener();
  });
}

describe('the view_photos plate picker over live frames', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => cleanup());

  it('keeps the same list while no plate changes and takes a new one when a plate comes', () => {
    fleet.current = frame(['沪A00001', '沪A00002'], 31);
    render(<Router hook={memoryLocation({ path: '/monitor/view_photos' }).hook}><PhotosScreen /></Router>);
    const first = seen.plates.at(-1);
    expect(first?.map((plate) => plate.signCode)).toEqual(['沪A00001', '沪A00002']);
    for (const lat of [31.001, 31.002, 31.003]) publish(frame(['沪A00001', '沪A00002'], lat));
    expect(seen.plates.length).toBeGreaterThan(1);
    expect(seen.plates.slice(1).every((plates) => plates === first)).toBe(true);
    publish(frame(['沪A00001', '沪A00002', '沪A00003'], 31.004));
    const last = seen.plates.at(-1);
    expect(last).not.toBe(first);
    expect(last?.map((plate) => plate.signCode)).toEqual(['沪A00001', '沪A00002', '沪A00003']);
  });
});
