// `npm run cluster [-- --instances N] [--port P]`: the scaled-out deployment on this machine (scripts/cluster/),
// until Ctrl-C, which stops everything it started and removes its data.
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '../server/seed/accounts';
import { startLocalCluster } from './cluster/start-cluster';

const USAGE = 'usage: npm run cluster -- [--instances N (1–8, default 2)] [--port P (nginx, default a free port)]';

function options(): { instances: number; port: number | undefined } {
  const { values } = parseArgs({ options: { instances: { type: 'string', default: '2' }, port: { type: 'string' } } });
  const instances = Number(values.instances);
  const port = values.port === undefined ? undefined : Number(values.port);
  if (!Number.isInteger(instances) || instances < 1 || instances > 8) throw new Error(`--instances must be 1 to 8, got "${values.instances}"`);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65_535)) throw new Error(`--port must be 1 to 65535, got "${values.port}"`);
  return { instances, port };
}

let settings: ReturnType<typeof options>;
try {
  settings = options();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(USAGE);
  process.exit(2);
}

const started = Date.now();
let ready = false;
const cluster = await startLocalCluster({
  ...settings,
  onStep: (message) => console.log(message),
  // The instances' own start banners repeat what is printed below; their seeding, errors and later lines matter.
  onLine: (id, line, stream) => {
    if (line.trim() === '' || (!ready && stream === 'stdout' && !line.startsWith('Seeded'))) return;
    (stream === 'stderr' ? console.error : console.log)(`[${id}] ${line}`);
  },
}).catch((error: unknown) => {
  console.error(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

ready = true;
let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  console.log('Stopping nginx, the instances, Redis and PostgreSQL…');
  await cluster.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

console.log('');
console.log(`Fleet Console cluster is running at ${cluster.url}/ (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
for (const instance of cluster.instances) console.log(`  ${instance.id} at ${instance.base}/ (GET /truckmanage/api/diagnostics tells its role)`);
console.log(`  PostgreSQL ${cluster.databaseUrl}`);
console.log(`  Redis ${cluster.redis.url}`);
console.log('Demo accounts:');
for (const a of DEMO_ACCOUNTS) console.log(`  ${a.userName.padEnd(9)} ${a.password.padEnd(12)} ${a.role}`);
console.log('Ctrl-C stops everything and removes its data.');
