// Record and replay: raw frames with receive times, NDJSON both ways, and replays that match the recorded run.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRecording } from '../../server/live/recording';
import { isRecord } from '../../domain/wire/guards';
import { SimulatedClock } from 'xstate';
import type { InboundFrame } from '../../streams/frames';
import { realClock } from '../../workers/live-clock';
import { ndjsonLine, parseNdjson } from '../../workers/recording';
import { replayFrames } from '../../workers/replay';
import { liveFigures, watchAlarms } from '../helpers/live-figures';
import { liveAlarm, statusRow, T0 } from '../helpers/live-frames';
import { harnesses, SESSION, waitFor } from './harness';

const FIXTURE = fs.readFileSync(path.resolve('tests/fixtures/sim-live.ndjson'), 'utf8');
const RECORDED: unknown = JSON.parse(fs.readFileSync(path.resolve('tests/fixtures/sim-live.expected.json'), 'utf8'));
/** The figures the recording run's own pipeline showed (written by tests/fixtures/record-sim.ts), minus its provenance. */
const EXPECTED = isRecord(RECORDED) ? Object.fromEntries(Object.entries(RECORDED).filter(([key]) => key !== 'recordedBy' && key !== 'seed')) : {};

const start = harnesses();

describe('NDJSON', () => {
  it('writes a frame as {t, socket, data} with t from the recording start, and reads it back', () => {
    const line = ndjsonLine({ t: T0 + 250, socket: 'truck', text: '[{"a":1}]' }, T0);
    expect(line).toBe('{"t":250,"socket":"truck","data":[{"a":1}]}');
    expect(parseNdjson(`${line}\n`).frames).toEqual([{ t: 250, socket: 'truck', text: '[{"a":1}]' }]);
  });

  it('keeps a frame that was not JSON as a string, so a replay counts it as bad again', () => {
    const line = ndjsonLine({ t: T0, socket: 'alarm', text: 'garbage' }, T0);
    expect(JSON.parse(line)).toEqual({ t: 0, socket: 'alarm', data: 'garbage' });
  });

  it('reports unreadable lines by number and keeps the rest', () => {
    const text = ['{"t":0,"socket":"truck","data":[]}', 'nope', '', '{"t":-1,"socket":"truck","data":[]}', '{"t":5,"socket":"gps","data":1}', '{"t":5,"socket":"alarm"}'].join('\n');
    const parsed = parseNdjson(text);
    expect(parsed.frames).toHaveLength(1);
    expect(parsed.problems.map((problem) => problem.line)).toEqual([2, 4, 5, 6]);
  });

  it('the server replay reads the simulator fixture without a problem', () => {
    const recording = parseRecording(FIXTURE);
    expect(recording.problems).toEqual([]);
    expect(recording.frames.length).toBe(parseNdjson(FIXTURE).frames.length);
  });
});

describe('replayFrames', () => {
  const frames: InboundFrame[] = [
    { t: 100, socket: 'truck', text: '[]' },
    { t: 1_100, socket: 'alarm', text: '{}' },
    { t: 3_100, socket: 'truck', text: '[]' },
  ];
  const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('paces frames by their recorded gaps divided by the speed, and marks the first status frame as the snapshot', async () => {
    const clock = new SimulatedClock();
    clock.set(T0);
    const pushed: [number, string, boolean | undefined][] = [];
    const done = replayFrames(frames, { speed: 2, clock, stopped: () => false, push: (f) => pushed.push([clock.now() - T0, f.socket, f.snapshot]) });
    await turn();
    clock.increment(499);
    await turn();
    expect(pushed).toHaveLength(1);
    clock.increment(1);
    await turn();
    clock.increment(1_000);
    expect(await done).toBe(3);
    expect(pushed).toEqual([[0, 'truck', true], [500, 'alarm', false], [1_500, 'truck', false]]);
  });

  it('stops when told to', async () => {
    const pushed: InboundFrame[] = [];
    const count = await replayFrames(frames, { speed: 1e6, clock: realClock(), stopped: () => pushed.length === 1, push: (f) => pushed.push(f) });
    expect(count).toBe(1);
  });
});

describe('recording', () => {
  it('records raw inbound frames with their receive times and exports what the server replay accepts', async () => {
    const harness = await start();
    const tab = await harness.tab();
    const started = await tab.api.startRecording('test');
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1 && harness.alarm.connections.length === 1, 'sockets');
    harness.simulated?.increment(1_500);
    harness.truck.latest().send([statusRow({ truckId: 1, status: 3 })]);
    harness.alarm.latest().send('pong');
    harness.alarm.latest().send(liveAlarm({ seq: 3 }));
    await waitFor(() => harness.core.diagnostics().recording?.frames === 2, 'two frames recorded');
    const finished = await tab.api.stopRecording();
    const ndjson = await tab.api.exportRecording(started.id);

    expect(finished).toMatchObject({ frames: 2, startedAt: T0, endedAt: T0 + 1_500, origin: 'live' });
    expect(ndjson.trim().split('\n').map((line): unknown => JSON.parse(line))).toEqual([
      { t: 1_500, socket: 'truck', data: [statusRow({ truckId: 1, status: 3 })] },
      { t: 1_500, socket: 'alarm', data: liveAlarm({ seq: 3 }) },
    ]);
    expect(parseRecording(ndjson).problems).toEqual([]);
  });
});

