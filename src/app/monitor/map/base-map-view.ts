// A monitor map as every screen starts it: Leaflet on one canvas renderer, the plain grid, then the tile server or the
// offline base map, looking at the whole city; measured again whenever its box changes (a kept-alive tab shown again,
// a side panel filled), so what a screen fits into view is fitted to the box the user sees.
import L from 'leaflet';
import type { BaseMap, MapConfig } from '../../../../domain/map/base-map';
import { baseMapParts, plainGrid, tileLayer } from './base-layers';
import { inSlices, type Slices } from './idle-slices';
import { toMapCoords, type LatLngPair } from './coords';

interface BaseMapView {
  readonly map: L.Map;
  readonly renderer: L.Canvas;
  /** From the devices' WGS-84 to the base layer's coordinates. */
  readonly project: (lat: number, lng: number) => LatLngPair;
  destroy(): void;
}

/** Shanghai, where the simulator's fleet drives, when the server gives no bounds. */
const DEFAULT_VIEW: L.LatLngTuple = [31.23, 121.47];
const DEFAULT_ZOOM = 11;

interface BaseMapViewOptions {
  /** Runs after Leaflet measured a new box: a screen redraws or fits its own layers then. */
  readonly onResize?: () => void;
  /**
   * The screen's own vector layers on the canvas too (the default: thousands of dots stay cheap); false keeps them as
   * SVG, which a drawing tool (Leaflet-Geoman) edits. The base map is on the canvas either way.
   */
  readonly canvasLayers?: boolean;
}

export function createBaseMapView(container: HTMLElement, config: MapConfig, base: BaseMap | undefined, options: BaseMapViewOptions = {}): BaseMapView {
  const { onResize, canvasLayers = true } = options;
  const project = toMapCoords(config.coords);
  const renderer = L.canvas({ padding: 0.2 });
  const map = L.map(container, { preferCanvas: canvasLayers, ...(canvasLayers ? { renderer } : {}), maxZoom: config.maxZoom, zoomSnap: 1, keyboard: true });
  plainGrid().addTo(map);
  let baseParts: Slices | undefined;
  if (config.tileUrl !== null) tileLayer({ ...config, tileUrl: config.tileUrl }).addTo(map);
  else if (base) baseParts = addInSlices(map, renderer, baseMapParts(base, project, renderer));
  if (base) map.fitBounds(base.bounds.map(([lat, lng]) => project(lat, lng)) as L.LatLngBoundsLiteral);
  else map.setView(DEFAULT_VIEW, DEFAULT_ZOOM);
  const resized = new ResizeObserver(() => {
    // A hidden view has no box: there is nothing to measure until it is shown.
    if (container.clientWidth === 0) return;
    map.invalidateSize();
    onResize?.();
  });
  resized.observe(container);
  return {
    map,
    renderer,
    project,
    destroy() {
      baseParts?.cancel();
      resized.disconnect();
      map.remove();
    },
  };
}

/**
 * The base map's hundreds of shapes and labels, added a slice at a time after the map is shown (making them all at once
 * was most of a 100 ms task). They share the canvas with the screen's own layers, which are added meanwhile, so each
 * goes to the back as it comes: taken last part first, the base map ends in its own order, under the screen's layers.
 */
function addInSlices(map: L.Map, renderer: L.Canvas, parts: readonly (() => L.Layer)[]): Slices {
  // On the map now, so the canvas sits where it always did among the panes' renderers (under a screen's SVG layers).
  renderer.addTo(map);
  return inSlices([...parts].reverse(), (make) => {
    const layer = make().addTo(map);
    toBack(layer);
  });
}

function toBack(layer: L.Layer): void {
  if (layer instanceof L.Path) layer.bringToBack();
  else if (layer instanceof L.LayerGroup) layer.getLayers().reverse().forEach(toBack);
}
