// POST /sim/alarm answered by any instance: one that does not run the simulator asks, over the bus, the one that
// does (the leader), which raises the alarm and answers the asker. The alarm itself reaches every instance's sockets
// as any other does.
import type { PublishedAlarm } from './hub';

export interface SimAlarmRequest {
  readonly type: number;
  readonly truckId?: number;
}

/** The leader's answer: the raised alarm, or why it could not raise one. */
export type SimAnswer = { readonly alarm: PublishedAlarm } | { readonly error: string };

export type SimServe = (request: SimAlarmRequest) => Promise<PublishedAlarm>;

export type SimBusMessage =
  | { readonly kind: 'simRequest'; readonly id: string; readonly request: SimAlarmRequest }
  | { readonly kind: 'simAnswer'; readonly id: string; readonly to: string; readonly answer: SimAnswer };

export class SimRequests {
  private serve: SimServe | undefined;
  private counter = 0;
  private readonly pending = new Map<string, (answer: SimAnswer | undefined) => void>();

  /**
   * @param sender this instance's name on the bus, which answers are addressed to
   * @param send publishes a message; false when the bus is not up, so nobody can answer
   */
  constructor(
    private readonly sender: string,
    private readonly send: (message: SimBusMessage) => boolean,
  ) {}

  /** Serves the other instances' requests while this instance simulates; the returned function stops serving. */
  serveWith(serve: SimServe): () => void {
    this.serve = serve;
    return () => {
      if (this.serve === serve) this.serve = undefined;
    };
  }

  /** The leader's answer, or undefined when the bus is down or no instance answers within `timeoutMs`. */
  ask(request: SimAlarmRequest, timeoutMs: number): Promise<SimAnswer | undefined> {
    const id = `${this.sender}#${++this.counter}`;
    return new Promise((resolve) => {
      const finish = (answer: SimAnswer | undefined) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(answer);
      };
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      this.pending.set(id, finish);
      if (!this.send({ kind: 'simRequest', id, request })) finish(undefined);
    });
  }

  /** A request heard on the bus: only the serving instance answers. */
  requested(from: string, id: string, request: SimAlarmRequest): void {
    const serve = this.serve;
    if (!serve) return;
    serve(request)
      .then(
        (alarm): SimAnswer => ({ alarm }),
        (error: unknown): SimAnswer => ({ error: error instanceof Error ? error.message : String(error) }),
      )
      .then((answer) => this.send({ kind: 'simAnswer', id, to: from, answer }));
  }

  /** An answer heard on the bus: taken if it is addressed here and still awaited. */
  answered(to: string, id: string, answer: SimAnswer): void {
    if (to === this.sender) this.pending.get(id)?.(answer);
  }

  /** Nothing will be answered any more: the askers get undefined at once. */
  close(): void {
    for (const finish of [...this.pending.values()]) finish(undefined);
  }
}
