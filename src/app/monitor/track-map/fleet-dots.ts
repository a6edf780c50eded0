// Every truck and cluster in view as ONE path of Leaflet's canvas renderer: one layer drawn in one pass, where a
// Leaflet layer per truck (a dot, a heading tick, a tooltip) cost tens of milliseconds to rebuild at each update and
// each move. The renderer still does the rest: the canvas's place and its scaling during a zoom, and asking the layer
// whether the pointer is on it (for clicks and the pointer cursor), which is answered by looking for the nearest dot.
import L from 'leaflet';

interface DrawnTruck {
  readonly kind: 'truck';
  readonly key: string;
  readonly plate: string;
  /** In the map's coordinates (converted for the base layer). */
  readonly at: L.LatLng;
  readonly heading: number;
  readonly color: string;
  readonly chosen: boolean;
  /** A ring round the dot in this colour (a spraying sprinkler), if any. */
  readonly ring?: string | undefined;
}

interface DrawnCluster {
  readonly kind: 'cluster';
  readonly id: number;
  readonly count: number;
  readonly at: L.LatLng;
}

export type DrawnItem = DrawnTruck | DrawnCluster;

const HEADING_PX = 11;
const CLUSTER_COLOR = '#409eff';
/** How far a truck's ring lies outside its dot. */
const RING_PX = 4;

function clusterRadius(count: number): number {
  return Math.min(26, 10 + Math.log2(count) * 2.5);
}

function radiusOf(item: DrawnItem): number {
  if (item.kind === 'cluster') return clusterRadius(item.count);
  return (item.chosen ? 8 : 6) + (item.ring === undefined ? 0 : RING_PX);
}

/** The members of Leaflet's canvas renderer a path draws with (they are not in Leaflet's types). */
interface CanvasInternals {
  readonly _ctx: CanvasRenderingContext2D;
  readonly _drawing: boolean;
}

export class FleetDots extends L.Path {
  private items: readonly DrawnItem[] = [];
  private points: L.Point[] = [];
  private readonly canvas: CanvasInternals;
  /** Read by Leaflet's canvas renderer to know what to clear and redraw. */
  _pxBounds: L.Bounds | undefined;

  constructor(renderer: L.Canvas) {
    super();
    L.Util.setOptions(this, { renderer, interactive: true, bubblingMouseEvents: false });
    this.canvas = renderer as unknown as CanvasInternals;
  }

  /** Draws these in place of what was drawn. */
  setItems(items: readonly DrawnItem[]): void {
    this.items = items;
    this.redraw();
  }

  /** The truck or cluster under a point of the map's layer (the topmost, that is the last drawn), if any. */
  itemAt(point: L.Point): DrawnItem | undefined {
    for (let at = this.items.length - 1; at >= 0; at -= 1) {
      const item = this.items[at];
      const centre = this.points[at];
      if (!item || !centre) continue;
      const reach = radiusOf(item) + 3;
      const dx = centre.x - point.x;
      const dy = centre.y - point.y;
      if (dx * dx + dy * dy <= reach * reach) return item;
    }
    return undefined;
  }

  // Leaflet's path protocol, called by the renderer.
  _project(): void {
    const map = this._map;
    if (!map) return;
    this.points = this.items.map((item) => map.latLngToLayerPoint(item.at));
    const bounds = new L.Bounds();
    this.points.forEach((point, at) => {
      const item = this.items[at];
      const reach = (item ? radiusOf(item) : 0) + HEADING_PX + 4;
      bounds.extend(point.subtract([reach, reach]));
      bounds.extend(point.add([reach, reach]));
    });
    this._pxBounds = bounds.isValid() ? bounds : undefined;
  }

  _update(): void {
    if (this._map) this._updatePath();
  }

  _updatePath(): void {
    if (!this.canvas._drawing) return;
    const ctx = this.canvas._ctx;
    ctx.save();
    ctx.lineCap = 'round';
    this.items.forEach((item, at) => {
      const point = this.points[at];
      if (!point) return;
      if (item.kind === 'cluster') drawCluster(ctx, point, item);
      else drawTruck(ctx, point, item);
    });
    ctx.restore();
  }

  _containsPoint(point: L.Point): boolean {
    return this.itemAt(point) !== undefined;
  }

  _empty(): boolean {
    return this.items.length === 0;
  }
}

function drawTruck(ctx: CanvasRenderingContext2D, point: L.Point, truck: DrawnTruck): void {
  // The tick toward the heading, in screen pixels so it keeps its length at every zoom.
  const radians = (truck.heading * Math.PI) / 180;
  ctx.strokeStyle = truck.color;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(point.x, point.y);
  ctx.lineTo(point.x + Math.sin(radians) * HEADING_PX, point.y - Math.cos(radians) * HEADING_PX);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(point.x, point.y, truck.chosen ? 8 : 6, 0, Math.PI * 2);
  ctx.fillStyle = truck.color;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = truck.chosen ? '#303133' : '#ffffff';
  ctx.stroke();
  if (truck.ring !== undefined) {
    ctx.beginPath();
    ctx.arc(point.x, point.y, (truck.chosen ? 8 : 6) + RING_PX, 0, Math.PI * 2);
    ctx.lineWidth = 3;
    ctx.strokeStyle = truck.ring;
    ctx.stroke();
  }
}

function drawCluster(ctx: CanvasRenderingContext2D, point: L.Point, cluster: DrawnCluster): void {
  ctx.beginPath();
  ctx.arc(point.x, point.y, clusterRadius(cluster.count), 0, Math.PI * 2);
  ctx.globalAlpha = 0.75;
  ctx.fillStyle = CLUSTER_COLOR;
  ctx.fill();
  ctx.globalAlpha = 0.45;
  ctx.lineWidth = 3;
  ctx.strokeStyle = CLUSTER_COLOR;
  ctx.stroke();
  ctx.globalAlpha = 1;
  ctx.fillStyle = '#ffffff';
  ctx.font = '600 12px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(cluster.count), point.x, point.y);
}
