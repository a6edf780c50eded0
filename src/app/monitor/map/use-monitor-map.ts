// A monitor screen's map: once the map setup is read (useMapSetup), `create` draws it into the screen's container; it
// is destroyed with the screen. `create` runs once per setup, so a screen may pass a new function each render.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useMapSetup, type MapSetup } from './use-map-setup';

interface MonitorMap<M> {
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
    // Made once its box is laid out (a ResizeObserver's first report with a size; a hidden kept-alive view waits until
    // shown): Leaflet reads the box's size as it starts, and reading it in React's task, with the page's DOM just
    // changed, forced the whole page's layout there, in one long task with the map's own work.
    const observer = new ResizeObserver((entries) => {
      if (created || !entries.some((entry) => entry.contentRect.width > 0)) return;
      observer.disconnect();
      created = latest.current(element, setup);
      setMap(created);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      setMap(undefined);
      created?.destroy();
    };
  }, [setup]);
  return { container, map };
}
