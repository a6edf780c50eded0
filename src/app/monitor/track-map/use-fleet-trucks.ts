// Every truck the user may see, live from the shared worker (no socket of the screen's own): one watch per status, as
// the badge tables watch one, gathered in one book that remembers which watch holds each truck, so a truck leaving one
// status and joining another is right whichever part comes first (fleet-book.ts). Parts arrive in bursts (a frame of 10,000 trucks is dozens of
// parts): the screen hears of them in an animation frame, at most once per PUBLISH_GAP_MS, with the trucks in plate
// order, kept from update to update (only a roster change sorts new plates in).
import { useEffect, useState } from 'react';
import type { TruckChanges } from '../../../../workers/live-api';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { TRUCK_STATUS_CODES } from '../../../../domain/truck-status';
import { useLiveSource } from '../../live/LiveProvider';
import { subscribeUntilCleanup } from '../../live/subscribe-until';
import { FleetBook } from './fleet-book';

export interface FleetTrucks {
  /** In plate order. */
  readonly trucks: readonly TruckView[];
  /** False until every status has answered once. */
  readonly complete: boolean;
}

const EMPTY: FleetTrucks = { trucks: [], complete: false };

/**
 * At least this long between two lists handed to the screen. A status frame reaches the tab as dozens of parts over
 * several frames; each list costs the screen a pass over the whole fleet (filters, counts, the map's clustering), so
 * the parts of one burst are gathered into one or two lists instead of one per animation frame.
 */
export const PUBLISH_GAP_MS = 250;

export function useFleetTrucks(): FleetTrucks {
  const source = useLiveSource();
  const [fleet, setFleet] = useState<FleetTrucks>(EMPTY);
  useEffect(() => {
    if (!source) return undefined;
    const book = new FleetBook();
    let frame: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let publishedAt = -Infinity;
    const publish = () => {
      frame = undefined;
      publishedAt = performance.now();
      setFleet({ trucks: book.trucks(), complete: book.answeredAll(TRUCK_STATUS_CODES) });
    };
    const schedule = () => {
      if (frame !== undefined || timer !== undefined) return;
      const wait = publishedAt + PUBLISH_GAP_MS - performance.now();
      if (wait <= 0) frame = requestAnimationFrame(publish);
      else timer = setTimeout(() => {
        timer = undefined;
        frame = requestAnimationFrame(publish);
      }, wait);
    };
    const stops = TRUCK_STATUS_CODES.map((status) =>
      subscribeUntilCleanup<TruckChanges>((listener) => source.watchTrucks(status, listener), (part) => {
        book.apply(status, part);
        schedule();
      }),
    );
    return () => {
      for (const stop of stops) stop();
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      setFleet(EMPTY);
    };
  }, [source]);
  return fleet;
}
