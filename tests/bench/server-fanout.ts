// `npm run bench:server`: the real server in its own process with a 10,000-truck fleet; 1,000 alarm sockets on
// loopback; alarms raised at 50/s. Prints the fan-out latency (server insert → client receive) and server memory.
import WebSocket from 'ws';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { SOCKET_PATHS } from '../../domain/wire/sockets';
import { adminToken, api, fanoutLines, measureFanout } from './fanout';
import { startServerProcess } from './server-process';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1_000);
const TRUCKS = Number(process.env.BENCH_TRUCKS ?? 10_000);
const RATE = Number(process.env.BENCH_ALARMS_PER_S ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

const server = await startServerProcess({ SIM_TRUCKS: String(TRUCKS), SIM_BACKFILL_DAYS: '0', SIM_ALARM_RATE: '0' });
const { base } = server;
const token = await adminToken(base);

const snapshotStart = Date.now();
const truckSocket = new WebSocket(`${base.replace('http', 'ws')}${SOCKET_PATHS.truck}`);
await new Promise<void>((resolve) => truckSocket.once('open', () => resolve()));
const snapshotRows = await new Promise<number>((resolve) => {
  truckSocket.once('message', (data) => resolve((JSON.parse(String(data)) as unknown[]).length));
  truckSocket.send(JSON.stringify({ frequency: 30, msgType: 0, userPri: [], token }));
});
const snapshotMs = Date.now() - snapshotStart;

const result = await measureFanout({ socketBases: [base], raiseBase: base, token, clients: CLIENTS, ratePerSecond: RATE, seconds: SECONDS });
const diagnostics = await api<Diagnostics>(base, 'GET', '/diagnostics', token);

console.log(`fleet ${TRUCKS} trucks; ${CLIENTS} alarm sockets; ${result.alarms} alarms at ${RATE}/s over ${SECONDS} s`);
for (const line of fanoutLines(result)) console.log(line);
console.log(`status snapshot of ${snapshotRows} rows in ${snapshotMs} ms`);
console.log(`server memory ${(diagnostics.memoryBytes / 1024 / 1024).toFixed(0)} MB RSS; database ${(diagnostics.databaseBytes / 1024 / 1024).toFixed(0)} MB`);

truckSocket.terminate();
await server.stop();
