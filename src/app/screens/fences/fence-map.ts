// The fence screens' map, outside React: the base layers (tiles or the offline base map, src/app/monitor/map/*) with one
// fence on top, either shown or being drawn with Leaflet-Geoman, whose toolbar offers only the fence's own kind. This
// module alone loads Geoman, and only the fence screens (lazy chunks) load this module.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { FenceShape, FenceShapeKind } from '../../../../domain/fence-shape';
import { createBaseMapView } from '../../monitor/map/base-map-view';
import type { MapSetup } from '../../monitor/map/use-map-setup';
import { fenceProjection, layerKind, layerShape, shapeLayer, FENCE_STYLE, type FenceProjection } from './fence-layers';

export interface FenceMap {
  /** Shows this outline alone (none: clears it) and brings it into view. */
  show(shape: FenceShape | undefined): void;
  /** Offers drawing this kind; an outline already there stays editable while it is of the kind. */
  draw(kind: FenceShapeKind, lang: string): void;
  /** Leaves drawing: no toolbar, the outline no longer editable. */
  stopDrawing(): void;
  /** The outline as drawn now, in WGS-84; undefined when nothing of the kind is drawn. */
  drawn(): FenceShape | undefined;
  /** The map's element was moved or resized. */
  resize(): void;
  destroy(): void;
}

const FIT_PADDING: L.PointExpression = [40, 40];

export function createFenceMap(container: HTMLElement, setup: MapSetup, onDrawn: (shape: FenceShape | undefined) => void): FenceMap {
  const projection: FenceProjection = fenceProjection(setup.config.coords);
  // The fence stays an SVG layer: Geoman edits SVG paths.
  const view = createBaseMapView(container, setup.config, setup.base, { canvasLayers: false });
  const { map } = view;
  // Snapping to the base map's roads would pull corners where the user did not click.
  map.pm.setGlobalOptions({ snappable: false, pathOptions: FENCE_STYLE });

  let current: L.Polygon | L.Circle | undefined;
  let kind: FenceShapeKind | undefined;
  const drawn = () => (current && kind ? layerShape(current, kind, projection) : undefined);
  const changed = () => onDrawn(drawn());
  const place = (layer: L.Polygon | L.Circle | undefined) => {
    current?.remove();
    current = layer;
    if (!layer) return;
    layer.addTo(map);
    layer.on('pm:edit', changed);
    if (kind) layer.pm.enable({ allowSelfIntersection: false });
  };

  map.on('pm:create', (event) => {
    const layer = event.layer;
    if (!(layer instanceof L.Polygon || layer instanceof L.Circle)) {
      layer.remove();
      return;
    }
    // One fence, one outline: a new drawing replaces the one before.
    layer.remove();
    place(layer);
    changed();
  });

  return {
    show(shape) {
      place(shape ? shapeLayer(shape, projection) : undefined);
      if (current) map.fitBounds(current.getBounds(), { padding: FIT_PADDING, maxZoom: 16 });
    },
    draw(next, lang) {
      kind = next;
      map.pm.setLang(lang === 'en' ? 'en' : 'zh');
      map.pm.removeControls();
      map.pm.addControls({
        position: 'topleft', drawMarker: false, drawCircleMarker: false, drawPolyline: false, drawText: false, cutPolygon: false,
        rotateMode: false, editMode: false, dragMode: false, removalMode: false,
        drawPolygon: next === 'polygon', drawRectangle: next === 'rectangle', drawCircle: next === 'circle',
      });
      if (current && layerKind(current) !== next) place(undefined);
      else if (current && !current.pm.enabled()) current.pm.enable({ allowSelfIntersection: false });
      changed();
    },
    stopDrawing() {
      kind = undefined;
      map.pm.disableDraw();
      map.pm.removeControls();
      current?.pm.disable();
    },
    drawn,
    resize() {
      map.invalidateSize();
    },
    destroy() {
      view.destroy();
    },
  };
}
