// Vitest globalSetup of the server-pg layer: one throwaway cluster for the run, with a migrated template database that
// every test copies (CREATE DATABASE … TEMPLATE is a file copy, far cheaper than migrating each one).
import type { TestProject } from 'vitest/node';
import { startCluster } from '../../scripts/cluster/local-postgres';
import { openDatabase } from '../../server/db/open';

/** Migrated once per run; each test's database is a copy of it. */
export const TEMPLATE_DATABASE = 'fleet_template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const cluster = await startCluster();
  await cluster.createDatabase(TEMPLATE_DATABASE);
  const template = await openDatabase({ kind: 'postgres', url: cluster.url(TEMPLATE_DATABASE) });
  await template.db.destroy();
  project.provide('postgres', { adminUrl: cluster.url('postgres'), port: cluster.port, password: cluster.password });
  console.log(`PostgreSQL test cluster on 127.0.0.1:${cluster.port}, ready in ${Date.now() - started} ms`);
  return () => cluster.destroy();
}
