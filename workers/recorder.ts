// The active recording: raw frames from the live links are appended to IndexedDB in batches while it runs.
import type { InboundFrame } from '../streams/frames';
import type { RecordingInfo } from './live-api';
import type { RecordingStore } from './recording';

interface Active {
  readonly id: number;
  pending: InboundFrame[];
  frames: number;
}

export class Recorder {
  private active: Active | undefined;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly store: RecordingStore,
    private readonly now: () => number,
  ) {}

  async start(name: string): Promise<RecordingInfo> {
    await this.stop();
    const id = await this.store.create(name, this.now(), 'live');
    this.active = { id, pending: [], frames: 0 };
    const info = await this.store.get(id);
    if (!info) throw new Error(`recording ${id} vanished`);
    return info;
  }

  add(frame: InboundFrame): void {
    const active = this.active;
    if (!active) return;
    active.pending.push(frame);
    active.frames += 1;
    this.schedule(active);
  }

  async stop(): Promise<RecordingInfo | undefined> {
    const active = this.active;
    if (!active) return undefined;
    this.active = undefined;
    // A frame may slip in between a batch and the writer's end: drain until nothing is left.
    while (this.writing || active.pending.length > 0) {
      this.schedule(active);
      await this.writing;
    }
    return this.store.finish(active.id, this.now());
  }

  status(): { id: number; frames: number } | undefined {
    return this.active && { id: this.active.id, frames: this.active.frames };
  }

  /** One append at a time; frames arriving meanwhile wait and go in the next batch. */
  private schedule(active: Active): void {
    this.writing ??= (async () => {
      while (active.pending.length > 0) {
        const batch = active.pending;
        active.pending = [];
        // A failed batch is lost rather than retried forever: a recording is a diagnostic aid, not the data.
        await this.store.append(active.id, batch).catch(() => undefined);
      }
    })().finally(() => {
      this.writing = undefined;
    });
  }
}