describe('replay', () => {
  it('replays the simulator fixture without any server and shows what the recorded run showed', async () => {
    const harness = await start({ clock: 'real' });
    const watched = watchAlarms(harness.core);
    const tab = await harness.tab();
    const imported = await tab.api.importRecording(FIXTURE, 'sim-live');
    const progress = await tab.api.replay(imported.recording.id, { speed: 2_000 });
    const expectedAlarms = Array.isArray(EXPECTED['alarms']) ? EXPECTED['alarms'].length : 0;
    await waitFor(() => watched.accepted.length >= expectedAlarms, 'batched alarms');
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(imported.problems).toEqual([]);
    expect(progress).toMatchObject({ state: 'done', pushed: imported.recording.frames, total: imported.recording.frames });
    expect(Object.keys(EXPECTED)).toContain('alarms');
    expect(liveFigures(harness.core, watched)).toEqual(EXPECTED);
    expect(harness.core.snapshot().status.source).toBe('replay');
    expect(harness.truck.connections.length + harness.alarm.connections.length).toBe(0);
    expect(await harness.db.trucks.count()).toBe(0);
  });

  it('replays an exported recording with the same counts and bad frames as the live run', async () => {
    const harness = await start({ clock: 'real' });
    const tab = await harness.tab();
    const started = await tab.api.startRecording('live');
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1 && harness.alarm.connections.length === 1, 'sockets');
    harness.truck.latest().send([statusRow({ truckId: 1, status: 2 }), statusRow({ truckId: 2, status: 0 }), { junk: true }]);
    harness.alarm.latest().send('{"broken":');
    harness.alarm.latest().send(liveAlarm({ seq: 1, type: 201 }));
    await waitFor(() => harness.core.diagnostics().frames.alarmFrames === 1, 'live frames');
    const live = harness.core.diagnostics().frames;
    const liveCounts = harness.core.snapshot().status.counts;
    await tab.api.stopRecording();
    const ndjson = await tab.api.exportRecording(started.id);

    const imported = await tab.api.importRecording(ndjson, 'again');
    await tab.api.replay(imported.recording.id, { speed: 100 });

    const tally = ({ truckFrames, alarmFrames, badFrames, badRows }: typeof live) => ({ truckFrames, alarmFrames, badFrames, badRows });
    expect(tally(harness.core.diagnostics().frames)).toEqual(tally(live));
    expect(tally(live)).toEqual({ truckFrames: 1, alarmFrames: 1, badFrames: 1, badRows: 1 });
    expect(harness.core.snapshot().status.counts).toEqual(liveCounts);
  });

  it('goes back to the stored state and the live sockets when the replay stops', async () => {
    const harness = await start({ clock: 'real' });
    const tab = await harness.tab();
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1, 'truck socket');
    harness.truck.latest().send([statusRow({ truckId: 9, status: 4 })]);
    await waitFor(() => harness.core.snapshot().status.trucks === 1, 'live row');
    await harness.core.idle();
    const imported = await tab.api.importRecording(FIXTURE, 'sim-live');
    await tab.api.replay(imported.recording.id, { speed: 5_000 });
    expect(harness.core.snapshot().status.trucks).toBe(30);

    await tab.api.stopReplay();
    await waitFor(() => harness.truck.connections.length === 2, 'reconnected');

    expect(harness.core.snapshot().status).toMatchObject({ trucks: 1, source: 'hydrated' });
    expect(harness.core.snapshot().trucks.map((truck) => truck.key)).toEqual(['id:9']);
  });
});

describe('recordings and the session', () => {
  it('forgets recordings at logout, so the next user of the browser cannot export them', async () => {
    const harness = await start();
    const tab = await harness.tab();
    await tab.api.connect(SESSION);
    await tab.api.startRecording('shift');
    await tab.api.stopRecording();
    expect(await tab.api.recordings()).toHaveLength(1);
    await tab.api.logout();
    expect(await tab.api.recordings()).toEqual([]);
  });

  it('connects the sockets again after a logout that interrupted a replay', async () => {
    const harness = await start({ clock: 'real' });
    const tab = await harness.tab();
    await tab.api.connect(SESSION);
    await waitFor(() => harness.truck.connections.length === 1, 'first sockets');
    const imported = await tab.api.importRecording(FIXTURE, 'sim-live');
    void tab.api.replay(imported.recording.id, { speed: 0.001 });
    await waitFor(() => harness.core.diagnostics().replay !== undefined, 'replay running');
    await tab.api.logout();
    await tab.api.connect({ ...SESSION, token: 'token-2' });
    await waitFor(() => harness.truck.connections.length === 2 && harness.alarm.connections.length === 2, 'sockets after login');
  });
});
