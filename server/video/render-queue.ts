// A small first-come queue running at most `limit` tasks at once: clip renders are ffmpeg runs of up to 30 s each, and a
// history screen lists up to 480 clips of a day, so unbounded they could starve the live streams and the API of CPU.
export class RenderQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most tasks that ran at once (diagnostics and tests). */
  peak = 0;

  constructor(public limit: number) {}

  /** Runs `task` once fewer than `limit` run; resolves or rejects as it does. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its place straight to the first waiter (`running` unchanged), so a newcomer arriving
    // before that waiter resumes cannot take the place too.
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a place. */
  get queued(): number {
    return this.waiting.length;
  }
}
