// The playback's map, outside React: Leaflet on its canvas over the same base layers as the live map, the whole track
// as a polyline, the stops, cover openings and alarms as coloured marks with tooltips, and the truck moving along it.
// Following keeps the truck in view as it moves. A mark that lasts (a sprinkler's spraying run) can be drawn as a
// stretch: the track between its start and end over the line in its colour.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { BaseMap, MapConfig } from '../../../../domain/map/base-map';
import type { TrackPosition } from '../../../../domain/playback/playback-clock';
import type { MarkKind, TrackFixes } from '../../../../domain/playback/track-wire';
import { createBaseMapView } from '../map/base-map-view';
import { escapeText } from '../map/escape-text';
import { GAP_MS } from '../../../../domain/playback/trip-math';

export const MARK_COLORS: Readonly<Record<MarkKind, string>> = { stop: '#409eff', cover: '#e6a23c', alarm: '#f56c6c', spray: '#1c7ed6' };

/** A mark placed on the track: where the truck was at its time, and what its tooltip says. */
export interface PlacedMark {
  readonly kind: MarkKind;
  readonly lat: number;
  readonly lng: number;
  readonly text: string;
  /** Set for a mark drawn as a stretch of the track: its span, both ends included. */
  readonly span?: { readonly startTime: number; readonly endTime: number };
}

interface PlaybackMap {
  setTrack(fixes: TrackFixes, marks: readonly PlacedMark[]): void;
  /** The truck at its place now; with `follow`, panned into view when near the edge. */
  moveTruck(position: TrackPosition | undefined, follow: boolean): void;
  destroy(): void;
}

const HEADING_PX = 12;

export function createPlaybackMap(container: HTMLElement, config: MapConfig, base: BaseMap | undefined): PlaybackMap {
  /** The track's extent, fitted into view when drawn and again when the map's box changes (the chart beside it drawn). */
  let trackBounds: L.LatLngBounds | undefined;
  const fitTrack = () => {
    if (trackBounds) view.map.fitBounds(trackBounds, { padding: [24, 24], maxZoom: 16 });
  };
  const view = createBaseMapView(container, config, base, { onResize: fitTrack });
  const { map, renderer, project } = view;

  const trackLayer = L.layerGroup().addTo(map);
  const truckLayer = L.layerGroup().addTo(map);

  return {
    setTrack(fixes, marks) {
      trackLayer.clearLayers();
      truckLayer.clearLayers();
      trackBounds = undefined;
      if (fixes.time.length === 0) return;
      const points = fixes.time.map((_t, i) => project(fixes.lat[i] ?? 0, fixes.lng[i] ?? 0));
      // The fixes as runs between the gaps (GAP_MS without a fix): a gap is a thin dashed line, its path unknown.
      const runs: (typeof points)[] = [[]];
      points.forEach((point, i) => {
        if (i > 0 && (fixes.time[i] ?? 0) - (fixes.time[i - 1] ?? 0) > GAP_MS) {
          const before = points[i - 1];
          if (before) L.polyline([before, point], { color: '#909399', weight: 2, dashArray: '6 6', renderer, interactive: false }).addTo(trackLayer);
          runs.push([]);
        }
        runs[runs.length - 1]?.push(point);
      });
      const line = L.polyline(runs, { color: '#2f9e44', weight: 4, opacity: 0.85, renderer, interactive: false }).addTo(trackLayer);
      const first = points[0];
      const last = points[points.length - 1];
      if (first) L.circleMarker(first, { radius: 6, color: '#fff', weight: 2, fillColor: '#2f9e44', fillOpacity: 1, renderer }).addTo(trackLayer);
      if (last) L.circleMarker(last, { radius: 6, color: '#fff', weight: 2, fillColor: '#303133', fillOpacity: 1, renderer }).addTo(trackLayer);
      for (const mark of marks) {
        const stretch = mark.span ? stretchOf(fixes, mark.span.startTime, mark.span.endTime).map(([lat, lng]) => project(lat, lng)) : [];
        if (stretch.length > 1) {
          L.polyline(stretch, { color: MARK_COLORS[mark.kind], weight: 7, opacity: 0.9, renderer })
            .bindTooltip(escapeText(mark.text), { sticky: true })
            .addTo(trackLayer);
        }
        L.circleMarker(project(mark.lat, mark.lng), { radius: 6, color: '#fff', weight: 1.5, fillColor: MARK_COLORS[mark.kind], fillOpacity: 1, renderer })
          .bindTooltip(escapeText(mark.text), { direction: 'top' })
          .addTo(trackLayer);
      }
      trackBounds = line.getBounds();
      fitTrack();
    },
    moveTruck(position, follow) {
      truckLayer.clearLayers();
      if (!position) return;
      const at = project(position.lat, position.lng);
      // The tick toward the heading in screen pixels, so it keeps its length at every zoom.
      const from = map.latLngToLayerPoint(at);
      const radians = (position.heading * Math.PI) / 180;
      const to = map.layerPointToLatLng(L.point(from.x + Math.sin(radians) * HEADING_PX, from.y - Math.cos(radians) * HEADING_PX));
      L.polyline([at, to], { color: '#303133', weight: 3, renderer, interactive: false }).addTo(truckLayer);
      L.circleMarker(at, { radius: 8, color: '#303133', weight: 2, fillColor: '#ffd43b', fillOpacity: 1, renderer, interactive: false }).addTo(truckLayer);
      if (follow && !map.getBounds().pad(-0.2).contains(at)) map.panTo(at, { animate: false });
    },
    destroy() {
      view.destroy();
    },
  };
}

/** The fixes from `start` to `end` (both included) as [lat, lng]: the stretch of the track a lasting mark covers. */
export function stretchOf(fixes: TrackFixes, start: number, end: number): [number, number][] {
  const points: [number, number][] = [];
  fixes.time.forEach((time, i) => {
    if (time >= start && time <= end) points.push([fixes.lat[i] ?? 0, fixes.lng[i] ?? 0]);
  });
  return points;
}
