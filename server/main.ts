// Starts the server from the environment: database (created and seeded on first start), simulator, routes, console.
import { buildApp } from './app';
import { configFromEnv, type ServerConfig } from './config';
import { createServices, type CreatedServices } from './create-services';
import { DatabaseStartError } from './db/errors';
import { describeTarget } from './db/target';
import { leadFleet, type FleetStart } from './fleet';
import { storeDefaultDays } from './reports/day-store';
import { DEMO_ACCOUNTS } from './seed/accounts';
import { setDisplayZone } from '../domain/format/zone';

/** A setting the environment got wrong. */
class ConfigError extends Error {}

/** A bad setting or an unreachable database is the operator's to fix: one line saying what, no stack trace. */
function refuseToStart(error: unknown): never {
  if (!(error instanceof DatabaseStartError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

async function openServices(): Promise<{ config: ServerConfig; created: CreatedServices }> {
  let config: ServerConfig;
  try {
    config = configFromEnv();
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  return { config, created: await createServices(config) };
}

const started = Date.now();
const { config, created } = await openServices().catch(refuseToStart);
const { services } = created;
// Times in answers and exports for a caller that names no zone (a legacy console) are the deployment's fleet's.
setDisplayZone(config.fleetTimeZone);
function reportSeeded(fleet: FleetStart): void {
  const h = fleet.history;
  console.log(`Seeded ${config.sim.trucks} trucks` + (h ? `, ${h.events} events, ${h.alarms} alarms, ${h.positions} positions of history` : ''));
}
const app = await buildApp({
  services, staticDir: config.staticDir, logger: process.env.LOG === '1', trustProxy: config.trustProxy,
  connectionLimits: { maxPerAddress: config.maxConnectionsPerAddress },
});
// A leader seeds (on the first start) and starts simulating before the server answers.
if (config.sim.enabled) await leadFleet(app, services, config.sim, { onSeeded: reportSeeded }).ready;
const address = await app.listen({ host: config.host, port: config.port });
// In the background: the server answers meanwhile, each grouped report's first call reading its days itself.
const storing = Date.now();
void storeDefaultDays(services.db, services.driver.kind)
  .then((days) => console.log(`Report days stored: ${days} in ${((Date.now() - storing) / 1000).toFixed(1)} s`))
  .catch((error: unknown) => console.error(`Report days not stored: ${error instanceof Error ? error.message : String(error)}`));

console.log(`Fleet Console is running at ${address}/ (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`Database: ${describeTarget(config.database)}${config.sim.enabled ? '' : ' (simulator off)'}`);
if (config.sim.enabled && config.database.kind === 'postgres') console.log('Simulator: runs on whichever instance holds the lock (GET /diagnostics tells)');
const bus = services.hub.status();
if (bus.kind === 'redis') console.log(`Live bus: Redis (${bus.state}), instance ${bus.instanceId}`);
if (config.contract === 'legacy') console.log('Contract: legacy, the specification\'s calls and shapes only (docs/api.md, Legacy mode)');
console.log('Demo accounts:');
for (const a of DEMO_ACCOUNTS) console.log(`  ${a.userName.padEnd(9)} ${a.password.padEnd(12)} ${a.role}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => created.close()).then(() => process.exit(0));
  });
}
