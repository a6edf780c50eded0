// A monitor screen's map: once the map setup is read (useMapSetup), `create` draws it into the screen's container; it
// is destroyed with the screen. `create` runs once per setup, so a screen may pass a new function each render.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useMapSetup, type MapSetup } from './use-map-setup';

export interface MonitorMap<M> {
  readonly container: RefObject<HTMLDivElement | null>;
  /** Undefined until the setup is read and the map drawn. */
  readonly map: M | undefined;
}

export function useMonitorMap<M extends { destroy(): void }>(create: (container: HTMLElement, setup: MapSetup) => M): MonitorMap<M> {
  const setup = useMapSetup();
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(create);
  latest.current = create;
  const [map, setMap] = useState<M | undefined>(undefined);
  useEffect(() => {
    if (!setup || !container.current) return undefined;
    const element = container.current;
    let created: M | undefined;
    // Made once the screen has been laid out and painted: Leaflet reads the box's size as it starts, and reading it in
    // the same task as React's render forced the whole page's layout there, in one long task with the map's own work.
    const create = (): void => {
      created = latest.current(element, setup);
      setMap(created);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(create, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
      setMap(undefined);
      created?.destroy();
    };
  }, [setup]);
  return { container, map };
}
