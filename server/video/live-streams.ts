// The running live streams (docs/video.md): one ffmpeg per (truck, channel), started when a pane asks for it, writing
// HLS into its own folder of the media folder in real time, and stopped when nobody has fetched its files for
// `idleMs`, or when the server closes; at most `maxStreams` at once. A stream whose ffmpeg dies is forgotten, and one
// that wrote no playlist within `firstPlaylistMs` is stopped, so the next ask restarts either. Behind a round-robin
// proxy another instance sharing MEDIA_DIR serves the folder's files too, and marks each fetch in the folder
// (`fetched`), which the owner's idle check reads.
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
  /** The folder's name below the root: `<truck>-<channel>-<start>`. */
  readonly folder: string;
  readonly dir: string;
  readonly picture: StreamPicture;
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  ready: Promise<boolean>;
  lastFetch: number;
}

export type OpenResult = { readonly ok: true; readonly folder: string } | { readonly ok: false; readonly reason: 'busy' | 'ffmpegMissing' | 'failed' };

export const streamName = (truckId: number, channel: number) => `${truckId}-${channel}`;
/** A stream folder's name: truck, channel, start (base 36). */
export const STREAM_FOLDER = /^(\d+)-(\d+)-[0-9a-z]+$/;
/** Touched at every fetch, on whichever instance serves it. */
const FETCHED = 'fetched';

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
    if (await stream.ready) return { ok: true, folder: stream.folder };
    // Kept, a stream without its first playlist would answer every later ask 'failed' (each refreshing its lastFetch,
    // so never swept) and hold a slot of the cap while ffmpeg runs: stopped, the next ask starts it afresh.
    await this.stop(stream);
    return { ok: false, reason: 'failed' };
  }

  /**
   * The path of a stream file for a fetch, marking the fetch so the stream stays alive; undefined when the folder is
   * no stream's (stopped, or never). The folder may be another instance's, in a shared MEDIA_DIR.
   */
  file(folder: string, file: string): string | undefined {
    if (!STREAM_FOLDER.test(folder)) return undefined;
    const dir = path.join(this.root, folder);
    const now = new Date();
    try {
      fs.utimesSync(path.join(dir, FETCHED), now, now);
    } catch {
      return undefined;
    }
    const own = [...this.streams.values()].find((stream) => stream.folder === folder);
    if (own) own.lastFetch = now.getTime();
    return path.join(dir, file);
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
    const idle = [...this.streams.values()].filter((stream) => now - lastFetchOf(stream) > this.options.idleMs);
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
    const folder = `${name}-${Date.now().toString(36)}`;
    const dir = path.join(this.root, folder);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, FETCHED), '');
    const child = spawn(binary, ['-hide_banner', '-loglevel', 'error', '-nostdin', ...liveArgs(picture, dir)], {
      env: { ...process.env, TZ: CAMERA_TZ },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    });
    const stream: Stream = { name, folder, dir, picture, child, exited, ready: Promise.resolve(false), lastFetch: Date.now() };
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

/** The last fetch of a stream's files on any instance: this one's, or the folder's mark. */
function lastFetchOf(stream: Stream): number {
  try {
    return Math.max(stream.lastFetch, fs.statSync(path.join(stream.dir, FETCHED)).mtimeMs);
  } catch {
    return stream.lastFetch;
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
