// `npm run replay -- FILE [--speed N]`: the server without the simulator, serving a recording's frames on the live sockets.
import fs from 'node:fs';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { createServices } from './create-services';
import { parseRecording, parseReplayArgs, replayRecording } from './live/recording';
import { DEMO_ACCOUNTS } from './seed/accounts';

const args = parseReplayArgs(process.argv.slice(2));
if (typeof args === 'string') {
  console.error(args);
  process.exit(2);
}

const recording = parseRecording(fs.readFileSync(args.file, 'utf8'));
for (const problem of recording.problems) console.error(`${args.file}:${problem.line}: skipped, ${problem.reason}`);
const first = recording.frames[0];
const last = recording.frames.at(-1);
if (!first || !last) {
  console.error(`${args.file} holds no frame to replay`);
  process.exit(1);
}

const config = configFromEnv();
const created = await createServices(config);
const app = await buildApp({ services: created.services, staticDir: config.staticDir, logger: process.env.LOG === '1', trustProxy: config.trustProxy });
const address = await app.listen({ host: config.host, port: config.port });
const stop = new AbortController();

console.log(`Fleet Console (replay) is running at ${address}/`);
console.log('Demo accounts:');
for (const a of DEMO_ACCOUNTS) console.log(`  ${a.userName.padEnd(9)} ${a.password.padEnd(12)} ${a.role}`);
const seconds = (last.t - first.t) / 1000 / args.speed;
console.log(`Replaying ${recording.frames.length} frames (${seconds.toFixed(1)} s at speed ${args.speed}) once a console connects…`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stop.abort();
    void app.close().then(() => created.close()).then(() => process.exit(0));
  });
}

/** Frames published before anyone listens are lost, so the replay waits for the first socket (and its open message). */
async function firstSocket(): Promise<void> {
  const sockets = created.services.sockets;
  if (!sockets) throw new Error('the live sockets are not registered');
  while (!stop.signal.aborted) {
    const open = sockets.openCounts();
    if (open.truck + open.alarm > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}

await firstSocket();
const published = await replayRecording(recording.frames, (frame) => created.services.hub.publishRaw(frame), {
  speed: args.speed,
  signal: stop.signal,
});
if (!stop.signal.aborted) console.log(`Replay finished: ${published} frames sent. The server keeps running; Ctrl+C stops it.`);
