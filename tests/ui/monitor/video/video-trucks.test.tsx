// The video screens' trucks: the plate picker keeps the same list while the fleet's frames change only positions and
// states (10,000 trucks every 250 ms), and gets a new one when a plate or its company changes; offline trucks are
// told apart, and a plate finds its truck.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { normaliseRow } from '../../../../streams/truck-status.stream';
import { TRUCK_STATUS } from '../../../../domain/truck-status';
import { useVideoTrucksOf } from '../../../../src/app/monitor/video/use-video-trucks';
import { fakeTrucks } from '../../../helpers/fake-live-source';

/** The next status frame: every truck a new object, moved on, its state changed. */
const nextFrame = (trucks: readonly TruckView[]) =>
  trucks.map((truck) => normaliseRow({ ...truck.row, speed: truck.row.speed + 1, lat: 31.2, lng: 121.5, status: TRUCK_STATUS.loaded }));

describe('the video screens\' trucks', () => {
  afterEach(cleanup);

  it('keeps the picker\'s plate list across frames that change no plate, and renews it when one changes', () => {
    const first = fakeTrucks(10_000);
    const { result, rerender } = renderHook(({ trucks }) => useVideoTrucksOf(trucks), { initialProps: { trucks: first } });
    const plates = result.current.plates;
    expect(plates).toHaveLength(10_000);
    expect(plates[3]).toEqual({ signCode: '沪A00003', companyName: '公司3' });

    const moved = nextFrame(first);
    rerender({ trucks: moved });
    expect(result.current.plates).toBe(plates);
    // The truck states follow the frame even though the plates stay.
    expect(result.current.online(1)).toBe(true);

    const renamed = moved.map((truck, i) => (i === 5 ? normaliseRow({ ...truck.row, signCode: '沪B99999' }) : truck));
    rerender({ trucks: renamed });
    expect(result.current.plates).not.toBe(plates);
    expect(result.current.plates[5]?.signCode).toBe('沪B99999');
    expect(result.current.truckIdOf('沪B99999')).toBe(6);
  });

  it('tells offline trucks apart', () => {
    const trucks = fakeTrucks(5);
    const { result } = renderHook(() => useVideoTrucksOf(trucks));
    // fakeTrucks cycles the statuses: the first is offline, the second empty.
    expect(trucks[0]?.row.status).toBe(TRUCK_STATUS.offline);
    expect(result.current.online(1)).toBe(false);
    expect(result.current.online(2)).toBe(true);
    expect(result.current.truckIdOf('沪A00004')).toBe(5);
    expect(result.current.truckIdOf('沪X')).toBeUndefined();
  });
});
