// The fence screens' map as a hook: the deployment's base layer asked once, and the map made in an element of its own
// that MapHost places wherever the screen shows the map now (the list's side, the form's side) without a new map.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FenceShape } from '../../../../domain/fence-shape';
import { useMapSetup } from '../../monitor/map/use-map-setup';
import { createFenceMap, type FenceMap } from './fence-map';

interface UsedFenceMap {
  /** The map's element, for MapHost. */
  readonly element: HTMLDivElement;
  /** Undefined until the base layer is known and the map made. */
  readonly map: FenceMap | undefined;
  /** The outline drawn now (drawing mode), for the screen to mark the map as drawn. */
  readonly drawn: FenceShape | undefined;
}

export function useFenceMap(): UsedFenceMap {
  const [element] = useState(() => {
    const div = document.createElement('div');
    div.className = 'fences__map';
    div.setAttribute('data-testid', 'fence-map');
    return div;
  });
  const setup = useMapSetup();
  const [map, setMap] = useState<FenceMap | undefined>(undefined);
  const [drawn, setDrawn] = useState<FenceShape | undefined>(undefined);


  useEffect(() => {
    if (!setup) return undefined;
    const created = createFenceMap(element, setup, setDrawn);
    setMap(created);
    return () => {
      setMap(undefined);
      created.destroy();
    };
  }, [setup, element]);

  return { element, map, drawn };
}

/** Puts the map's element here; the map learns its new size once placed. */
export function MapHost({ element, map, label }: { readonly element: HTMLDivElement; readonly map: FenceMap | undefined; readonly label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    host.current?.appendChild(element);
    map?.resize();
  }, [element, map]);
  return <div ref={host} role="region" aria-label={label} />;
}
