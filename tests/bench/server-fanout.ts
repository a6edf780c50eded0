// `npm run bench:server`: the real server in its own process with a 10,000-truck fleet; 1,000 alarm sockets on
// loopback; alarms raised at 50/s. Prints the fan-out latency (server insert → client receive) and server memory.
import { EVERY_TYPE_LIST } from '../../src/domain/alarm-types';
import WebSocket from 'ws';
import type { Diagnostics } from '../../server/routes/diagnostics';
import type { Envelope } from '../../src/domain/wire/envelope';
import type { LoginAnswer } from '../../src/domain/wire/entities';
import { SOCKET_PATHS } from '../../src/domain/wire/sockets';
import { startServerProcess } from './server-process';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1_000);
const TRUCKS = Number(process.env.BENCH_TRUCKS ?? 10_000);
const RATE = Number(process.env.BENCH_ALARMS_PER_S ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

const server = await startServerProcess({ SIM_TRUCKS: String(TRUCKS), SIM_BACKFILL_DAYS: '0', SIM_ALARM_RATE: '0' });
const { base } = server;

async function api<T>(method: string, route: string, token?: string, form?: Record<string, string>): Promise<T> {
  const response = await fetch(`${base}/truckmanage/api${route}`, {
    method,
    headers: { ...(token ? { 'header-id': token } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const body = (await response.json()) as Envelope<T>;
  if (body.resultCode !== 200) throw new Error(`${route}: ${body.message}`);
  return body.data;
}

const token = (await api<LoginAnswer>('POST', '/login', undefined, { username: 'admin', password: 'admin123' }))['header-id'];
const latencies: number[] = [];
const sockets: WebSocket[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}${SOCKET_PATHS.alarm}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('message', (data) => {
    const now = Date.now();
    const alarm = JSON.parse(String(data)) as { insertTime: number };
    latencies.push(now - alarm.insertTime);
  });
  ws.send(JSON.stringify({ typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'admin', token }));
  sockets.push(ws);
}
const snapshotStart = Date.now();
const truckSocket = new WebSocket(`${base.replace('http', 'ws')}${SOCKET_PATHS.truck}`);
await new Promise<void>((resolve) => truckSocket.once('open', () => resolve()));
const snapshotRows = await new Promise<number>((resolve) => {
  truckSocket.once('message', (data) => resolve((JSON.parse(String(data)) as unknown[]).length));
  truckSocket.send(JSON.stringify({ frequency: 30, msgType: 0, userPri: [], token }));
});
const snapshotMs = Date.now() - snapshotStart;
await new Promise((resolve) => setTimeout(resolve, 1_000));

const total = RATE * SECONDS;
const started = Date.now();
for (let i = 0; i < total; i++) {
  const due = started + (i * 1000) / RATE;
  const wait = due - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  void api('POST', '/sim/alarm', token, { type: String([201, 202, 203, 205, 2, 7][i % 6]) });
}
await new Promise((resolve) => setTimeout(resolve, 3_000));
const diagnostics = await api<Diagnostics>('GET', '/diagnostics', token);

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
console.log(`fleet ${TRUCKS} trucks; ${CLIENTS} alarm sockets; ${total} alarms at ${RATE}/s over ${SECONDS} s`);
console.log(`deliveries ${latencies.length} of ${total * CLIENTS} expected`);
console.log(`fan-out latency p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)} ms`);
console.log(`status snapshot of ${snapshotRows} rows in ${snapshotMs} ms`);
console.log(`server memory ${(diagnostics.memoryBytes / 1024 / 1024).toFixed(0)} MB RSS; database ${(diagnostics.databaseBytes / 1024 / 1024).toFixed(0)} MB`);

for (const ws of sockets) ws.terminate();
truckSocket.terminate();
await server.stop();
