// The event row as the simulator hands it to a sink; the kinds and their data are the domain's catalogue.
import type { EventData, EventKind } from '../../domain/events';

export interface SimEvent<K extends EventKind = EventKind> {
  readonly truckId: number;
  readonly companyCode: string;
  readonly kind: K;
  readonly startTime: number;
  readonly endTime: number | null;
  readonly data: EventData[K];
}
