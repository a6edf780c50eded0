// The live map's filters as the URL holds them, and which trucks they show where.
import { describe, expect, it } from 'vitest';
import {
  ALL_TRACK_FILTERS, focusedPlate, matchesTrack, positionOf, readTrackFilters, trackFiltersSearch, truckOnMapUrl,
} from '../../../../src/app/monitor/track-map/track-filters';
import { normaliseRow } from '../../../../streams/truck-status.stream';
import { statusRow } from '../../../helpers/live-frames';

describe('the live map filters', () => {
  it('reads every status, no company and no plate from an empty query, and writes nothing for them', () => {
    expect(readTrackFilters('')).toEqual(ALL_TRACK_FILTERS);
    expect(trackFiltersSearch(ALL_TRACK_FILTERS)).toBe('');
  });

  it('round-trips statuses in code order, a company and a plate; unknown codes are ignored', () => {
    const filters = readTrackFilters('status=4,2,9,x&company=%E4%B8%9C%E5%9F%8E&plate=%20A1%20');
    expect([...filters.statuses].sort()).toEqual([2, 4]);
    expect(filters).toMatchObject({ company: '东城', plate: 'A1' });
    expect(trackFiltersSearch(filters)).toBe('status=2%2C4&company=%E4%B8%9C%E5%9F%8E&plate=A1');
    expect(readTrackFilters('status=9').statuses).toEqual(ALL_TRACK_FILTERS.statuses);
  });

  it('names the truck a link opens the map focused on, with every filter at its default so the truck is shown', () => {
    const url = truckOnMapUrl('/monitor/track_map', '沪B 77&1');
    expect(url).toBe('/monitor/track_map?truck=%E6%B2%AAB+77%261');
    const search = url.slice(url.indexOf('?') + 1);
    expect(focusedPlate(search)).toBe('沪B 77&1');
    expect(readTrackFilters(search)).toEqual(ALL_TRACK_FILTERS);
    expect(focusedPlate('plate=A1')).toBeUndefined();
    expect(focusedPlate('truck=%20')).toBeUndefined();
  });

  it('keeps every status unticked as such, not as every status', () => {
    const none = { ...ALL_TRACK_FILTERS, statuses: new Set<never>(), plate: 'A1' };
    expect(trackFiltersSearch(none)).toBe('status=none&plate=A1');
    expect(readTrackFilters('status=none&plate=A1')).toEqual(none);
  });

  it('shows a truck of a shown status, of the company chosen, whose plate holds the text in any case', () => {
    const truck = normaliseRow(statusRow({ status: 2, signCode: '沪A·K3801', truckCompany: '东城' }));
    const base = readTrackFilters('');
    expect(matchesTrack({ ...base, plate: 'k38' }, truck)).toBe(true);
    expect(matchesTrack({ ...base, plate: 'K39' }, truck)).toBe(false);
    expect(matchesTrack({ ...base, company: '西城' }, truck)).toBe(false);
    expect(matchesTrack({ ...base, statuses: new Set([1, 3]) }, truck)).toBe(false);
  });

  it('places a truck only with both coordinates, heading north when none is sent', () => {
    expect(positionOf(normaliseRow(statusRow({ lat: 31.2, lng: 121.4 })))).toEqual({ lat: 31.2, lng: 121.4, heading: 0 });
    expect(positionOf(normaliseRow(statusRow({ lat: 31.2, lng: 121.4, heading: 90 })))).toMatchObject({ heading: 90 });
    expect(positionOf(normaliseRow(statusRow({ lat: 31.2 })))).toBeUndefined();
    expect(positionOf(normaliseRow(statusRow({})))).toBeUndefined();
  });
});
