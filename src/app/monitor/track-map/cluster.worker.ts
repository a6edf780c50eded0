// The live map's clustering worker: one per open map (see cluster-worker.ts).
import { expose } from 'comlink';
import { clusterApi } from './cluster-worker';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS } from './cluster-options';

expose(clusterApi(CLUSTER_RADIUS, CLUSTER_MAX_ZOOM));
