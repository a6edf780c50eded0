// The live map's clustering off the main thread: supercluster indexes the whole fleet (some 60 ms for 10,000 trucks on
// this kind of machine, a long task each update if done in the page) in a worker of the map's own, and answers what
// to draw for a view. Calls are answered in order, so a query after a load sees that load.
import { transfer } from 'comlink';
import Supercluster from 'supercluster';

/** What a view shows: clusters as [lng, lat, count, id] runs, and single trucks by their index in the loaded points. */
interface ClusterAnswer {
  /** Which load these indexes refer to. */
  readonly generation: number;
  readonly clusters: Float64Array;
  readonly points: Int32Array;
}

export interface ClusterApi {
  /** Indexes the trucks' positions, [lng, lat] pairs in the screen's order; `generation` names this load. */
  load(coords: Float64Array, generation: number): void;
  query(bbox: readonly [number, number, number, number], zoom: number): ClusterAnswer;
  expansionZoom(clusterId: number): number;
}

export function clusterApi(radius: number, maxZoom: number): ClusterApi {
  let index = new Supercluster<{ readonly index: number }>({ radius, maxZoom });
  let generation = -1;
  return {
    load(coords, loaded) {
      const features: Supercluster.PointFeature<{ readonly index: number }>[] = [];
      for (let at = 0; at < coords.length / 2; at += 1) {
        features.push({ type: 'Feature', properties: { index: at }, geometry: { type: 'Point', coordinates: [coords[at * 2] ?? 0, coords[at * 2 + 1] ?? 0] } });
      }
      index = new Supercluster({ radius, maxZoom });
      index.load(features);
      generation = loaded;
    },
    query(bbox, zoom) {
      const found = index.getClusters([...bbox], zoom);
      const clusters: number[] = [];
      const points: number[] = [];
      for (const feature of found) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties;
        if ('cluster' in props && props.cluster) clusters.push(lng, lat, props.point_count, props.cluster_id);
        else points.push((props as { readonly index: number }).index);
      }
      const answer: ClusterAnswer = { generation, clusters: Float64Array.from(clusters), points: Int32Array.from(points) };
      return transfer(answer, [answer.clusters.buffer, answer.points.buffer]);
    },
    expansionZoom: (clusterId) => index.getClusterExpansionZoom(clusterId),
  };
}
