// Recordings of raw inbound frames: NDJSON export and import (`{"t","socket","data"}`), and their storage.
import { parseRecordingLines, type ParsedLines } from '../domain/wire/recording-lines';
import type { InboundFrame } from '../streams/frames';
import type { LiveDb, StoredFrame, StoredRecording } from './db';
import type { ImportResult, RecordingInfo } from './live-api';

type ParsedNdjson = ParsedLines<InboundFrame>;

/**
 * One NDJSON line. A frame that was JSON goes in as it arrived; one that was not (a bad frame worth keeping: the
 * replay must count it again) goes in as a JSON string. `t` is relative to the recording's start, as the server writes it.
 */
export function ndjsonLine(frame: Pick<InboundFrame, 't' | 'socket' | 'text'>, startedAt: number): string {
  let data: string;
  try {
    // Re-serialised so a pretty-printed frame (the legacy backend may send one) stays on its line.
    data = JSON.stringify(JSON.parse(frame.text));
  } catch {
    data = JSON.stringify(frame.text);
  }
  return `{"t":${Math.max(0, frame.t - startedAt)},"socket":"${frame.socket}","data":${data}}`;
}

/**
 * Reads a recording: every line an object with a non-negative `t`, a known socket and some data; others are reported.
 * The data is kept whatever it holds, so a replay counts a bad frame again as the live pipeline did.
 */
export function parseNdjson(text: string): ParsedNdjson {
  return parseRecordingLines(text, ({ t, socket, data }) => ({ t, socket, text: JSON.stringify(data) }));
}

/** The recordings table: frames are appended in batches while recording, read back in arrival order. */
export class RecordingStore {
  constructor(private readonly db: LiveDb) {}

  async create(name: string, startedAt: number, origin: StoredRecording['origin']): Promise<number> {
    return this.db.recordings.add({ name, startedAt, endedAt: null, frames: 0, origin });
  }

  async append(recordingId: number, frames: readonly InboundFrame[]): Promise<void> {
    if (frames.length === 0) return;
    const rows = frames.map(({ t, socket, text }) => ({ recordingId, t, socket, text }));
    await this.db.transaction('rw', [this.db.recordings, this.db.recordingFrames], async () => {
      await this.db.recordingFrames.bulkAdd(rows);
      const recording = await this.db.recordings.get(recordingId);
      await this.db.recordings.update(recordingId, { frames: (recording?.frames ?? 0) + rows.length });
    });
  }

  async finish(recordingId: number, endedAt: number): Promise<RecordingInfo | undefined> {
    await this.db.recordings.update(recordingId, { endedAt });
    return this.db.recordings.get(recordingId);
  }

  list(): Promise<RecordingInfo[]> {
    return this.db.recordings.orderBy('startedAt').toArray();
  }

  get(recordingId: number): Promise<RecordingInfo | undefined> {
    return this.db.recordings.get(recordingId);
  }

  async frames(recordingId: number): Promise<InboundFrame[]> {
    const rows: StoredFrame[] = await this.db.recordingFrames.where('recordingId').equals(recordingId).toArray();
    return rows.map(({ t, socket, text }) => ({ t, socket, text }));
  }

  async exportNdjson(recordingId: number): Promise<string> {
    const recording = await this.db.recordings.get(recordingId);
    if (!recording) throw new Error(`no recording ${recordingId}`);
    const frames = await this.frames(recordingId);
    const start = recording.origin === 'live' ? recording.startedAt : (frames[0]?.t ?? 0);
    return frames.map((frame) => `${ndjsonLine(frame, start)}\n`).join('');
  }

  /** Stores an NDJSON file as a recording to replay; its frames keep the file's times, bad lines are reported. */
  async importNdjson(ndjson: string, name: string): Promise<ImportResult> {
    const { frames, problems } = parseNdjson(ndjson);
    const id = await this.create(name, frames[0]?.t ?? 0, 'import');
    await this.append(id, frames);
    await this.db.recordings.update(id, { endedAt: frames.at(-1)?.t ?? 0 });
    const recording = await this.db.recordings.get(id);
    if (!recording) throw new Error(`recording ${id} vanished`);
    return { recording, problems };
  }

  /** Recordings hold one user's company-filtered data: they go when that user logs out or another logs in. */
  async clear(): Promise<void> {
    await this.db.transaction('rw', [this.db.recordings, this.db.recordingFrames], async () => {
      await Promise.all([this.db.recordingFrames.clear(), this.db.recordings.clear()]);
    });
  }

  async delete(recordingId: number): Promise<void> {
    await this.db.transaction('rw', [this.db.recordings, this.db.recordingFrames], async () => {
      await this.db.recordingFrames.where('recordingId').equals(recordingId).delete();
      await this.db.recordings.delete(recordingId);
    });
  }
}
