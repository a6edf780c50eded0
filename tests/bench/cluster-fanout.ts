// `npm run bench:cluster`: alarm fan-out of two instances on PostgreSQL + Redis (behind the cluster's nginx, but
// measured on the instances themselves, the sockets split between them), next to one instance on SQLite in the same
// run: 10,000 trucks, 1,000 alarm sockets, alarms at 50/s for 20 s. Goal: every alarm delivered, p99 under 50 ms.
import { startLocalCluster } from '../../scripts/cluster/start-cluster';
import type { Diagnostics } from '../../server/routes/diagnostics';
import { adminToken, api, fanoutLines, measureFanout, type FanoutPlan } from './fanout';
import { startServerProcess } from './server-process';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1_000);
const TRUCKS = String(process.env.BENCH_TRUCKS ?? 10_000);
const RATE = Number(process.env.BENCH_ALARMS_PER_S ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** The simulator's own alarms off: only the benchmark's are counted. */
const FLEET = { SIM_TRUCKS: TRUCKS, SIM_BACKFILL_DAYS: '0', SIM_ALARM_RATE: '0' };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const shape = { clients: CLIENTS, ratePerSecond: RATE, seconds: SECONDS } satisfies Partial<FanoutPlan>;
console.log(`fleet ${TRUCKS} trucks; ${CLIENTS} alarm sockets; ${RATE * SECONDS} alarms at ${RATE}/s over ${SECONDS} s`);

{
  const server = await startServerProcess(FLEET);
  const token = await adminToken(server.base);
  const result = await measureFanout({ ...shape, socketBases: [server.base], raiseBase: server.base, token });
  const memory = (await api<Diagnostics>(server.base, 'GET', '/diagnostics', token)).memoryBytes;
  console.log('');
  console.log('one instance, SQLite, in-process hub:');
  for (const line of fanoutLines(result)) console.log(`  ${line}`);
  console.log(`  memory ${mb(memory)} RSS`);
  await server.stop();
}

{
  const started = Date.now();
  const cluster = await startLocalCluster({ instances: 2, env: FLEET });
  try {
    const ready = ((Date.now() - started) / 1000).toFixed(1);
    const token = await adminToken(cluster.url);
    const bases = cluster.instances.map((instance) => instance.base);
    const roles = await Promise.all(bases.map(async (base) => (await api<Diagnostics>(base, 'GET', '/diagnostics', token)).instance));
    const leader = bases[roles.findIndex((role) => role.role === 'leader')];
    if (!leader) throw new Error(`no simulator leader among ${JSON.stringify(roles)}`);
    const result = await measureFanout({ ...shape, socketBases: bases, raiseBase: leader, token });
    const memories = await Promise.all(bases.map(async (base) => (await api<Diagnostics>(base, 'GET', '/diagnostics', token)).memoryBytes));
    console.log('');
    console.log(`two instances, PostgreSQL + Redis (cluster up in ${ready} s; alarms raised on the simulator leader):`);
    for (const line of fanoutLines(result)) console.log(`  ${line}`);
    roles.forEach((role, i) => {
      const own = result.perBase[i];
      console.log(
        `  ${role.id} (${role.role}): ${own?.delivered} deliveries to its ${CLIENTS / bases.length} sockets, p50 ${own?.p50} ms, ` +
          `p99 ${own?.p99} ms; memory ${mb(memories[i] ?? NaN)} RSS`,
      );
    });
  } finally {
    await cluster.close();
  }
}
