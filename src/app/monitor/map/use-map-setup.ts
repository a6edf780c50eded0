// What a monitor map starts from, read once per screen: the deployment's base layer and, without a tile server, the
// offline base map; from a backend without the map calls, the plain grid alone (and the base map is never asked).
import { useEffect, useState } from 'react';
import type { BaseMap, MapConfig } from '../../../../domain/map/base-map';
import { fetchBaseMap, fetchMapConfig, GRID_ONLY } from './map-calls';

export interface MapSetup {
  readonly config: MapConfig;
  readonly base: BaseMap | undefined;
}

async function loadSetup(): Promise<MapSetup> {
  const config = await fetchMapConfig();
  if (!config) return { config: GRID_ONLY, base: undefined };
  return { config, base: config.tileUrl === null ? await fetchBaseMap() : undefined };
}

/** Undefined until read. */
export function useMapSetup(): MapSetup | undefined {
  const [setup, setSetup] = useState<MapSetup | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void loadSetup().then((loaded) => current && setSetup(loaded));
    return () => {
      current = false;
    };
  }, []);
  return setup;
}
