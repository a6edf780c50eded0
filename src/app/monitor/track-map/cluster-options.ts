// How the live map clusters: shared by the map and its clustering worker.

/** Cluster radius in screen pixels. */
export const CLUSTER_RADIUS = 50;
/** Past this zoom every truck is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 15;
