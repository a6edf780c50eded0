// The running live streams (docs/video.md): one ffmpeg per (truck, channel), started when a pane asks for it, writing
// HLS into the media folder in real time, and stopped when nobody has fetched its files for `idleMs`, when the cap is
// reached by others, or when the server closes. A stream whose ffmpeg dies is forgotten, so the next ask restarts it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CAMERA_TZ, ffmpegPath } from '../media/ffmpeg';
import type { Services } from '../services';
import { liveArgs, PLAYLIST } from './stream-args';

export interface LiveStreamOptions {
  /** At most this many streams at once; one more is refused as 'busy'. */
  readonly maxStreams: number;
  /** A stream nobody fetched for this long is stopped. */
  readonly idleMs: number;
  /** How often idle streams are looked for. */
  readonly sweepMs: number;
  /** How long an ask waits for the first playlist. */
  readonly firstPlaylistMs: number;
}

export const LIVE_STREAM_DEFAULTS: LiveStreamOptions = { maxStreams: 16, idleMs: 25_000, sweepMs: 5_000, firstPlaylistMs: 8_000 };

export interface StreamPicture {
  readonly truckId: number;
  readonly channel: number;
  readonly signCode: string;
  readonly companyCode: string;
}

interface Stream {
  readonly name: string;
  readonly dir: string;
  readonly picture: StreamPicture;
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  ready: Promise<boolean>;
  lastFetch: number;
}

export type OpenResult = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: 'busy' | 'ffmpegMissing' | 'failed' };

export const streamName = (truckId: number, channel: number) => `${truckId}-${channel}`;

export class LiveStreams {
  private readonly streams = new Map<string, Stream>();
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;
  options: LiveStreamOptions;

  constructor(private readonly root: string, options: Partial<LiveStreamOptions> = {}) {
    this.options = { ...LIVE_STREAM_DEFAULTS, ...options };
  }

  /** Tests shorten the idle time; the defaults otherwise. */
  configure(options: Partial<LiveStreamOptions>): void {
    this.options = { ...this.options, ...options };
    if (this.sweeper) this.restartSweeper();
  }

  /** The running stream of this picture, started when none runs; resolves once its first playlist is written. */
  async open(picture: StreamPicture): Promise<OpenResult> {
    const name = streamName(picture.truckId, picture.channel);
    let stream = this.streams.get(name);
    if (!stream) {
      if (this.closed) return { ok: false, reason: 'failed' };
      if (this.streams.size >= this.options.maxStreams) return { ok: false, reason: 'busy' };
      const binary = ffmpegPath();
      if (!binary) return { ok: false, reason: 'ffmpegMissing' };
      stream = this.start(binary, name, picture);
    }
    stream.lastFetch = Date.now();
    return (await stream.ready) ? { ok: true, name } : { ok: false, reason: 'failed' };
  }

  /** A file of a running stream for a fetch (which keeps the stream alive), or undefined. */
  file(name: string, file: string): { readonly path: string; readonly picture: StreamPicture } | undefined {
    const stream = this.streams.get(name);
    if (!stream) return undefined;
    stream.lastFetch = Date.now();
    return { path: path.join(stream.dir, file), picture: stream.picture };
  }

  /** The ffmpeg process ids of the running streams (diagnostics and tests). */
  pids(): number[] {
    return [...this.streams.values()].flatMap((stream) => (stream.child.pid === undefined ? [] : [stream.child.pid]));
  }

  get size(): number {
    return this.streams.size;
  }

  /** Stops every stream nobody fetched for `idleMs`. */
  async sweep(now = Date.now()): Promise<void> {
    const idle = [...this.streams.values()].filter((stream) => now - stream.lastFetch > this.options.idleMs);
    await Promise.all(idle.map((stream) => this.stop(stream)));
  }

  /** Stops every stream and refuses new ones (server close). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    await Promise.all([...this.streams.values()].map((stream) => this.stop(stream)));
  }

  private start(binary: string, name: string, picture: StreamPicture): Stream {
    // A fresh folder per start: a restarted stream never serves the segments of its predecessor.
    const dir = path.join(this.root, `${name}-${Date.now().toString(36)}`);
    fs.mkdirSync(dir, { recursive: true });
    const child = spawn(binary, ['-hide_banner', '-loglevel', 'error', '-nostdin', ...liveArgs(picture, dir)], {
      env: { ...process.env, TZ: CAMERA_TZ },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    });
    const stream: Stream = { name, dir, picture, child, exited, ready: Promise.resolve(false), lastFetch: Date.now() };
    stream.ready = this.firstPlaylist(stream);
    this.streams.set(name, stream);
    void exited.then(() => {
      if (this.streams.get(name) === stream) this.streams.delete(name);
      fs.rmSync(dir, { recursive: true, force: true });
      if (this.streams.size === 0) this.stopSweeper();
    });
    if (!this.sweeper) this.restartSweeper();
    return stream;
  }

  private async firstPlaylist(stream: Stream): Promise<boolean> {
    let done = false;
    void stream.exited.then(() => {
      done = true;
    });
    const until = Date.now() + this.options.firstPlaylistMs;
    while (!done && Date.now() < until) {
      if (fs.existsSync(path.join(stream.dir, PLAYLIST))) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  }

  private async stop(stream: Stream): Promise<void> {
    if (this.streams.get(stream.name) === stream) this.streams.delete(stream.name);
    stream.child.kill('SIGTERM');
    // ffmpeg finishes its segment on SIGTERM; one that hangs is killed.
    const killer = setTimeout(() => stream.child.kill('SIGKILL'), 2_000);
    await stream.exited;
    clearTimeout(killer);
  }

  private restartSweeper(): void {
    clearInterval(this.sweeper);
    this.sweeper = setInterval(() => void this.sweep(), this.options.sweepMs);
    this.sweeper.unref();
  }

  private stopSweeper(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}

const running = new WeakMap<Services, LiveStreams>();

/** The live streams of a server (one set per services, so each test server has its own). */
export function liveStreamsOf(services: Services): LiveStreams {
  let streams = running.get(services);
  if (!streams) {
    streams = new LiveStreams(path.join(services.mediaDir, 'video', 'live'));
    running.set(services, streams);
  }
  return streams;
}
